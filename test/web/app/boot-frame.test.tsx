/** index.html paints the same frame the router shows while the first screen loads. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BootFrame } from '../../../web/src/app/boot-frame';

const INDEX_HTML = resolve(import.meta.dirname, '../../../web/index.html');

/** The markup inside #root, with the whitespace between tags removed. */
function rootMarkup(html: string): string {
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1] ?? '';
  return root.replace(/>\s+</g, '><').trim();
}

describe('boot frame', () => {
  it('is painted by index.html exactly as the router renders it', () => {
    const html = readFileSync(INDEX_HTML, 'utf8');
    expect(rootMarkup(html)).not.toBe('');
    expect(rootMarkup(html)).toBe(renderToStaticMarkup(<BootFrame />));
  });
});
