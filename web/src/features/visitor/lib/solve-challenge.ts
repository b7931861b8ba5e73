/**
 * Solves a spin-first preview's proof-of-work challenge with the browser's own SHA-256
 * (altcha-lib). Loaded only when a spin-first visitor spins: the verify-first wheel page never
 * downloads it.
 */
import type { Challenge, Solution } from 'altcha-lib/types';

/** Give up after this long (a very slow phone): the spin fails and can be tried again. */
const SOLVE_TIMEOUT_MS = 60_000;

export async function solveChallenge(challenge: Challenge): Promise<Solution> {
  const [{ solveChallenge: solve }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const solution = await solve({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error('the spin check could not be solved in time');
  return solution;
}
