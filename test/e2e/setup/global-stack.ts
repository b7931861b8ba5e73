/**
 * Vitest global setup of the e2e run: builds the SPA once and starts the local stack serving
 * web/dist (as CloudFront would) in a fresh temporary data directory, then tells the test files
 * where it is and what the staff passwords are.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startStack } from '../../../local/stack';
import { tableEnvName } from '@shared/definitions';
import type { StaffRole } from '@shared/types';
import { SITE_BUILT } from '../lanes';

/**
 * Codes the suite's one client address may ask for an hour (its many visitor sign-ins, a few dozen
 * a run); its reward lookups follow it (lambdas/domain/client-budgets.ts). The tests that use up a
 * client's lookups spend all but the last few straight on the budget's counter
 * (test/e2e/support/budgets.ts), the last through the route with their proof of work.
 */
const E2E_CLIENT_CODES_PER_HOUR = 300;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    staffPasswords: Record<StaffRole, string>;
    s3Endpoint: string;
    logoBucket: string;
    clientCodesPerHour: number;
    /** DynamoDB Local and the limits table, for tests that age a stored item. */
    dynamoEndpoint: string;
    limitsTable: string;
  }
}

/** Builds the SPA into web/dist as production serves it. */
async function buildSite(): Promise<void> {
  // Vitest sets NODE_ENV=test, which Vite and the React plugin would bake into the bundle (React's
  // development build, over 500 kB): build exactly what production serves.
  const testNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(REPO_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
    });
  } finally {
    process.env.NODE_ENV = testNodeEnv;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // `npm test` builds it once before its two lanes (test/e2e/lanes.ts) and says so.
  if (process.env[SITE_BUILT] !== 'true') await buildSite();
  const dataDir = mkdtempSync(join(tmpdir(), 'spin-e2e-'));
  // Every browser and API test connects from 127.0.0.1: configured like a shop whose visitors all
  // share one address, so the per-client code budget does not stop the suite's many sign-ins.
  const stack = await startStack({
    dataDir,
    port: 0,
    web: 'dist',
    quiet: true,
    clientCodesPerHour: E2E_CLIENT_CODES_PER_HOUR,
  });
  const { admin, operator } = stack.passwords;
  if (!admin || !operator) throw new Error('the e2e stack was not seeded with staff users');
  project.provide('baseUrl', stack.url);
  project.provide('staffPasswords', { admin, operator });
  project.provide('s3Endpoint', process.env.S3_ENDPOINT ?? '');
  project.provide('logoBucket', stack.logoBucket);
  project.provide('clientCodesPerHour', E2E_CLIENT_CODES_PER_HOUR);
  project.provide('dynamoEndpoint', process.env.DYNAMODB_ENDPOINT ?? '');
  project.provide('limitsTable', process.env[tableEnvName('limits')] ?? '');
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
