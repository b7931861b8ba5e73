/**
 * Asking for the draw again (web/src/features/visitor/lib/retry-draw.ts) on the page's own clock,
 * faked: every wait the code makes is a setTimeout whose delay is recorded, and time moves only as
 * the fake timers run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/lib/api-client';
import { withDrawRetries } from '../../../web/src/features/visitor/lib/retry-draw';

let waits: number[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  waits = [];
  const setTimer = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
    waits.push(ms ?? 0);
    return setTimer(handler, ms);
  }) as typeof setTimeout);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Runs the retries to their end on the fake clock: what they returned or threw, and the time. */
async function settle<T>(run: Promise<T>) {
  const started = Date.now();
  const outcome = run.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  await vi.runAllTimersAsync();
  return { ...(await outcome), waited: Date.now() - started };
}

describe('withDrawRetries', () => {
  it('asks again after 503, 429 and no answer, and returns the draw', async () => {
    const failures = [
      new ApiError(503, 'HTTP_503', 'Service Unavailable'),
      new ApiError(429, 'TOO_MANY', 'slow down', 2000),
      new ApiError(0, 'NETWORK', 'network request failed'),
    ];
    const { value } = await settle(
      withDrawRetries(async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return 'prize';
      }),
    );
    expect(value).toBe('prize');
    // Backoff 0.5 s, then Retry-After's 2 s over the 1 s backoff, then 2 s.
    expect(waits).toEqual([500, 2000, 2000]);
  });

  it('gives up with the last failure once the next wait would pass about 15 s', async () => {
    let tries = 0;
    const { error, waited } = await settle(
      withDrawRetries(async () => {
        tries += 1;
        throw new ApiError(503, 'HTTP_503', 'Service Unavailable');
      }),
    );
    expect(error).toMatchObject({ status: 503 });
    // 0.5, 1, 2, 4, 4 s, then the last 3.5 s of the budget: the last try comes at 15 s.
    expect(waits).toEqual([500, 1000, 2000, 4000, 4000, 3500]);
    expect(waited).toBe(15_000);
    expect(tries).toBe(waits.length + 1);
  });

  it('gives up at once when Retry-After asks for more than the budget has left', async () => {
    const { error } = await settle(
      withDrawRetries(async () => {
        throw new ApiError(429, 'TOO_MANY', 'slow down', 60_000);
      }),
    );
    expect(error).toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
  });

  it('does not ask again after a refusal that will not pass (401, 409, 400)', async () => {
    for (const status of [400, 401, 409]) {
      let tries = 0;
      const { error } = await settle(
        withDrawRetries(async () => {
          tries += 1;
          throw new ApiError(status, 'X', 'no');
        }),
      );
      expect(error).toMatchObject({ status });
      expect(tries).toBe(1);
    }
  });
});
