/**
 * Which colour each slice has on the wheel, and which colour its label takes, for the wheel page
 * and the admin's Game Settings alike (docs/product.md, "The wheel"). No dependencies: the wheel
 * page imports it.
 */
import { DEFAULT_ITEM_BACKGROUND_COLORS, DEFAULT_SLICE_COLOR } from './constants';

/** The wheel colours: the saved list when it has any, else the default list. */
export function wheelColors(saved: readonly string[] | undefined): readonly string[] {
  return saved && saved.length > 0 ? saved : DEFAULT_ITEM_BACKGROUND_COLORS;
}

/**
 * Colours tried after the wheel's own list when it has too few different ones to keep neighbours
 * apart (an admin may save one or two): the defaults, then three that differ from each other.
 */
const SPARE_COLORS: readonly string[] = [...DEFAULT_ITEM_BACKGROUND_COLORS, '#2563eb', '#f59e0b'];

/** #ABC and #aabbcc alike as #aabbcc, so two spellings of one colour count as the same. */
function canonical(color: string): string {
  const lower = color.trim().toLowerCase();
  return /^#[0-9a-f]{3}$/.test(lower) ? lower.replace(/[0-9a-f]/g, (c) => c + c) : lower;
}

/**
 * How far apart two neighbouring slices' colours must be, as a distance in the OKLab colour space
 * (perceptual: 0.02 is about the least difference an eye sees; 0.1 reads as another colour at a
 * glance, where two greens or two teals side by side read as one wide slice).
 */
const NEIGHBOUR_MIN_DISTANCE = 0.1;

/** sRGB channel 0-255 to linear light. */
const linear = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** A colour in OKLab (Björn Ottosson's perceptual space): [L, a, b]. */
function oklab(color: string): [number, number, number] {
  const [r, g, b] = rgb(color).map(linear) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** The perceptual distance of two colours (OKLab, Euclidean): 0 for the same colour. */
function colorDistance(a: string, b: string): number {
  const [l1, a1, b1] = oklab(a);
  const [l2, a2, b2] = oklab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/**
 * The colours of the slices in the order the wheel shows them (after the page's shuffle), with no
 * two neighbours alike, the last and the first included: "alike" is closer than
 * NEIGHBOUR_MIN_DISTANCE, not only the same value. A slice keeps the colour the admin gave it,
 * unless the slice before it already shows that colour or one close to it; a slice left at the
 * default white, or one that would sit beside its like, takes the wheel colours in turn (so a wheel
 * of default slices shows the list in order), skipping any colour close to either neighbour's.
 */
export function wheelSliceColors(
  own: readonly (string | undefined)[],
  colors: readonly string[],
): string[] {
  const n = own.length;
  const result: (string | null)[] = own.map((color) =>
    color && canonical(color) !== DEFAULT_SLICE_COLOR ? color : null,
  );
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    a != null &&
    b != null &&
    (isHex(a) && isHex(b)
      ? colorDistance(a, b) < NEIGHBOUR_MIN_DISTANCE
      : canonical(a) === canonical(b));
  if (n >= 2) {
    for (let i = 1; i < n; i++) if (same(result[i], result[i - 1])) result[i] = null;
    if (same(result[n - 1], result[0])) result[n - 1] = null;
  }
  const choices = [...colors, ...SPARE_COLORS];
  let turn = 0;
  for (let i = 0; i < n; i++) {
    if (result[i] !== null) continue;
    const before = n >= 2 ? result[(i - 1 + n) % n] : null;
    const after = n >= 2 ? result[(i + 1) % n] : null;
    const fits = (color: string) => !same(color, before) && !same(color, after);
    const inTurn = colors.length > 0 ? colors[turn % colors.length]! : undefined;
    result[i] =
      (inTurn !== undefined && fits(inTurn) ? inTurn : undefined) ??
      choices.slice(colors.length > 0 ? turn % colors.length : 0).find(fits) ??
      choices.find(fits) ??
      DEFAULT_SLICE_COLOR;
    turn += 1;
  }
  return result as string[];
}

/** Darkest the radial shade makes a slice, at its rim: a black veil of this opacity. */
export const SLICE_SHADE_AT_RIM = 0.12;

/** The least contrast a label has with its slice (WCAG AA for text). */
const LABEL_MIN_CONTRAST = 4.5;

/** Light and dark label colours: white, else near-black, else black where near-black falls short. */
const LABEL_LIGHT = '#ffffff';
const LABEL_DARK = '#111827';
const LABEL_BLACK = '#000000';

/** True for #rgb and #rrggbb. */
const isHex = (color: string): boolean => /^#[0-9a-f]{6}$/.test(canonical(color));

/** [r, g, b] 0-255 of a #rgb / #rrggbb colour; mid grey for anything else. */
function rgb(color: string): [number, number, number] {
  const hex = canonical(color);
  if (!/^#[0-9a-f]{6}$/.test(hex)) return [128, 128, 128];
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * A #rgb / #rrggbb colour mixed `amount` (0 to 1) of the way toward the grey level `toward` (0
 * black, 255 white), as #rrggbb; anything else comes back as it is. The wheel's drawing uses it for
 * its rim and pegs, the label rule for the slice's shaded rim.
 */
export function mixColor(color: string, toward: number, amount: number): string {
  if (!/^#[0-9a-f]{6}$/.test(canonical(color))) return color;
  return (
    '#' +
    rgb(color)
      .map((c) =>
        Math.round(c + (toward - c) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** WCAG relative luminance. */
function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * How much of a label's colour the edges of its letters show as drawn, light labels and dark. The
 * canvas smooths each letter's edge by blending it with the slice beneath, so the letters measure
 * less contrast than their colour has, most at the smallest size: at 12 px on a phone with two
 * device pixels to the CSS pixel, the low tenth of a label's letter pixels (the measure of
 * test/support/drawn-contrast.ts) shows 0.76 of a white label's colour and 0.79 of a dark one's
 * over a grid of slice colours (`npm run bench:wheel`, "letter edges"; 0.82 and 0.90 with three
 * device pixels). The rule counts on a little less of each, so that other names and fonts hold.
 */
export const LABEL_EDGE_SHOWS = Object.freeze({ light: 0.72, dark: 0.76 });

/** `over` blended `amount` (0 to 1) of the way toward `color`, per sRGB channel as a canvas does. */
function blend(over: string, color: string, amount: number): string {
  const [a, b] = [rgb(over), rgb(color)];
  return (
    '#' +
    a
      .map((c, i) =>
        Math.round(c + (b[i]! - c) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/**
 * The contrast of a letter's edge against `ground` (its slice, or its outline): the label colour
 * blended `shows` of the way over the ground, against the ground.
 */
export const letterEdgeContrast = (label: string, ground: string, shows: number): number =>
  contrastRatio(blend(ground, label, shows), ground);

/** A label colour's contrast as its letters' edges show it against `ground` (LABEL_EDGE_SHOWS). */
const edgeContrast = (label: string, ground: string): number =>
  letterEdgeContrast(
    label,
    ground,
    luminance(label) > luminance(ground) ? LABEL_EDGE_SHOWS.light : LABEL_EDGE_SHOWS.dark,
  );

/**
 * A label colour's contrast as drawn, where it is lowest: at its letters' edges, on the slice's
 * plain colour or its shaded rim.
 */
const labelContrast = (label: string, slice: string): number =>
  Math.min(edgeContrast(label, slice), edgeContrast(label, mixColor(slice, 0, SLICE_SHADE_AT_RIM)));

/** How a label is coloured: its fill, and an outline where no fill alone reads well enough. */
export interface LabelColors {
  readonly color: string;
  /** Drawn round the letters; null when the fill alone has the contrast. */
  readonly outline: string | null;
}

/**
 * The label colours that read best on a slice of colour `slice`, as drawn (shade and letter edges
 * included): white or near-black (black where near-black falls short) when one has
 * LABEL_MIN_CONTRAST; on the mid tones where neither has (a bright red, a mid blue or grey), white
 * with a near-black outline, and the slice keeps the owner's colour.
 */
export function labelColorsOn(slice: string): LabelColors {
  const ranked = [LABEL_LIGHT, LABEL_DARK, LABEL_BLACK]
    .map((color) => ({ color, contrast: labelContrast(color, slice) }))
    .filter((c) => c.contrast >= LABEL_MIN_CONTRAST);
  const first = ranked[0];
  if (first) {
    // White when it reads as well as dark; otherwise the first dark one that is enough.
    const light = ranked.find((c) => c.color === LABEL_LIGHT);
    const dark = ranked.find((c) => c.color !== LABEL_LIGHT);
    if (light && (!dark || light.contrast >= dark.contrast))
      return { color: LABEL_LIGHT, outline: null };
    return { color: (dark ?? first).color, outline: null };
  }
  return { color: LABEL_LIGHT, outline: LABEL_DARK };
}

/** The outline that sets off a label of colour `label` on anything (a slice's picture, say). */
export const labelOutlineFor = (label: string): string =>
  contrastRatio(label, LABEL_LIGHT) >= contrastRatio(label, LABEL_DARK) ? LABEL_LIGHT : LABEL_DARK;

/**
 * The contrast a label coloured `colors` has as drawn (its letters' edges included): against its
 * outline when it has one, else its slice.
 */
export const labelColorsContrast = (colors: LabelColors, slice: string): number =>
  colors.outline ? edgeContrast(colors.color, colors.outline) : labelContrast(colors.color, slice);
