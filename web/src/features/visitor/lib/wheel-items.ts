/**
 * The wheel page's order of the loaded slices: the required partial shuffle with browser crypto
 * randomness (colours are given after it, components/wheel/wheel-items.ts).
 */
import { partialShuffle } from '@shared/draw';
import type { PublicSlice } from '@shared/types';

/** 2^32: the range of one Uint32 from crypto.getRandomValues. */
const UINT32_RANGE = 2 ** 32;

/** A uniform integer in [0, maxExclusive) from crypto.getRandomValues, by rejection sampling (no modulo bias). */
function cryptoRandomInt(maxExclusive: number): number {
  if (!Number.isInteger(maxExclusive) || maxExclusive <= 0)
    throw new RangeError('maxExclusive must be a positive integer');
  const limit = UINT32_RANGE - (UINT32_RANGE % maxExclusive);
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return value % maxExclusive;
  }
}

/** The loaded order with the required few random swaps (1 to 3, about a third of the count). */
export const shuffleSlices = (slices: readonly PublicSlice[]): PublicSlice[] =>
  partialShuffle(slices, cryptoRandomInt);
