/**
 * Per test file of the `plain` and `node` projects: the region and credentials of the local AWS
 * stand-ins, and Powertools' settings. Only the `node` project's files then get their own tables,
 * bucket and secrets (test/setup/env.ts).
 */
import { afterEach, vi } from 'vitest';
import { LOCAL_AWS_ENV } from '../../local/dynamodb';

// A test that stops the clock has it running again after it, pass or fail.
afterEach(() => {
  vi.useRealTimers();
});

Object.assign(process.env, LOCAL_AWS_ENV, {
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
  // Metrics' log lines only where a test reads them (test/lambdas/observability.test.ts).
  POWERTOOLS_METRICS_DISABLED: 'true',
});
