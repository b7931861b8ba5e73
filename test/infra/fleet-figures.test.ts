/**
 * The fleet's figures in the docs, checked against the synthesized templates (a shop's stacks and
 * the account base, test/infra/fleet-figures.ts): what a shop takes of each default quota and how
 * many shops fit (docs/capacity.md), what an idle shop costs (docs/operations.md), and the counts
 * docs/deploy.md quotes. A change to the stacks that moves a figure fails here until the docs say it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/deploy-config';
import { fleetFigures, idleLine, shopsLine, type FleetFigures } from './fleet-figures';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
/** Markdown with table padding and line breaks collapsed, as prettier may lay it out. */
const flat = (text: string) => text.replace(/\s+/g, ' ').replace(/ \|/g, '|').replace(/\| /g, '|');

let figures: FleetFigures;
beforeAll(() => {
  figures = fleetFigures();
}, 300_000);

/** Issue 42's targets for a fleet in one account and region. */
const SHOPS_PER_ACCOUNT_TARGET = 100;
const IDLE_USD_PER_SHOP_TARGET = 3;

describe('fleet figures', () => {
  it(`fits at least ${SHOPS_PER_ACCOUNT_TARGET} shops in one account and region before any default quota`, () => {
    // Before: 43 IAM roles a shop (one per function), 23 shops.
    for (const row of figures.rows)
      expect(row.shops, `${row.name}: ${row.perShop} a shop`).toBeGreaterThanOrEqual(
        SHOPS_PER_ACCOUNT_TARGET,
      );
  });

  it(`costs at most USD ${IDLE_USD_PER_SHOP_TARGET} a month for each added idle shop`, () => {
    // Before: USD 3.20 (4 secrets, 16 alarm metrics).
    expect(figures.idle.usd).toBeLessThanOrEqual(IDLE_USD_PER_SHOP_TARGET);
  });

  it("docs/capacity.md's shops per account are the templates' counts, and the first ceiling is named", () => {
    const doc = flat(read('docs/capacity.md'));
    for (const row of figures.rows) {
      const cells = new RegExp(
        `\\|${row.name.replace(/[()]/g, '\\$&')} \\(${row.quota.toLocaleString('en-US')}\\)\\|([^|]+)\\|([^|]+)\\|([^|]+)\\|`,
      ).exec(doc);
      expect(cells, row.name).not.toBeNull();
      expect(cells![2]!.startsWith(String(row.perShop)), `${row.name}: ${cells![2]}`).toBe(true);
      if (row.shops === Infinity) expect(cells![3]).toContain('none used by a shop');
      else
        expect(cells![3]!.replace(/\*/g, '')).toMatch(
          new RegExp(`^${row.shops.toLocaleString('en-US')}\\b`),
        );
    }
    expect(doc).toContain(
      `**First ceiling:** ${figures.firstCeiling.name}, at ${figures.firstCeiling.shops} shops`,
    );
    expect(doc).toContain(
      `**Next ceiling:** ${figures.nextCeiling.names}, at ${figures.nextCeiling.shops} shops`,
    );
  });

  it("docs/operations.md states an idle shop's cost and the shops an account holds as the templates give them", () => {
    expect(flat(read('docs/operations.md'))).toContain(flat(idleLine(figures)));
    expect(flat(read('docs/operations.md'))).toContain(flat(shopsLine(figures)));
  });

  it("docs/deploy.md quotes the shop template's resources, alarms and metrics", () => {
    const doc = flat(read('docs/deploy.md'));
    expect(doc).toContain(`${figures.shopResources} resources`);
    expect(doc).toContain(
      `${figures.shopAlarms} alarms watching ${figures.shopAlarmMetrics} metrics`,
    );
    expect(doc).toContain(`the account base's ${figures.baseAlarms} alarms`);
  });
});
