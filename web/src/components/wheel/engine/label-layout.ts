/**
 * Where each slice's label goes and how large it is: a pure function of the slices' angles, the
 * band of radius labels may use and the texts' measured widths, so a unit test can compute the
 * sizes the wheel will draw. Every label of a wheel is set in one size (fitWheelLabels), the
 * largest at which all fit, on one line or two; a name with no space that would hold the whole
 * wheel down breaks inside the word instead, or ends in an ellipsis, but never shrinks the rest.
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

/** The ellipsis that ends a name cut short. */
const ELLIPSIS = '\u2026';

/**
 * The ways to set `text`: whole on one line, or split in two at each space; a name with no space
 * splits at each letter instead (broken, not shrunk).
 */
function candidates(text: string): string[][] {
  const out: string[][] = [[text]];
  const hasSpace = text.includes(' ');
  for (let i = 1; i < text.length; i++) {
    if (hasSpace && text[i] !== ' ') continue;
    const first = text.slice(0, i).trimEnd();
    const second = text.slice(hasSpace ? i + 1 : i).trimStart();
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

/**
 * Fits every label of a wheel in one size: the largest at which each label fits its slice (one
 * line or two; see fitLabel), and never below `minFontPx`. A label that still does not fit at that
 * size (a long name in too small a slice) ends in an ellipsis; its whole text is the wheel's
 * description's and the popup's. Empty labels come back with font size 0.
 */
export function fitWheelLabels(
  texts: readonly string[],
  rooms: readonly LabelRoom[],
  measure: MeasureText,
  minFontPx: number,
): LabelLayout[] {
  const fitted = texts.map((text, i) => fitLabel(text, rooms[i]!, measure));
  const drawn = fitted.filter((layout) => layout.fontPx > 0).map((layout) => layout.fontPx);
  if (drawn.length === 0) return fitted;
  const largest = Math.min(...rooms.map((room) => room.maxFontPx));
  const size = Math.min(largest, Math.max(minFontPx, Math.min(...drawn)));
  return texts.map((text, i) => {
    const trimmed = text.trim();
    if (!trimmed) return { lines: [], fontPx: 0 };
    const room = rooms[i]!;
    // At the wheel's size one line is preferred; else the two lines with the most room to spare.
    const fitting = candidates(trimmed)
      .map((lines) => ({ lines, fit: fitSize(lines, room, measure) }))
      .filter((candidate) => candidate.fit >= size);
    const chosen =
      fitting.find((candidate) => candidate.lines.length === 1) ??
      fitting.sort((a, b) => b.fit - a.fit)[0];
    if (chosen) return { lines: chosen.lines, fontPx: size };
    for (let n = trimmed.length - 1; n > 0; n--) {
      const line = trimmed.slice(0, n).trimEnd() + ELLIPSIS;
      if (fitSize([line], room, measure) >= size) return { lines: [line], fontPx: size };
    }
    return { lines: [], fontPx: 0 };
  });
}
