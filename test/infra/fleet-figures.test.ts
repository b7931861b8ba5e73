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
import { fleetFigures, idleLine, type FleetFigures } from './fleet-figures';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
/** Markdown with table padding and line breaks collapsed, as prettier may lay it out. */
const flat = (text: string) => text.replace(/\s+/g, ' ').replace(/ \|/g, '|').replace(/\| /g, '|');

let figures: FleetFigures;
beforeAll(() => {
  figures = fleetFigures();
}, 300_000);

describe('fleet figures', () => {
  it("docs/capacity.md's shops per account are the templates' counts, and the first ceiling is named", () => {
    const doc = flat(read('docs/capacity.md'));
    for (const row of figures.rows) {
      const cells = new RegExp(
        `\\|${row.name.replace(/[()]/g, '\\$&')} \\(${row.quota.toLocaleString('en-US')}\\)\\|([^|]+)\\|([^|]+)\\|([^|]+)\\|`,
      ).exec(doc);
      expect(cells, row.name).not.toBeNull();
      expect(cells![2]!.startsWith(String(row.perShop)), `${row.name}: ${cells![2]}`).toBe(true);
      if (row.shops === Infinity) expect(cells![3]).toContain('none used by a shop');
      else expect(cells![3]!.replace(/\*/g, '')).toMatch(new RegExp(`^${row.shops}\\b`));
    }
    expect(doc).toContain(
      `**First ceiling:** ${figures.firstCeiling.name}, at ${figures.firstCeiling.shops} shops`,
    );
  });

  it("docs/operations.md states an idle shop's cost as the templates give it", () => {
    expect(flat(read('docs/operations.md'))).toContain(flat(idleLine(figures)));
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
