/**
 * The proof of work a spin-first preview costs (ALTCHA, altcha-lib): the server issues a signed
 * challenge whose answer is a counter it chose at random, the browser finds it by trying counters
 * in turn (a fraction of a second on a phone, repeated for every draw a prize hunter wants), and
 * the server checks the signature, the expiry and the answer, once per challenge.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { badRequest } from '../../shared/errors';
import { API_MESSAGES } from '../../shared/messages';
import type { SolvedChallenge } from '../../shared/spin';
import { requireEnv } from '../lib/env';
import { useChallengeOnce } from '../repositories/used-challenges';

const ALGORITHM = 'SHA-256';
/** The answer lies in this range: about 10,000 hashes on average for the browser. */
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 15_000;
/** A challenge must be solved and used within this time. */
const CHALLENGE_TTL_S = 5 * 60;

/**
 * The challenge's signing keys, derived from the deployment's origin secret (one secret, one key
 * per purpose): a challenge cannot be forged or altered without them.
 */
function signingSecrets(): { hmacSignatureSecret: string; hmacKeySignatureSecret: string } {
  const base = requireEnv('ORIGIN_SECRET');
  const derive = (purpose: string) => createHmac('sha256', base).update(purpose).digest('hex');
  return {
    hmacSignatureSecret: derive('altcha-challenge'),
    hmacKeySignatureSecret: derive('altcha-key'),
  };
}

/** A fresh challenge for one preview. */
export function newPreviewChallenge(nowMs: number): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: Math.floor(nowMs / 1000) + CHALLENGE_TTL_S,
    ...signingSecrets(),
  });
}

/** 400 unless `solved` answers a challenge of ours, unexpired and not used before; uses it up. */
export async function spendPreviewChallenge(solved: SolvedChallenge): Promise<void> {
  const invalid = () => badRequest('CHALLENGE_INVALID', API_MESSAGES.challengeInvalid);
  if (solved.challenge.parameters.algorithm !== ALGORITHM) throw invalid();
  const result = await verifySolution({
    challenge: solved.challenge as Challenge,
    solution: solved.solution,
    deriveKey,
    ...signingSecrets(),
  });
  if (!result.verified) throw invalid();
  const expiresAt = solved.challenge.parameters.expiresAt ?? 0;
  if (!(await useChallengeOnce(solved.challenge.parameters.nonce, expiresAt))) throw invalid();
}
