/**
 * The visitor pool's CUSTOM_AUTH rules, for the three thin trigger handlers in lambdas/triggers/
 * (Define's decision is in auth-define.ts, apart: it needs no AWS client, so its bundle has none).
 * One challenge kind: a 6-digit code by SMS. Cognito reports each answered challenge back to
 * Define in `session`; Define alone decides between another try, tokens and failure (a wrong
 * CUSTOM_CHALLENGE answer never becomes CodeMismatchException).
 */
import { randomBytes } from 'node:crypto';
import { logger, warnOnFailure } from '../lib/logger';
import { countEvent } from '../lib/metrics';
import { BUSINESS_METRICS } from '@shared/definitions';
import { maskPhone } from '@shared/phone-format';
import {
  codeMatches,
  digestCode,
  digestFromMetadata,
  digestToMetadata,
  type CodeDigest,
} from './otp-code';
import { CodeNotAuthorizedError, issueCode, spendCode, type OtpDeliveryDeps } from './otp-delivery';
import { assertAustralianMobile } from './sms-cost-guard';
import { markVerified } from '../repositories/visitor-users';
import { takeSignInKey } from './sign-in-key';
import type { SessionEntry } from './auth-define';

export interface CreatedChallenge {
  publicChallengeParameters: Record<string, string>;
  privateChallengeParameters: Record<string, string>;
  challengeMetadata: string;
}

/**
 * The digest of no code at all (random text, never 6 digits): a challenge built on it looks like
 * any other and can never be answered.
 */
const unanswerableDigest = (): CodeDigest => digestCode(randomBytes(32).toString('hex'));

/**
 * Stands in for the number of a user that does not exist: no grant or code is ever stored under
 * it (otp/start writes them for Australian mobiles only), so issueCode finds nothing and sends
 * nothing, after the same DynamoDB calls as for a number with no grant.
 */
const NOBODY = 'nobody';

/**
 * A new session's code: from otp-delivery (reused if just sent, else a budgeted SMS), or, for a
 * number that asked for none (no grant from POST /api/otp/start) or a user that does not exist,
 * a challenge that can never be answered and no SMS. Cognito's public client then answers a number
 * with no grant, a number never seen and a number that asked just now alike: a challenge
 * (docs/security.md, "What Cognito tells").
 */
async function newSessionDigest(
  phone: string,
  userNotFound: boolean,
  deps: OtpDeliveryDeps,
): Promise<CodeDigest> {
  try {
    // A user that does not exist goes through the same reads and writes as a number with no grant,
    // on keys that hold nothing, so Cognito's answer takes as long for both (docs/cognito.md).
    return await issueCode(userNotFound ? NOBODY : phone, deps);
  } catch (error) {
    if (!(error instanceof CodeNotAuthorizedError)) throw error;
    logger.warn('no grant: unanswerable challenge, no SMS', { phone: maskPhone(phone) });
    return unanswerableDigest();
  }
}

/**
 * Create: after a wrong answer the same session keeps its code (from challengeMetadata, no new
 * SMS); a new session gets one from newSessionDigest.
 */
export async function createCodeChallenge(
  phoneNumber: string | undefined,
  session: readonly SessionEntry[],
  deps: OtpDeliveryDeps,
  userNotFound = false,
): Promise<CreatedChallenge> {
  const phone = phoneNumber ?? '';
  if (!userNotFound) assertAustralianMobile(phone);
  const earlier = [...session]
    .reverse()
    .map((entry) => digestFromMetadata(entry.challengeMetadata))
    .find(Boolean);
  const digest = earlier ?? (await newSessionDigest(phone, userNotFound, deps));
  return {
    publicChallengeParameters: {},
    privateChallengeParameters: { salt: digest.salt, hash: digest.hash },
    challengeMetadata: digestToMetadata(digest),
  };
}

/**
 * Verify: an answer counts only with a sign-in key of the number, armed for the challenge's code,
 * that has tries left (one is spent; domain/sign-in-key.ts); it is then compared in constant time with the challenge's code
 * digest. A correct code is spent so that no later session can reuse it, and the number counted
 * verified (once). A user that does not exist answers nothing.
 */
export async function verifyCodeAnswer(
  phoneNumber: string | undefined,
  privateParameters: Record<string, string> | undefined,
  answer: unknown,
  userNotFound = false,
  signInKey?: unknown,
): Promise<boolean> {
  if (userNotFound || !phoneNumber) return false;
  const salt = privateParameters?.salt;
  const hash = privateParameters?.hash;
  if (!salt || !hash) return false;
  // Only an answer carrying a sign-in key of the number armed for this code, with tries left, is
  // compared at all.
  if (!(await takeSignInKey(phoneNumber, signInKey, hash, Date.now()))) return false;
  const digest: CodeDigest = { salt, hash };
  const correct = codeMatches(digest, answer);
  if (correct) {
    // The shop's delivery signal: codes answered right against codes sent (the SmsAnswered alarm).
    countEvent(BUSINESS_METRICS.codesVerified);
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
