/**
 * Sign-in keys: POST /api/otp/start gives the browser a random key with each grant, and the
 * browser sends it with every code answer (ClientMetadata of RespondToAuthChallenge, which only
 * Verify sees). Verify takes an answer only with an unexpired key of the number that has tries
 * left, and spends one. Anyone can start a sign-in for any number at Cognito's public client, and
 * every such sign-in carries the number's current code; without a key its answers are refused and
 * spend nothing, so strangers cannot use up the visitor's tries or guess at the code. Only a hash
 * of the key is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OTP_MAX_ATTEMPTS } from '@shared/constants';
import { saveSignInKey, takeSignInKeyTry } from '../repositories/otp-grants';

/** Random bytes in a key. */
const KEY_BYTES = 24;
/** A key outlives its grant (5 minutes) and the sign-in session it is used in (3 minutes). */
const KEY_LIFETIME_S = 15 * 60;

const hashOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key for `phoneNumber`, stored (as its hash) before it is returned. */
export async function issueSignInKey(phoneNumber: string, nowMs: number): Promise<string> {
  const key = randomBytes(KEY_BYTES).toString('base64url');
  await saveSignInKey(phoneNumber, hashOf(key), Math.floor(nowMs / 1000) + KEY_LIFETIME_S);
  return key;
}

/**
 * Spends one of the key's tries for an answer for `phoneNumber`: false for no key, another
 * number's, an expired one or one whose tries are used (the answer is then wrong, whatever it is).
 */
export async function takeSignInKey(
  phoneNumber: string,
  key: unknown,
  nowMs: number,
): Promise<boolean> {
  if (typeof key !== 'string' || key === '' || key.length > 100) return false;
  return takeSignInKeyTry(phoneNumber, hashOf(key), OTP_MAX_ATTEMPTS, Math.floor(nowMs / 1000));
}
