/**
 * POST /api/spins/preview (spin-first mode): a server draw for a visitor not yet verified. Each
 * draw costs a proof of work: a challenge from GET /api/spins/challenge, solved in the browser.
 */
import type { Challenge } from 'altcha-lib/types';
import type { SpinPreview } from '@shared/types';
import { callRoute } from '../../../lib/api-client';
import { solveChallenge } from '../lib/solve-challenge';

export async function previewSpin(): Promise<SpinPreview> {
  const challenge = await callRoute<Challenge>('spin-challenge');
  const solution = await solveChallenge(challenge);
  return callRoute<SpinPreview>('preview-spin', { body: { altcha: { challenge, solution } } });
}
