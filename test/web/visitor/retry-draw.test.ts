import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/lib/api-client';
import { withDrawRetries, type RetryClock } from '../../../web/src/features/visitor/lib/retry-draw';

/** A clock that only moves when the code under test sleeps. */
function fakeClock(): RetryClock & { waits: number[] } {
  let t = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => t,
    sleep: async (ms) => {
      waits.push(ms);
      t += ms;
    },
  };
}

describe('withDrawRetries', () => {
  it('asks again after 503, 429 and no answer, and returns the draw', async () => {
    const failures = [
      new ApiError(503, 'HTTP_503', 'Service Unavailable'),
      new ApiError(429, 'TOO_MANY', 'slow down', 2000),
      new ApiError(0, 'NETWORK', 'network request failed'),
    ];
    const clock = fakeClock();
    const result = await withDrawRetries(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return 'prize';
    }, clock);
    expect(result).toBe('prize');
    // Backoff 0.5 s, then Retry-After's 2 s over the 1 s backoff, then 2 s.
    expect(clock.waits).toEqual([500, 2000, 2000]);
  });

  it('gives up with the last failure once the next wait would pass about 15 s', async () => {
    const clock = fakeClock();
    let tries = 0;
    const run = withDrawRetries(async () => {
      tries += 1;
      throw new ApiError(503, 'HTTP_503', 'Service Unavailable');
    }, clock);
    await expect(run).rejects.toMatchObject({ status: 503 });
    const waited = clock.waits.reduce((a, b) => a + b, 0);
    // 0.5, 1, 2, 4, 4 s, then the last 3 s of the budget: the last try comes at 15 s.
    expect(clock.waits).toEqual([500, 1000, 2000, 4000, 4000, 3500]);
    expect(waited).toBe(15_000);
    expect(tries).toBe(clock.waits.length + 1);
  });

  it('gives up at once when Retry-After asks for more than the budget has left', async () => {
    const clock = fakeClock();
    await expect(
      withDrawRetries(async () => {
        throw new ApiError(429, 'TOO_MANY', 'slow down', 60_000);
      }, clock),
    ).rejects.toMatchObject({ status: 429 });
    expect(clock.waits).toEqual([]);
  });

  it('does not ask again after a refusal that will not pass (401, 409, 400)', async () => {
    for (const status of [400, 401, 409]) {
      const clock = fakeClock();
      let tries = 0;
      await expect(
        withDrawRetries(async () => {
          tries += 1;
          throw new ApiError(status, 'X', 'no');
        }, clock),
      ).rejects.toMatchObject({ status });
      expect(tries).toBe(1);
    }
  });
});
