/**
 * Proof-of-work challenges already spent: each one buys one preview, so its nonce is recorded (a
 * conditional write) until the challenge would have expired anyway. Kept in the limits table.
 */
import { forgetMark, markOnce } from './limits';

/** Records `nonce` as used; false when it already was. */
export const useChallengeOnce = (nonce: string, expiresAtS: number): Promise<boolean> =>
  markOnce(`challenge#${nonce}`, expiresAtS);

/** Forgets that `nonce` was used (its request failed on our side and may be sent again). */
export async function forgetChallengeUse(nonce: string): Promise<void> {
  await forgetMark(`challenge#${nonce}`);
}
