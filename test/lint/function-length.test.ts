/**
 * Functions read in one sitting (docs/architecture.md, "Code size"): ESLint's max-lines-per-function
 * with one limit for React components and one for other functions, test files' describe and it
 * callbacks left out. A long function planted in each kind of file is refused, one line shorter it
 * passes; the files the limit skips for now each still hold a function too long (a file leaves the
 * list once split).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
/** The repo's own ESLint config, run on code that is not in the repo. */
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'max-lines-per-function';

/** The rule's setting for a file at `filePath`: its limit, or undefined when it is off. */
async function limitFor(filePath: string): Promise<number | undefined> {
  const config = (await eslint.calculateConfigForFile(filePath)) as Linter.Config;
  const setting = config.rules?.[RULE];
  if (!Array.isArray(setting) || setting[0] === 0 || setting[0] === 'off') return undefined;
  return (setting[1] as { max: number }).max;
}

const FOLDERS = ['lambdas', 'shared', 'web/src', 'infra', 'local', 'bench', 'test'];
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });

const lengthErrors = async (filePath: string, source: string): Promise<number> => {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).length;
};

/** A function of `lines` lines of code (its own two lines included), blank lines and comments between. */
const component = (lines: number) =>
  `export function Big() {\n${'  const a = 1;\n\n  // a note\n'.repeat(lines - 3)}  return <p>{a}</p>;\n}\n`;
const plain = (lines: number) =>
  `export function big(): number {\n${'  let a = 1;\n\n  /* a note */\n'.repeat(lines - 3)}  return a;\n}\n`;

describe('function length (eslint)', () => {
  it('gives components 120 lines and other functions 80, tests none', async () => {
    expect(await limitFor('web/src/features/admin/routes/x.tsx')).toBe(120);
    expect(await limitFor('web/src/lib/x.ts')).toBe(80);
    expect(await limitFor('lambdas/lib/x.ts')).toBe(80);
    expect(await limitFor('test/support/x.ts')).toBe(80);
    expect(await limitFor('test/web/x.test.tsx')).toBeUndefined();
    expect(await limitFor('test/e2e/x.e2e.ts')).toBeUndefined();
  });

  it.each([
    ['web/src/features/admin/components/x.tsx', component, 120],
    ['web/src/features/visitor/hooks/x.ts', plain, 80],
    ['lambdas/handlers/x.ts', plain, 80],
    ['infra/constructs/x.ts', plain, 80],
    ['test/support/x.ts', plain, 80],
  ])('refuses a function one line over the limit in %s', async (filePath, make, max) => {
    expect(await lengthErrors(filePath, make(max + 1))).toBe(1);
    expect(await lengthErrors(filePath, make(max))).toBe(0);
  });

  it('leaves the describe and it callbacks of test files alone', async () => {
    const cases = "  it('adds', () => {\n    expect(1 + 1).toBe(2);\n  });\n".repeat(100);
    const source = `import { describe, expect, it } from 'vitest';\ndescribe('many', () => {\n${cases}});\n`;
    expect(await lengthErrors('test/lambdas/x.test.ts', source)).toBe(0);
  });

  it('skips only files that still hold a function too long', async () => {
    const code = FOLDERS.flatMap((folder) => files(join(ROOT, folder))).filter(
      (file) => !/\.(test|e2e)\.tsx?$/.test(file),
    );
    const skipped: string[] = [];
    for (const file of code) if ((await limitFor(file)) === undefined) skipped.push(file);
    expect(skipped.length).toBeGreaterThan(0);
    const strict = (max: number) =>
      new ESLint({
        cwd: ROOT,
        overrideConfig: [
          {
            rules: {
              [RULE]: ['error', { max, skipBlankLines: true, skipComments: true, IIFEs: true }],
            },
          },
        ],
      });
    const short: string[] = [];
    for (const file of skipped) {
      // The limit of a file of the same kind that is not skipped.
      const max = (await limitFor(file.replace(/[^/]+$/, (name) => `x-${name}`)))!;
      const [result] = await strict(max).lintFiles([file]);
      if (!result?.messages.some((m) => m.ruleId === RULE)) short.push(file);
    }
    expect(short).toEqual([]);
  }, 60_000);
});
