/**
 * The browser suite runs in two lanes at once (`npm test`), each against its own local stack:
 * most of a browser test's time is the page's own waiting (a spin, a countdown, a stream), so two
 * lanes share the two cores well. The first lane runs the files below; the second runs every other
 * file, so a new file is never left out. The split keeps the lanes' seconds about even (see each
 * file's seconds in the JSON report, test-results/vitest-e2e-*.json).
 */
export const FIRST_LANE: readonly string[] = [
  'test/e2e/visitor-wheel.e2e.ts',
  'test/e2e/owner-share.e2e.ts',
  'test/e2e/owner-counter.e2e.ts',
  'test/e2e/visitor-wheel-look.e2e.ts',
  'test/e2e/staff.e2e.ts',
  'test/e2e/counter-scan.e2e.ts',
];

/** The lane a run asks for in `SPIN_E2E_LANE` ('1' or '2'); unset runs every file. */
export type Lane = '1' | '2' | undefined;

/** Set to 'true' by `npm test` once it has built web/dist for its lanes: they skip the build. */
export const SITE_BUILT = 'SPIN_E2E_SITE_BUILT';
