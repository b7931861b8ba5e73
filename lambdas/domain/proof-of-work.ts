/**
 * The proof of work a spin-first preview and every SMS code cost (ALTCHA, altcha-lib): the server
 * issues a signed challenge whose answer is a counter it chose at random, the browser finds it by
 * trying counters in turn (a fraction of a second on a phone, repeated for every draw or code an
 * attacker wants), and the server checks the signature, the expiry and the answer, once per
 * challenge. Each purpose signs with its own key, so a challenge issued for a code cannot buy a
 * preview, nor the other way round.
 */
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { badRequest } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import type { SolvedChallenge } from '@shared/spin';
import { originDerivedKey } from '../lib/secrets';
import { forgetChallengeUse, useChallengeOnce } from '../repositories/used-challenges';
import { warnOnFailure } from '../lib/logger';

/** What a challenge buys: one spin-first preview, or one POST /api/otp/start. */
export type ChallengePurpose = 'preview' | 'otp';

const ALGORITHM = 'SHA-256';
/**
 * At work factor 1 the answer lies in this range: about 10,000 hashes on average for the browser.
 * A factor f moves both ends f times up, so f times the hashes on average.
 */
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 15_000;
/**
 * A challenge must be solved and used within this time: a preview's at once; a code's is solved as
 * the verification form opens and spent when the visitor has typed the number, which may take a
 * while.
 */
const CHALLENGE_TTL_S: Record<ChallengePurpose, number> = { preview: 5 * 60, otp: 15 * 60 };

const MESSAGE: Record<ChallengePurpose, string> = {
  preview: API_MESSAGES.challengeInvalid,
  otp: API_MESSAGES.otpChallengeInvalid,
};

/**
 * The challenge's signing keys for `purpose`, derived from the deployment's origin secret (one
 * secret, one key per purpose): a challenge cannot be forged, altered or spent on the other purpose
 * without them.
 */
async function signingSecrets(purpose: ChallengePurpose): Promise<{
  hmacSignatureSecret: string;
  hmacKeySignatureSecret: string;
}> {
  const derive = async (use: string) =>
    (await originDerivedKey(`${use}#${purpose}`)).toString('hex');
  return {
    hmacSignatureSecret: await derive('altcha-challenge'),
    hmacKeySignatureSecret: await derive('altcha-key'),
  };
}

/** A fresh challenge for `purpose`, `workFactor` times the base work (signed into its data). */
export async function newChallenge(
  purpose: ChallengePurpose,
  nowMs: number,
  workFactor = 1,
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(COUNTER_MAX * workFactor, COUNTER_MIN * workFactor),
    data: { work: workFactor },
    deriveKey,
    expiresAt: Math.floor(nowMs / 1000) + CHALLENGE_TTL_S[purpose],
    ...(await signingSecrets(purpose)),
  });
}

/**
 * 400 unless `solved` answers a challenge of ours for `purpose`, unexpired, not used before and
 * issued at `minWorkFactor` or more; uses it up.
 */
export async function spendChallenge(
  purpose: ChallengePurpose,
  solved: SolvedChallenge,
  minWorkFactor = 1,
): Promise<void> {
  const invalid = () => badRequest('CHALLENGE_INVALID', MESSAGE[purpose]);
  const { parameters } = solved.challenge;
  if (parameters.algorithm !== ALGORITHM) throw invalid();
  const result = await verifySolution({
    challenge: solved.challenge as Challenge,
    solution: solved.solution,
    deriveKey,
    ...(await signingSecrets(purpose)),
  });
  if (!result.verified) throw invalid();
  if ((parameters.data?.work ?? 1) < minWorkFactor) throw invalid();
  if (!(await useChallengeOnce(parameters.nonce, parameters.expiresAt ?? 0))) throw invalid();
}

/**
 * Makes a challenge spent with spendChallenge usable again, when the request it paid for failed on
 * our side (a throttled dependency) and told the caller nothing: the retry may send it again.
 * Best effort: logged if it fails.
 */
export async function giveBackChallenge(solved: SolvedChallenge): Promise<void> {
  await forgetChallengeUse(solved.challenge.parameters.nonce).catch(
    warnOnFailure('could not give back a challenge'),
  );
}
