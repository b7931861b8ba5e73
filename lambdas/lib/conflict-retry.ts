/**
 * The one retry loop for work that can lose a race: a DynamoDB transaction cancelled because another
 * touched the same item at the same instant (TransactionConflict), or a condition that fresh data
 * may now meet. Bounded; after a conflict it pauses a random time that grows with the attempt
 * (jitter, so two racers do not meet again), a lost race that changed the data retries at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** What one attempt came to: its result, or a lost race and when to try again. */
export type Attempt<T> =
  { result: T } | { retry: 'after-pause'; error?: unknown } | { retry: 'at-once' };

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Upper bound of the random pause after a conflict, times the attempt number. */
  backoffMs: number;
  /** What to throw when every attempt lost (given the last conflict's error, if it had one). */
  exhausted: (lastError: unknown) => unknown;
}

/** Runs `attempt` (given its number, from 1) until it has a result or the attempts run out. */
export async function retryingConflicts<T>(
  attempt: (n: number) => Promise<Attempt<T>>,
  policy: RetryPolicy,
): Promise<T> {
  let lastError: unknown;
  for (let n = 1; n <= policy.attempts; n++) {
    const outcome = await attempt(n);
    if ('result' in outcome) return outcome.result;
    if (outcome.retry === 'after-pause') {
      lastError = outcome.error;
      if (n < policy.attempts) await sleep(Math.random() * policy.backoffMs * n);
    }
  }
  throw policy.exhausted(lastError);
}
