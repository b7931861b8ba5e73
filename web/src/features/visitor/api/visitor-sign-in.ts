/**
 * The visitor's SMS code sign-in: server checks first (POST /api/otp/start), then Cognito
 * CUSTOM_AUTH straight from the browser; tokens are kept in the visitor session.
 */
import { SIGN_IN_KEY_METADATA } from '@shared/definitions';
import { toInternational } from '@shared/phone-format';
import type { SolvedChallenge } from '@shared/spin';
import { loadRuntimeConfig } from '../../../config/runtime';
import { answerCustomChallenge, startCustomAuth, type CustomChallenge } from '../../../lib/cognito';
import { saveSession } from '../../../lib/session';
import { startOtp } from './start-otp';

/**
 * Asks for a code to `localPhone` (04 form): a new auth session each time (also for Resend).
 * `challenge` hands over a solved proof of work (hooks/use-otp-challenge.ts). `recover`: the
 * number already has a reward, which the code will show (api/start-otp.ts).
 */
export async function requestCode(
  localPhone: string,
  challenge: () => Promise<SolvedChallenge>,
  recover = false,
): Promise<CustomChallenge> {
  const { signInKey } = await startOtp(localPhone, await challenge(), recover);
  const { visitorClientId } = await loadRuntimeConfig();
  // The code's answers carry the key otp/start gave: only they count (docs/cognito.md).
  return startCustomAuth(visitorClientId, toInternational(localPhone), {
    [SIGN_IN_KEY_METADATA]: signInKey,
  });
}

export type AnswerOutcome =
  { status: 'verified' } | { status: 'wrong'; challenge: CustomChallenge };

/** Answers the code challenge; on success the tokens are saved as the visitor session. */
export async function answerCode(challenge: CustomChallenge, code: string): Promise<AnswerOutcome> {
  const { visitorClientId } = await loadRuntimeConfig();
  const result = await answerCustomChallenge(visitorClientId, challenge, code);
  if ('tokens' in result) {
    saveSession('visitor', result.tokens);
    return { status: 'verified' };
  }
  return { status: 'wrong', challenge: result.retry };
}
