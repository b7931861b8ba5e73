import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repo's own ESLint config, run on code that is not in the repo. */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('dependency zones (eslint)', () => {
  it.each([
    ['lambdas/handlers/x.ts', "import { TABLES } from '../../infra/definitions';\nvoid TABLES;\n"],
    [
      'lambdas/handlers/x.ts',
      "import { startStack } from '../../local/stack';\nvoid startStack;\n",
    ],
    ['web/src/lib/x.ts', "import { TABLES } from '../../../infra/definitions';\nvoid TABLES;\n"],
    ['web/src/lib/x.ts', "import { http } from '../../../lambdas/lib/http';\nvoid http;\n"],
    ['shared/x.ts', "import { http } from '../lambdas/lib/http';\nvoid http;\n"],
    ['shared/x.ts', "import { useState } from 'react';\nvoid useState;\n"],
    ['infra/x.ts', "import { startStack } from '../local/stack';\nvoid startStack;\n"],
    [
      'web/src/features/visitor/routes/x.tsx',
      "import { UsersTable } from '../../staff/components/users-table';\nvoid UsersTable;\n",
    ],
    ['web/src/features/admin/x.ts', "import { a } from '../visitor/lib/wheel-items';\nvoid a;\n"],
  ])('refuses a wrong-way import in %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toHaveLength(1);
  });

  it.each([
    ['lambdas/handlers/x.ts', "import { TABLES } from '../../shared/definitions';\nvoid TABLES;\n"],
    ['local/x.ts', "import { http } from '../lambdas/lib/http';\nvoid http;\n"],
    [
      'web/src/features/visitor/routes/x.tsx',
      "import { PrizeWheel } from '../../../components/wheel/prize-wheel';\nvoid PrizeWheel;\n",
    ],
    ['test/x.test.ts', "import { startStack } from '../local/stack';\nvoid startStack;\n"],
  ])('allows the right-way import in %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });
});
