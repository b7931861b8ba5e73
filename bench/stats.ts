/** Small statistics helpers of the benchmarks. */

/** The median of a non-empty list (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Milliseconds a promise-returning call takes. */
export async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await call();
  return { ms: performance.now() - start, value };
}
