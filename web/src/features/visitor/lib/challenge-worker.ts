/**
 * The Web Worker that solves the proof-of-work challenge in front of each SMS code, off the main
 * thread (the page stays responsive while the visitor types). A separate chunk, loaded only when
 * a verification dialog opens: the wheel page's entry never holds it or altcha-lib.
 */
import type { Challenge } from 'altcha-lib/types';
import { solveChallenge } from './solve-challenge';

self.onmessage = (event: MessageEvent<Challenge>) => {
  solveChallenge(event.data).then(
    (solution) => self.postMessage({ solution }),
    () => self.postMessage({ failed: true }),
  );
};
