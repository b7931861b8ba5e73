/**
 * The README shows the capacity tables that `npm run bench:capacity` writes to docs/capacity.md,
 * between the same markers: the two copies must be the same text, so they never drift.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPACITY_MARKERS, markedSection } from '../../bench/capacity-markers';
import { SMS_PRICE_USD_DEFAULT } from '../../shared/constants';

const ROOT = new URL('../..', import.meta.url).pathname;
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('capacity tables in the README', () => {
  it('are the ones docs/capacity.md has, quota table, first ceiling and cost included', () => {
    const doc = markedSection(read('docs/capacity.md'));
    const readme = markedSection(read('README.md'));

    expect(doc, `docs/capacity.md has no ${CAPACITY_MARKERS.start} section`).toBeDefined();
    expect(doc).toMatch(/^\| quota +\|/m);
    expect(doc).toMatch(/\*\*First ceiling/);
    expect(doc).toMatch(/\| \*\*total\*\*/);
    expect(readme).toBe(doc);
  });

  it('price SMS at the one SMS price (shared/constants SMS_PRICE_USD_DEFAULT), everywhere', () => {
    const readme = read('README.md');
    const price = String(SMS_PRICE_USD_DEFAULT);
    expect(markedSection(read('docs/capacity.md'))).toContain(`SMS sent x $${price} per message`);
    expect(readme).toContain(`| SNS SMS to Australian mobiles | USD ${price} per message`);
    expect(readme).toMatch(
      new RegExp(`\\| \`smsPriceUsd\` +\\| ${price.replace('.', '\\.')} +\\|`),
    );
    expect(read('docs/deploy.md')).toContain(`USD ${price} a message`);
    // The figures this replaced.
    expect(readme).not.toMatch(/USD 0\.04 per message|smsPriceAud +\|/);
  });
});
