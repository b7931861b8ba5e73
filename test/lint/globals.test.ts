import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repo's own ESLint config, run on code that is not in the repo. */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

describe('globals by where code runs (eslint)', () => {
  const globalErrors = async (filePath: string, source: string): Promise<number> => {
    const [result] = await eslint.lintText(source, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-globals').length;
  };

  it.each([
    ['web/src/lib/x.ts', 'export const mode = process.env.NODE_ENV;\n'],
    ['web/src/lib/x.ts', "export const bytes = Buffer.from('a');\n"],
    ['shared/x.ts', 'export const width = window.innerWidth;\n'],
    ['shared/x.ts', 'export const mode = process.env.NODE_ENV;\n'],
  ])('refuses the other side’s global in %s', async (filePath, source) => {
    expect(await globalErrors(filePath, source)).toBe(1);
  });

  it.each([
    ['web/src/lib/x.ts', 'export const width = window.innerWidth;\n'],
    ['lambdas/lib/x.ts', 'export const mode = process.env.NODE_ENV;\n'],
    ['test/web/x.test.ts', 'export const bytes = Buffer.from(document.title);\n'],
  ])('allows its own side’s globals in %s', async (filePath, source) => {
    expect(await globalErrors(filePath, source)).toBe(0);
  });
});
