/**
 * The visitor pool's CUSTOM_AUTH rules, for the three thin trigger handlers in lambdas/triggers/
 * (Define's decision is in auth-define.ts, apart: it needs no AWS client, so its bundle has none).
 * One challenge kind: a 6-digit code by SMS. Cognito reports each answered challenge back to
 * Define in `session`; Define alone decides between another try, tokens and failure (a wrong
 * CUSTOM_CHALLENGE answer never becomes CodeMismatchException).
 */
import { warnOnFailure } from '../lib/logger';
import { maskPhone } from '../../shared/phone-format';
import { codeMatches, digestFromMetadata, digestToMetadata, type CodeDigest } from './otp-code';
import { issueCode, spendCode, type OtpDeliveryDeps } from './otp-delivery';
import { assertAustralianMobile } from './sms-cost-guard';
import { markVerified } from '../repositories/visitor-users';
import type { SessionEntry } from './auth-define';

export interface CreatedChallenge {
  publicChallengeParameters: Record<string, string>;
  privateChallengeParameters: Record<string, string>;
  challengeMetadata: string;
}

/**
 * Create: after a wrong answer the same session keeps its code (from challengeMetadata, no new
 * SMS); a new session gets a code from otp-delivery (reused if just sent, else a budgeted SMS).
 */
export async function createCodeChallenge(
  phoneNumber: string | undefined,
  session: readonly SessionEntry[],
  deps: OtpDeliveryDeps,
): Promise<CreatedChallenge> {
  const phone = phoneNumber ?? '';
  assertAustralianMobile(phone);
  const earlier = [...session]
    .reverse()
    .map((entry) => digestFromMetadata(entry.challengeMetadata))
    .find(Boolean);
  const digest = earlier ?? (await issueCode(phone, deps));
  return {
    publicChallengeParameters: {},
    privateChallengeParameters: { salt: digest.salt, hash: digest.hash },
    challengeMetadata: digestToMetadata(digest),
  };
}

/**
 * Verify: constant-time comparison of the answer with the challenge's code digest. A correct code
 * is spent so that no later session can reuse it, and the number counted verified (once).
 */
export async function verifyCodeAnswer(
  phoneNumber: string | undefined,
  privateParameters: Record<string, string> | undefined,
  answer: unknown,
): Promise<boolean> {
  const salt = privateParameters?.salt;
  const hash = privateParameters?.hash;
  if (!salt || !hash) return false;
  const digest: CodeDigest = { salt, hash };
  const correct = codeMatches(digest, answer);
  if (correct && phoneNumber) {
    // The sign-in is still right if either fails: the stored digest then simply expires, and the
    // insights miss one verification.
    await Promise.all([
      spendCode(phoneNumber, digest).catch(
        warnOnFailure('could not spend code', { phone: maskPhone(phoneNumber) }),
      ),
      markVerified(phoneNumber, new Date()).catch(
        warnOnFailure('could not count the verification', { phone: maskPhone(phoneNumber) }),
      ),
    ]);
  }
  return correct;
}
