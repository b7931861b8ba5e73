import { defineConfig } from 'vitest/config';

/**
 * Three projects: `plain` (shared rules, CDK templates and lint: nothing to set up per file),
 * `node` (handlers against DynamoDB Local, s3rver and the Secrets Manager stand-in, local stack,
 * security) and `web` (React at route level in jsdom). Browser journeys live in
 * vitest.e2e.config.ts and run against the whole local stack.
 */
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
          include: ['test/{shared,infra,lint}/**/*.test.ts'],
          setupFiles: ['test/setup/plain.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{lambdas,local,security}/**/*.test.ts'],
          globalSetup: ['test/setup/services.ts'],
          setupFiles: ['test/setup/plain.ts', 'test/setup/env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/web.ts'],
          // A route test renders a whole page and clicks through it: about 1-2 s alone, past
          // Vitest's default 5 s when the machine is busy.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
