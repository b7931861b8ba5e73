/**
 * From loaded slices to wheel items: the required partial shuffle with browser crypto randomness,
 * the slice colours, and a label colour that stays readable on each background.
 */
import { DEFAULT_SLICE_COLOR } from '../../../../../shared/constants';
import { partialShuffle } from '../../../../../shared/draw';
import type { PublicSlice } from '../../../../../shared/types';
import type { PrizeWheelItem } from '../../../components/wheel/prize-wheel';

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

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG relative luminance of a #rgb / #rrggbb colour; undefined for anything else. */
function relativeLuminance(color: string): number | undefined {
  if (!HEX.test(color)) return undefined;
  let hex = color.slice(1);
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG contrast ratio of two luminances. */
const contrastRatio = (a: number, b: number): number =>
  (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const DARK_LABEL = '#111827';
const LIGHT_LABEL = '#ffffff';

/** Dark or white text, whichever contrasts more with `background`. */
function labelColorFor(background: string): string {
  const bg = relativeLuminance(background);
  if (bg === undefined) return DARK_LABEL;
  const dark = contrastRatio(bg, relativeLuminance(DARK_LABEL)!);
  const light = contrastRatio(bg, relativeLuminance(LIGHT_LABEL)!);
  return dark >= light ? DARK_LABEL : LIGHT_LABEL;
}

/**
 * Wheel items in slice order. Each slice's colour is already the one the wheel shows
 * (shared/wheel-colors.ts, applied when the wheel loads). Slices are drawn the same size: the
 * odds are the server's business.
 */
export function toWheelItems(slices: readonly PublicSlice[]): PrizeWheelItem[] {
  return slices.map((slice) => {
    const backgroundColor = slice.bgColor || DEFAULT_SLICE_COLOR;
    return {
      label: slice.name,
      backgroundColor,
      labelColor: labelColorFor(backgroundColor),
      image: slice.imageSrc || undefined,
      weight: 1,
    };
  });
}
