import { defineConfig } from 'vitest/config';

/**
 * Browser journeys and stack smoke tests against the whole local stack (built SPA, handlers,
 * DynamoDB Local, s3rver, Cognito stand-in), started once for the run by the global setup. Files
 * run one at a time: they share the stack and the machine has two cores.
 */
export default defineConfig({
  // `@shared/*` is shared/*, as tsconfig.base.json's paths say.
  resolve: { tsconfigPaths: true },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/setup/global-stack.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
