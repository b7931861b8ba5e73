import { configDefaults, defineConfig } from 'vitest/config';
import { FIRST_LANE, type Lane } from './test/e2e/lanes';

const ALL = 'test/e2e/**/*.e2e.ts';
const lane = process.env.SPIN_E2E_LANE as Lane;

/**
 * Browser journeys and stack smoke tests against the whole local stack (built SPA, handlers,
 * DynamoDB Local, s3rver, Cognito stand-in), started once for the run by the global setup. Files
 * run one at a time: they share the stack. `npm test` runs two such runs at once, one per lane
 * (test/e2e/lanes.ts), each with its own stack.
 */
export default defineConfig({
  // `@shared/*` is shared/*, as tsconfig.base.json's paths say.
  resolve: { tsconfigPaths: true },
  test: {
    name: lane ? `e2e-${lane}` : 'e2e',
    environment: 'node',
    include: lane === '1' ? [...FIRST_LANE] : [ALL],
    exclude: [...configDefaults.exclude, ...(lane === '2' ? FIRST_LANE : [])],
    globalSetup: ['test/e2e/setup/global-stack.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A page polled for a state it reaches after its own requests: Vitest's 1 s is too short on a
    // busy machine (a passing poll ends as soon as it matches).
    expect: { poll: { timeout: 10_000 } },
  },
});
