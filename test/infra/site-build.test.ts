/**
 * `npx cdk deploy` on a fresh clone: the app builds web/dist itself when it is missing or older
 * than its sources (infra/site-build.ts), instead of stopping with "run npm run build first".
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureSiteBuilt } from '../../infra/site-build';
import { scratchDir } from '../support/scratch';

/** Which site folders a build was asked for. */
function builds(root: string, dist: string): { reason: string | undefined; built: string[] } {
  const built: string[] = [];
  const reason = ensureSiteBuilt(root, dist, (_root, dir) => built.push(dir));
  return { reason, built };
}

/** A repository-shaped folder: web/src/main.tsx and shared/x.ts, files dated `at` (seconds). */
function repo(at: number): string {
  const root = scratchDir('spin-repo');
  for (const file of ['web/src/main.tsx', 'shared/x.ts']) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '//');
    utimesSync(join(root, file), at, at);
  }
  return root;
}

function build(root: string, at: number): string {
  const dist = join(root, 'web/dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  utimesSync(join(dist, 'index.html'), at, at);
  return dist;
}

describe('the site a deploy ships', () => {
  it('is built when there is none (a fresh clone)', () => {
    const root = repo(1_000);
    const { reason, built } = builds(root, join(root, 'web/dist'));
    expect(reason).toMatch(/^no built site at /);
    expect(built).toEqual([join(root, 'web/dist')]);
  });

  it('is built again when a source is newer than the build, and left alone otherwise', () => {
    const root = repo(1_000);
    const dist = build(root, 2_000);
    expect(builds(root, dist)).toEqual({ reason: undefined, built: [] });
    utimesSync(join(root, 'shared/x.ts'), 3_000, 3_000);
    expect(builds(root, dist)).toEqual({
      reason: 'shared changed since the site was built',
      built: [dist],
    });
  });
});
