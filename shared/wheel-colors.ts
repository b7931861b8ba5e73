/**
 * Which colour each slice has on the wheel, for the wheel page and the admin's slices table alike
 * (docs/product.md, "The wheel"). No dependencies: the wheel page imports it.
 */
import { DEFAULT_ITEM_BACKGROUND_COLORS, DEFAULT_SLICE_COLOR } from './constants';

/** The wheel colours: the saved list when it has any, else the default list. */
export function wheelColors(saved: readonly string[] | undefined): readonly string[] {
  return saved && saved.length > 0 ? saved : DEFAULT_ITEM_BACKGROUND_COLORS;
}

/**
 * A slice's colour on the wheel. A slice keeps the colour the admin gave it; one left at the
 * default white takes the wheel colours in turn by its place in the prize list (the order the
 * admin sees, before the wheel page shuffles or leaves out sold-out prizes), so a wheel of default
 * slices is still colourful and the admin's preview shows the colour the wheel really uses.
 */
export function sliceWheelColor(
  bgColor: string | undefined,
  listIndex: number,
  colors: readonly string[],
): string {
  if (bgColor && bgColor.toLowerCase() !== DEFAULT_SLICE_COLOR) return bgColor;
  return colors.length > 0 ? colors[listIndex % colors.length]! : DEFAULT_SLICE_COLOR;
}
