/**
 * The invisible challenge in front of every code: from the moment a verification form opens, a
 * challenge is fetched and solved in a Web Worker (lib/otp-challenge-solver.ts, loaded then), so
 * that "Send Code" finds it ready. Each POST /api/otp/start spends one; the next is prepared at
 * once, for Resend. Nothing shows: a challenge that cannot be had fails the send like any other
 * error.
 */
import { useEffect, useRef } from 'react';
import type { SolvedChallenge } from '@shared/spin';

/**
 * Starts solving a challenge as the calling form mounts. The returned function hands over the
 * prepared one (waiting if it is still being solved; after a failed one, the fresh one it starts)
 * and starts the next.
 */
export function useOtpChallenge(): () => Promise<SolvedChallenge> {
  const next = useRef<Promise<SolvedChallenge>>(null);
  const prepare = () => {
    const pending = import('../lib/otp-challenge-solver').then((s) => s.solvedOtpChallenge());
    // A failure is reported when the challenge is taken, not as an unhandled rejection.
    pending.catch(() => undefined);
    return (next.current = pending);
  };
  useEffect(() => {
    next.current ??= prepare();
    // Once per mount: prepare only writes the ref.
  }, []);
  return () => {
    const pending = next.current ?? prepare();
    prepare();
    return pending.catch(() => next.current!);
  };
}
