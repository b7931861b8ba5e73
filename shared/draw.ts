/** The server-side prize draw and the wheel page's partial shuffle. */
import { SHUFFLE_MAX_SWAPS, SHUFFLE_MIN_SWAPS } from './constants';

/** Returns a uniform integer in [0, maxExclusive). The server passes crypto.randomInt. */
export type RandomInt = (maxExclusive: number) => number;

export interface Drawable {
  id: string;
  /** Whole-number odds; 0 or less is never drawn. */
  weight: number;
  /** null: unlimited; 0: out of stock, never drawn. */
  stock: number | null;
}

/** Slices that can be won right now. */
export const drawableSlices = <T extends Drawable>(slices: readonly T[]): T[] =>
  slices.filter((s) => s.weight > 0 && Number.isInteger(s.weight) && s.stock !== 0);

/**
 * Draws one slice with probability weight / total weight, over the slices in stock.
 * Integer weights and one integer draw keep the odds exact (no floating point bias).
 * Returns undefined when nothing can be drawn.
 */
export function drawPrize<T extends Drawable>(
  slices: readonly T[],
  randomInt: RandomInt,
): T | undefined {
  const candidates = drawableSlices(slices);
  const total = candidates.reduce((sum, s) => sum + s.weight, 0);
  if (total === 0) return undefined;
  let ticket = randomInt(total);
  for (const slice of candidates) {
    if (ticket < slice.weight) return slice;
    ticket -= slice.weight;
  }
  return undefined; // unreachable when randomInt honours its bound
}

/** Number of swaps for the wheel page's partial shuffle: a third of the count, 1 to 3. */
const shuffleSwapCount = (count: number): number =>
  Math.min(SHUFFLE_MAX_SWAPS, Math.max(SHUFFLE_MIN_SWAPS, Math.round(count / 3)));

/** Returns a copy with a few random swaps (docs/product.md); lists under 2 are returned as is. */
export function partialShuffle<T>(items: readonly T[], randomInt: RandomInt): T[] {
  const out = [...items];
  if (out.length < 2) return out;
  for (let swap = 0; swap < shuffleSwapCount(out.length); swap++) {
    const a = randomInt(out.length);
    const b = randomInt(out.length);
    [out[a], out[b]] = [out[b] as T, out[a] as T];
  }
  return out;
}
