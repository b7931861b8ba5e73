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
    // A feature's own zone keeps the web rule (a later ESLint block replaces an earlier one's).
    [
      'web/src/features/admin/x.ts',
      "import { ok } from '../../../../lambdas/lib/http';\nvoid ok;\n",
    ],
    // Outside shared/, shared/ is reached through its alias only.
    ['lambdas/handlers/x.ts', "import { TABLES } from '../../shared/definitions';\nvoid TABLES;\n"],
    ['web/src/lib/x.ts', "import { MESSAGES } from '../../../shared/messages';\nvoid MESSAGES;\n"],
    [
      'test/shared/x.test.ts',
      "import { MESSAGES } from '../../shared/messages';\nvoid MESSAGES;\n",
    ],
    // Repositories return results, never HTTP answers or errors.
    ['lambdas/repositories/x.ts', "import { ok } from '../lib/http';\nvoid ok;\n"],
    ['lambdas/repositories/x.ts', "import { notFound } from '@shared/errors';\nvoid notFound;\n"],
    // Inside lambdas/: handlers -> domain -> repositories -> lib, never back.
    [
      'lambdas/repositories/x.ts',
      "import { digestCode } from '../domain/otp-code';\nvoid digestCode;\n",
    ],
    [
      'lambdas/repositories/x.ts',
      "import { handler } from '../handlers/get-wheel';\nvoid handler;\n",
    ],
    [
      'lambdas/lib/x.ts',
      "import { getVisitorRecord } from '../repositories/visitor-users';\nvoid getVisitorRecord;\n",
    ],
    ['lambdas/lib/x.ts', "import { spin } from '../domain/spin';\nvoid spin;\n"],
    [
      'lambdas/lib/x.ts',
      "import { handler } from '../triggers/define-auth-challenge';\nvoid handler;\n",
    ],
    ['lambdas/domain/x.ts', "import { handler } from '../handlers/get-wheel';\nvoid handler;\n"],
    [
      'lambdas/domain/x.ts',
      "import { handler } from '../custom-resources/staff-users';\nvoid handler;\n",
    ],
    ['lambdas/domain/x.ts', "import { TABLES } from '../../infra/definitions';\nvoid TABLES;\n"],
  ])('refuses a wrong-way import in %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toHaveLength(1);
  });

  it.each([
    ['lambdas/handlers/x.ts', "import { TABLES } from '@shared/definitions';\nvoid TABLES;\n"],
    ['local/x.ts', "import { http } from '../lambdas/lib/http';\nvoid http;\n"],
    [
      'web/src/features/visitor/routes/x.tsx',
      "import { PrizeWheel } from '../../../components/wheel/prize-wheel';\nvoid PrizeWheel;\n",
    ],
    ['test/x.test.ts', "import { startStack } from '../local/stack';\nvoid startStack;\n"],
    ['lambdas/handlers/x.ts', "import { spin } from '../domain/spin';\nvoid spin;\n"],
    ['lambdas/triggers/x.ts', "import { guard } from '../domain/sms-cost-guard';\nvoid guard;\n"],
    [
      'lambdas/domain/x.ts',
      "import { getVisitorRecord } from '../repositories/visitor-users';\nvoid getVisitorRecord;\n",
    ],
    ['lambdas/repositories/x.ts', "import { dynamo } from '../lib/dynamo-client';\nvoid dynamo;\n"],
    ['lambdas/lib/x.ts', "import { logger } from './logger';\nvoid logger;\n"],
  ])('allows the right-way import in %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });
});

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
