/**
 * No dead exports: every exported value is imported somewhere in the repo (types may stay
 * exported; they cost nothing at run time and document shapes). The only exceptions are the
 * entry points other tools load by name, listed below with who loads them.
 *
 * Nor does code outside test/ export anything only tests use (issue 29): the same analysis over
 * every file but test/ must find nothing either, so a test reaches the code through what the app
 * itself uses (a public function, a constant of shared/, the config the app is given), not
 * through an export kept for it.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { analyzeTsConfig } from 'ts-unused-exports';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const SKIPPED_DIRS = new Set(['node_modules', 'cdk.out', 'dist', '.local', '.git', 'test-results']);

/** Exports loaded by name from outside our own imports. */
const ENTRY_POINTS: { path: RegExp; name: string; loadedBy: string }[] = [
  { path: /^lambdas\/(handlers|triggers|custom-resources)\//, name: 'handler', loadedBy: 'Lambda' },
  {
    path: /^lambdas\/lib\/env-credentials\.ts$/,
    name: 'defaultProvider',
    loadedBy: 'the SDK clients in a bundle (BUNDLE_ALIASES, infra/function-defaults.ts)',
  },
  { path: /^[^/]+\.config\.ts$/, name: 'default', loadedBy: 'Vite and Vitest' },
  { path: /^test\/(setup|e2e\/setup)\//, name: 'default', loadedBy: 'Vitest globalSetup' },
  { path: /^web\/src\/features\/[^/]+\/routes\//, name: 'Component', loadedBy: 'route lazy()' },
];

function sourceFiles(dir: string, skipped: ReadonlySet<string>): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(path, skipped);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `file: name` of each exported value of `files` that none of `files` imports, entry points aside. */
function unusedExports(files: string[]): string[] {
  const analysis = analyzeTsConfig(join(ROOT, 'tsconfig.json'), [
    ...files.map((file) => relative(ROOT, file)),
    '--allowUnusedTypes',
  ]);
  return Object.entries(analysis.unusedExports).flatMap(([file, names]) =>
    names
      .map((entry) => ({ file: relative(ROOT, file), name: entry.exportName }))
      .filter(
        ({ file, name }) =>
          !ENTRY_POINTS.some((entry) => entry.path.test(file) && entry.name === name),
      )
      .map(({ file, name }) => `${file}: ${name}`),
  );
}

describe('unused exports (ts-unused-exports)', () => {
  it('finds no exported value that nothing imports', () => {
    expect(unusedExports(sourceFiles(ROOT, SKIPPED_DIRS))).toEqual([]);
  }, 120_000);

  it('finds no export of code outside test/ that only tests import', () => {
    // The top-level test/ folder only: web/src has no test folder of its own.
    const withoutTests = sourceFiles(ROOT, SKIPPED_DIRS).filter(
      (file) => !relative(ROOT, file).startsWith('test/'),
    );
    expect(unusedExports(withoutTests)).toEqual([]);
  }, 120_000);
});
