/**
 * Sign-in keys: POST /api/otp/start gives the browser a random key with each grant, and the
 * browser sends it with every code answer (ClientMetadata of RespondToAuthChallenge, which only
 * Verify sees). A key is armed when CreateAuthChallenge takes its grant (a waiting grant keeps
 * the keys of the latest GRANT_SIGN_IN_KEYS otp/starts): for the code that grant sent, or for the
 * code sent moments ago that it reused (at most CODE_SIGN_IN_KEYS_MAX keys a code). Verify takes an answer only with an unexpired key of the number, armed for the
 * challenge's code, that has tries left, and spends one. Anyone can start a sign-in for any number
 * at Cognito's public client, and every such sign-in carries the number's current code; without an
 * armed key its answers are refused and spend nothing, so strangers cannot use up the visitor's
 * tries or guess at the code, and a key whose otp/start sent nothing costs the number nothing.
 * Only a hash of the key is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CODE_SIGN_IN_KEYS_MAX, OTP_MAX_ATTEMPTS } from '@shared/constants';
import { countCodeKey } from '../repositories/otp-codes';
import { armSignInKey, saveSignInKey, takeSignInKeyTry } from '../repositories/otp-grants';

/** Random bytes in a key. */
const KEY_BYTES = 24;
/** A key outlives its grant (5 minutes) and the sign-in session it is used in (3 minutes). */
const KEY_LIFETIME_S = 15 * 60;

const hashOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key for `phoneNumber`, stored (as its hash, also returned for the grant) first. */
export async function issueSignInKey(
  phoneNumber: string,
  nowMs: number,
): Promise<{ key: string; keyHash: string }> {
  const key = randomBytes(KEY_BYTES).toString('base64url');
  const keyHash = hashOf(key);
  await saveSignInKey(phoneNumber, keyHash, Math.floor(nowMs / 1000) + KEY_LIFETIME_S);
  return { key, keyHash };
}

/** Arms a key of a grant that has just sent the code `codeHash`. */
export const armKeyForSentCode = (
  phoneNumber: string,
  keyHash: string,
  codeHash: string,
): Promise<void> => armSignInKey(phoneNumber, keyHash, codeHash);

/**
 * Arms the key of a grant whose sign-in reuses the code `codeHash` sent moments ago, while the
 * code has fewer than CODE_SIGN_IN_KEYS_MAX keys; past that the key stays unarmed (its answers are
 * refused): the guesses at one code stay bounded however many addresses ask within its minute.
 */
export async function armKeyForReusedCode(
  phoneNumber: string,
  keyHash: string,
  codeHash: string,
): Promise<boolean> {
  if (!(await countCodeKey(phoneNumber, codeHash, CODE_SIGN_IN_KEYS_MAX))) return false;
  await armSignInKey(phoneNumber, keyHash, codeHash);
  return true;
}

/**
 * Spends one of the key's tries for an answer to `phoneNumber`'s code `codeHash`: false for no
 * key, another number's, one not armed for this code, an expired one or one whose tries are used
 * (the answer is then wrong, whatever it is).
 */
export async function takeSignInKey(
  phoneNumber: string,
  key: unknown,
  codeHash: string,
  nowMs: number,
): Promise<boolean> {
  if (typeof key !== 'string' || key === '' || key.length > 100) return false;
  return takeSignInKeyTry(
    phoneNumber,
    hashOf(key),
    codeHash,
    OTP_MAX_ATTEMPTS,
    Math.floor(nowMs / 1000),
  );
}
