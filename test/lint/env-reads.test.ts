/**
 * One way of reading the environment in lambdas/: lambdas/lib/env.ts (requireEnv, optionalEnv,
 * intEnv, amountEnv). Any other file of lambdas/ that touches process.env fails here, with where.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const THE_ONE = 'lambdas/lib/env.ts';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('environment reads in lambdas/', () => {
  it(`go through ${THE_ONE} only`, () => {
    const offenders = files(join(ROOT, 'lambdas'))
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== THE_ONE)
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => /process\s*\.\s*env|process\s*\[\s*['"]env/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
