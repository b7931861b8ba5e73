/**
 * Where each slice's label goes and how large it is: a pure function of the slice's angle, the
 * band of radius labels may use and the text's measured width, so a unit test can compute the
 * sizes the wheel will draw. Each label is fitted to its own slice (a short name in a wide slice
 * is large even when another name is long), on one line or, where that reads larger, two.
 *
 * A label runs along the slice's middle, from the outer edge of its band inwards. Its block must
 * stay inside the slice: at its inner end the slice is narrowest, 2 d tan(sweep / 2) across at
 * distance d from the centre.
 */

/** Width in CSS px of `text` set at 1 px (the width scales with the size). */
export type MeasureText = (text: string) => number;

/** The room a slice gives its label. */
export interface LabelRoom {
  /** The slice's angle in degrees, more than 0. */
  readonly sweepDeg: number;
  /** Distance from the centre, CSS px, at which the label ends on the outside. */
  readonly outerPx: number;
  /** Distance from the centre, CSS px, that the label may not pass towards the centre. */
  readonly innerPx: number;
  /** Largest font size wanted, CSS px. */
  readonly maxFontPx: number;
}

/** A fitted label: one or two lines, in one font size. */
export interface LabelLayout {
  readonly lines: readonly string[];
  /** CSS px; 0 when the label cannot be drawn at all (no text, no room). */
  readonly fontPx: number;
}

/** Line pitch of a two-line label, in em: tight, as on a sign, but ascenders clear descenders. */
export const LABEL_LINE_HEIGHT_EM = 1.08;
/** A line's ink box, in em, for the fit: a bold capital and a descender. */
const LINE_BOX_EM = 1.0;
/** The block may fill this share of the slice's width where it is narrowest: a margin to the lines. */
const SLICE_FILL = 0.86;
/** Two lines are chosen only when they read at least this much larger than one. */
const TWO_LINES_MIN_GAIN = 1.08;
/** tan(sweep / 2) for slices of half the wheel or more: their width never limits a label. */
const WIDE_SLICE_TAN = 1e3;

/** The ways to set `text`: whole on one line, or split in two at each space. */
function candidates(text: string): string[][] {
  const out: string[][] = [[text]];
  for (let i = text.indexOf(' '); i > 0; i = text.indexOf(' ', i + 1)) {
    const first = text.slice(0, i).trimEnd();
    const second = text.slice(i + 1).trimStart();
    if (first && second) out.push([first, second]);
  }
  return out;
}

/** The largest font size at which `lines` fit `room`. */
function fitSize(lines: readonly string[], room: LabelRoom, measure: MeasureText): number {
  const unitWidth = Math.max(...lines.map(measure));
  const unitHeight = LINE_BOX_EM + (lines.length - 1) * LABEL_LINE_HEIGHT_EM;
  const length = room.outerPx - room.innerPx;
  if (unitWidth <= 0 || length <= 0) return 0;
  const half = (Math.min(room.sweepDeg, 180) * Math.PI) / 360;
  const tan = room.sweepDeg >= 180 ? WIDE_SLICE_TAN : Math.tan(half);
  // Along the radius: f * unitWidth <= length. Across: at the inner end d = outer - f * unitWidth,
  // f * unitHeight / 2 <= d * tan * SLICE_FILL, which solved for f gives the second bound.
  const byLength = length / unitWidth;
  const byWidth =
    (room.outerPx * tan * SLICE_FILL) / (unitHeight / 2 + unitWidth * tan * SLICE_FILL);
  return Math.max(0, Math.min(room.maxFontPx, byLength, byWidth));
}

/**
 * Fits `text` to `room`: the set-up (one line, or two split at a space) that reads largest,
 * preferring one line unless two are clearly larger.
 */
export function fitLabel(text: string, room: LabelRoom, measure: MeasureText): LabelLayout {
  const trimmed = text.trim();
  if (!trimmed) return { lines: [], fontPx: 0 };
  let best: LabelLayout = { lines: [trimmed], fontPx: fitSize([trimmed], room, measure) };
  for (const lines of candidates(trimmed).slice(1)) {
    const fontPx = fitSize(lines, room, measure);
    if (fontPx > best.fontPx * (best.lines.length === 1 ? TWO_LINES_MIN_GAIN : 1)) {
      best = { lines, fontPx };
    }
  }
  return best;
}
