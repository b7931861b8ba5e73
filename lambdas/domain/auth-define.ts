/**
 * Define's part of the visitor pool's CUSTOM_AUTH rules (the rest: auth-challenge.ts). Kept apart
 * from Create and Verify, which store codes in DynamoDB: the Define trigger's bundle then holds no
 * AWS SDK, and its cold start is a few milliseconds.
 */
import { OTP_MAX_ATTEMPTS } from '@shared/constants';
import { CUSTOM_CHALLENGE } from '@shared/definitions';

/** One answered challenge as Cognito lists it in `request.session`. */
export interface SessionEntry {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string | null;
}

export interface DefineDecision {
  challengeName?: string;
  issueTokens: boolean;
  failAuthentication: boolean;
}

const fail: DefineDecision = { issueTokens: false, failAuthentication: true };

/**
 * Define: tokens after a correct answer; failure for any other challenge kind (e.g. an SRP step
 * this pool never offers) or OTP_MAX_ATTEMPTS wrong answers; else a (new) code challenge. A user
 * that does not exist (Cognito's userNotFound, the app client preventing user existence errors)
 * goes through the same steps, with a challenge Create makes unanswerable, so the caller cannot
 * tell; it never gets tokens.
 */
export function defineNextStep(
  session: readonly SessionEntry[],
  userNotFound = false,
): DefineDecision {
  if (session.some((entry) => entry.challengeName !== CUSTOM_CHALLENGE)) return fail;
  if (session.at(-1)?.challengeResult === true)
    return userNotFound ? fail : { issueTokens: true, failAuthentication: false };
  const wrongAnswers = session.filter((entry) => !entry.challengeResult).length;
  if (wrongAnswers >= OTP_MAX_ATTEMPTS) return fail;
  return { challengeName: CUSTOM_CHALLENGE, issueTokens: false, failAuthentication: false };
}
