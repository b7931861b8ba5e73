/**
 * Asking for the draw again when the answer was a passing failure. POST /api/spins is idempotent
 * (a number that has a prize gets the same one back), so a retry never draws twice; the wheel keeps
 * turning meanwhile, and only when about DRAW_RETRY_BUDGET_MS have gone by does the page give up.
 */
import { ApiError } from '../../../lib/api-client';

/** How long, from the first try, the page keeps asking. */
const DRAW_RETRY_BUDGET_MS = 15_000;
/** Waits between tries: doubling from the first, at most the last, unless Retry-After asks more. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 4000;
/** Answers worth trying again: no answer at all, too many requests, and the server's passing 5xx. */
const PASSING = new Set([0, 429, 500, 502, 503, 504]);

/** True for a failure that a later try may not meet. */
const isPassingFailure = (error: unknown): boolean =>
  error instanceof ApiError && PASSING.has(error.status);

/**
 * Runs `attempt` until it succeeds, fails for good, or the budget is spent (or the server's
 * Retry-After asks for more than is left); then throws the last failure.
 */
export async function withDrawRetries<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + DRAW_RETRY_BUDGET_MS;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isPassingFailure(error)) throw error;
      const left = deadline - Date.now();
      const asked = (error as ApiError).retryAfterMs ?? 0;
      // A server that asks for longer than is left cannot be honoured: give up now. A backoff is
      // cut short so the last try comes at the end of the budget.
      const wait = Math.min(
        left,
        Math.max(asked, Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** tries)),
      );
      if (asked > left || wait < RETRY_FIRST_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
