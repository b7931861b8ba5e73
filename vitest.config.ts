import { defineConfig } from 'vitest/config';
import type { InlineConfig } from 'vitest/node';

/**
 * Projects: `plain` (shared rules, CDK templates and lint: nothing to set up per file), `node`
 * (handlers against DynamoDB Local, s3rver and the Secrets Manager stand-in, and the local stack),
 * `security` (the attack suites, on the same services) and `web` (React at route level in jsdom),
 * with `web-mock` for the web files that keep a process each (WEB_ALONE). Browser journeys live in
 * vitest.e2e.config.ts and run against the whole local stack.
 *
 * `plain`, `node` and `web` run without isolation: a worker loads the packages once for all its
 * files instead of once per file (aws-cdk-lib, the AWS SDK, React, Testing Library). A `node`
 * file still gets its own modules and the worker's first variables (test/setup/env.ts, plain.ts).
 */
/**
 * Web files that keep a process of their own: the one that mocks a module (vi.mock), and the wheel
 * page's, whose timing-sensitive flows failed twice in five runs when sharing a worker (a focus
 * moved a task late, since fixed in the dialogs themselves; an OTP field not shown within 5 s).
 */
const WEB_ALONE = [
  'test/web/business-field-added.test.tsx',
  'test/web/visitor/wheel-page.test.tsx',
];

/** Handler, stack and attack tests: DynamoDB Local, s3rver and Secrets Manager, per-file tables. */
const WITH_SERVICES: InlineConfig = {
  environment: 'node',
  globalSetup: ['test/setup/services.ts'],
  setupFiles: ['test/setup/plain.ts', 'test/setup/env.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** React at route level in jsdom. */
const IN_JSDOM: InlineConfig = {
  environment: 'jsdom',
  setupFiles: ['test/setup/web.ts'],
  // A route test renders a whole page and clicks through it: about 1-2 s alone, past Vitest's
  // default 5 s when the machine is busy.
  testTimeout: 15_000,
};

export default defineConfig({
  // `@shared/*` is shared/*, as tsconfig.base.json's paths say.
  resolve: { tsconfigPaths: true },
  test: {
    // Three files at a time, whatever the core count: many files wait on DynamoDB Local, s3rver,
    // the Cognito stand-in or a child process (cfn-lint, knip, synth) rather than compute, and each
    // has its own tables and bucket (test/setup/env.ts). On two cores Vitest's default is one.
    maxWorkers: 3,
    // Each test's own settings end with it: variables set with vi.stubEnv are put back and fake
    // clocks made real again after every test (test/setup/*.ts), so no test body cleans up.
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          // Rules, templates and lint: no tables, bucket or secrets, so no per-file setup.
          name: 'plain',
          environment: 'node',
          // One module graph per worker, not per file: nothing here keeps state between files.
          isolate: false,
          include: ['test/{shared,infra,lint}/**/*.test.ts'],
          setupFiles: ['test/setup/plain.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...WITH_SERVICES,
          name: 'node',
          include: ['test/{lambdas,local}/**/*.test.ts'],
          // One worker's packages loaded once; each file's own modules afresh and the variables
          // the worker began with (test/setup/env.ts, plain.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The attack suites, each against a whole harness (Cognito stand-in, outbox, HTTP API
          // emulation), with budgets counted by the hour: a process of their own per file.
          ...WITH_SERVICES,
          name: 'security',
          include: ['test/security/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...IN_JSDOM,
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          exclude: WEB_ALONE,
          // One module graph per worker, not per file (each test starts from a clean page and
          // storage, test/setup/web.ts); the files of WEB_ALONE run apart (web-mock below).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...IN_JSDOM,
          name: 'web-mock',
          include: WEB_ALONE,
        },
      },
    ],
  },
});
