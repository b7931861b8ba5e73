/**
 * Per test file of the `plain`, `node` and `security` projects: the region and credentials of the
 * local AWS stand-ins, and Powertools' settings. Only the `node` and `security` files then get
 * their own tables, bucket and secrets (test/setup/env.ts).
 */
import { afterEach, vi } from 'vitest';
import { LOCAL_AWS_ENV } from '../../local/dynamodb';

// A test that stops the clock has it running again after it, pass or fail.
afterEach(() => {
  vi.useRealTimers();
});

// A worker runs many files, one after another, in one process (vitest.config.ts): each file starts
// with the variables the worker started with, whatever the file before set.
const WORKER_ENV_KEY = Symbol.for('spin-and-win.worker-env');
const holder = globalThis as { [WORKER_ENV_KEY]?: Record<string, string | undefined> };
holder[WORKER_ENV_KEY] ??= { ...process.env };
const workerEnv = holder[WORKER_ENV_KEY];
for (const name of Object.keys(process.env)) if (!(name in workerEnv)) delete process.env[name];
Object.assign(process.env, workerEnv);

Object.assign(process.env, LOCAL_AWS_ENV, {
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
  // Metrics' log lines only where a test reads them (test/lambdas/observability.test.ts).
  POWERTOOLS_METRICS_DISABLED: 'true',
});
