/**
 * Fetches a challenge for one POST /api/otp/start (GET /api/otp/challenge) and solves it in a Web
 * Worker (lib/challenge-worker.ts), or on this thread where there is no Worker (tests, old
 * browsers). Loaded when a verification form opens (hooks/use-otp-challenge.ts), never with the
 * wheel page itself.
 */
import type { Challenge, Solution } from 'altcha-lib/types';
import type { SolvedChallenge } from '@shared/spin';
import { wheelRouteOf } from '@shared/routes-wheel';
import { callRoute } from '../../../lib/api-client';
import { solveChallenge } from './solve-challenge';

function solveOffThread(challenge: Challenge): Promise<Solution> {
  if (typeof Worker === 'undefined') return solveChallenge(challenge);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./challenge-worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<{ solution?: Solution }>) => {
      worker.terminate();
      if (event.data.solution) resolve(event.data.solution);
      else reject(new Error('the sign-in check could not be solved'));
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('the sign-in check worker failed'));
    };
    worker.postMessage(challenge);
  });
}

/** A fresh challenge, solved. */
export async function solvedOtpChallenge(): Promise<SolvedChallenge> {
  const challenge = await callRoute<Challenge>(wheelRouteOf('otp-challenge'));
  const solution = await solveOffThread(challenge);
  return { challenge, solution } as SolvedChallenge;
}
