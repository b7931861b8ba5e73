/**
 * The capacity figures (quotas, the first ceiling, the viral hour's bill) that
 * `npm run bench:capacity` writes live in one place, docs/capacity.md between the markers: no other
 * document copies them, so no copy can drift. The README and the other docs link to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPACITY_MARKERS } from '../../bench/capacity-markers';
import { SMS_PRICE_USD_DEFAULT } from '@shared/constants';

const ROOT = new URL('../..', import.meta.url).pathname;
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const DOCUMENTS = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter(
  (file) => file.endsWith('.md'),
);

/** The text from the start marker to the end marker, both included; undefined without them. */
function markedSection(markdown: string): string | undefined {
  const start = markdown.indexOf(CAPACITY_MARKERS.start);
  const end = markdown.indexOf(CAPACITY_MARKERS.end, start);
  if (start < 0 || end < 0) return undefined;
  return markdown.slice(start, end + CAPACITY_MARKERS.end.length);
}

describe('capacity figures', () => {
  it('are in docs/capacity.md: quota table, first ceiling and cost', () => {
    const doc = markedSection(read('docs/capacity.md'));

    expect(doc, `docs/capacity.md has no ${CAPACITY_MARKERS.start} section`).toBeDefined();
    expect(doc).toMatch(/^\| quota +\|/m);
    expect(doc).toMatch(/\*\*First ceiling/);
    expect(doc).toMatch(/\| \*\*total\*\*/);
  });

  it('are in no other document, which links to docs/capacity.md instead', () => {
    const copies = DOCUMENTS.filter(
      (file) =>
        file !== 'docs/capacity.md' &&
        (read(file).includes(CAPACITY_MARKERS.start) || /^\| quota +\|/m.test(read(file))),
    );
    expect(copies).toEqual([]);
    expect(read('README.md')).toContain('](docs/capacity.md)');
  });

  it('price SMS at the one SMS price (shared/constants SMS_PRICE_USD_DEFAULT), everywhere', () => {
    const operations = read('docs/operations.md');
    const price = String(SMS_PRICE_USD_DEFAULT);
    expect(markedSection(read('docs/capacity.md'))).toContain(`SMS sent x $${price} per message`);
    expect(operations).toContain(`| SNS SMS to Australian mobiles | USD ${price} per message`);
    expect(operations).toMatch(
      new RegExp(`\\| \`smsPriceUsd\` +\\| ${price.replace('.', '\\.')} +\\|`),
    );
    expect(read('docs/deploy.md')).toContain(`USD ${price} a message`);
    // The figures this replaced.
    const everywhere = DOCUMENTS.map(read).join('\n');
    expect(everywhere).not.toMatch(/USD 0\.04 per message|smsPriceAud +\||AUD 0\.06/);
  });
});
