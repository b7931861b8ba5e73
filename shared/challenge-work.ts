/**
 * How much proof of work a code costs: the challenge in front of POST /api/otp/start gets harder
 * as the deployment's hourly SMS sends near their cap, so that a crowd of addresses trying to
 * spend the cap pays more per code the closer it gets (docs/security.md, "Locking visitors out").
 * A real visitor solves one challenge while typing the number; an attacker solves one per code.
 */

/** Work factors by the share of the hourly cap already sent: the first whose share is reached. */
export const CHALLENGE_WORK_STEPS = [
  { share: 0.9, factor: 8 },
  { share: 0.75, factor: 4 },
  { share: 0.5, factor: 2 },
  { share: 0, factor: 1 },
] as const;

/**
 * The work factor (1, 2, 4 or 8) for `sent` codes of `hourlyCap` this hour: x2 from half the cap,
 * x4 from three quarters, x8 from 90 %.
 */
export function challengeWorkFactor(sent: number, hourlyCap: number): number {
  const share = hourlyCap > 0 ? sent / hourlyCap : 1;
  for (const step of CHALLENGE_WORK_STEPS) {
    if (share >= step.share) return step.factor;
  }
  return 1;
}
