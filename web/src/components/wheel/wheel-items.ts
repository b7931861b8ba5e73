/**
 * From prizes to wheel items, for the wheel page and the admin's preview alike: each slice's colour
 * in the order the wheel shows them (no two neighbours alike, shared/wheel-colors.ts) and the label
 * colours that read best on it. Slices are drawn the same size: the odds are the server's business.
 */
import { labelColorsOn, labelOutlineFor, wheelSliceColors } from '@shared/wheel-colors';
import type { PrizeWheelItem } from './prize-wheel';

/** What the wheel shows of a prize. */
export interface WheelPrize {
  readonly name: string;
  readonly bgColor?: string;
  readonly imageSrc?: string;
}

/** Wheel items for `prizes` in the order given, coloured from the wheel colours `colors`. */
export function wheelItemsFor(
  prizes: readonly WheelPrize[],
  colors: readonly string[],
): PrizeWheelItem[] {
  const backgrounds = wheelSliceColors(
    prizes.map((prize) => prize.bgColor),
    colors,
  );
  return prizes.map((prize, i) => {
    const backgroundColor = backgrounds[i]!;
    const label = labelColorsOn(backgroundColor);
    // Over a picture the slice colour says nothing of the contrast: an outline gives it.
    const outline = prize.imageSrc
      ? (label.outline ?? labelOutlineFor(label.color))
      : label.outline;
    return {
      label: prize.name,
      backgroundColor,
      labelColor: label.color,
      labelOutlineColor: outline,
      image: prize.imageSrc || undefined,
      weight: 1,
    };
  });
}
