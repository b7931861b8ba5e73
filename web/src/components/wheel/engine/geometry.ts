/**
 * Pure wheel geometry. All angles are in degrees, measured clockwise from the wheel's zero angle
 * (the top of the wheel). A positive rotation turns the wheel clockwise.
 */
import { FULL_TURN_DEG, SLICE_EDGE_MARGIN_RATIO } from './defaults';

/** One slice's span on the unrotated wheel: `start` inclusive, `end` exclusive, 0 <= start < end <= 360. */
export interface SliceSpan {
  readonly start: number;
  readonly end: number;
}

/** Reduces an angle in degrees to the range [0, 360). */
export function normalizeAngle(deg: number): number {
  const reduced = deg % FULL_TURN_DEG;
  const positive = reduced < 0 ? reduced + FULL_TURN_DEG : reduced;
  // A tiny negative angle rounds up to exactly 360 when shifted; `+ 0` turns -0 into 0.
  return (positive >= FULL_TURN_DEG ? 0 : positive) + 0;
}

/** Reduces an angle difference in degrees to the range [-180, 180). */
export function shortestDelta(deg: number): number {
  return normalizeAngle(deg + FULL_TURN_DEG / 2) - FULL_TURN_DEG / 2;
}

/**
 * Slice spans proportional to the weights, laid clockwise from 0 and together spanning exactly
 * 360 degrees. Weights must be finite and greater than 0 (the item setters guarantee it).
 */
export function sliceSpans(weights: readonly number[]): SliceSpan[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const spans: SliceSpan[] = [];
  let cumulative = 0;
  for (const [i, weight] of weights.entries()) {
    const start = (cumulative / total) * FULL_TURN_DEG;
    cumulative += weight;
    // The last end is pinned to 360 so rounding never leaves a gap at the top.
    const end = i === weights.length - 1 ? FULL_TURN_DEG : (cumulative / total) * FULL_TURN_DEG;
    spans.push({ start, end });
  }
  return spans;
}

/** Index of the slice containing `angle` (any degrees; start inclusive, end exclusive), or -1 with no slices. */
function indexAtAngle(spans: readonly SliceSpan[], angle: number): number {
  if (spans.length === 0) return -1;
  const a = normalizeAngle(angle);
  // Binary search: spans are sorted and contiguous.
  let low = 0;
  let high = spans.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    const span = spans[mid] as SliceSpan;
    if (a >= span.end) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The wheel angle under the pointer: the pointer is fixed on screen while the wheel turns by `rotation`. */
function angleUnderPointer(rotation: number, pointerAngle: number): number {
  return normalizeAngle(pointerAngle - rotation);
}

/** Index of the slice under the pointer for a wheel turned by `rotation` degrees, or -1 with no slices. */
export function indexUnderPointer(
  spans: readonly SliceSpan[],
  rotation: number,
  pointerAngle: number,
): number {
  return indexAtAngle(spans, angleUnderPointer(rotation, pointerAngle));
}

/** Centre angle of a slice, in degrees. */
export function centerAngle(span: SliceSpan): number {
  return (span.start + span.end) / 2;
}

/**
 * A landing angle inside a slice, kept `SLICE_EDGE_MARGIN_RATIO` of its width away from both edges
 * so a random landing never sits on a dividing line. `random` returns values in [0, 1).
 */
export function randomAngleInSlice(span: SliceSpan, random: () => number): number {
  const width = span.end - span.start;
  const margin = width * SLICE_EDGE_MARGIN_RATIO;
  return span.start + margin + random() * (width - 2 * margin);
}

/** Options of {@link targetRotationFor}. */
export interface TargetRotationInput {
  /** Current wheel rotation, degrees (any value, not normalised). */
  readonly from: number;
  /** Wheel angle (degrees) that must end under the pointer. */
  readonly landingAngle: number;
  /** Pointer angle, degrees. */
  readonly pointerAngle: number;
  /** Whole extra turns before landing, 0 or more. */
  readonly revolutions: number;
  /** 1 turns clockwise (rotation grows), -1 anti-clockwise. */
  readonly direction: 1 | -1;
}

/**
 * The rotation (degrees) at which `landingAngle` sits under the pointer, reached from `from` by
 * turning in `direction` less than one turn plus `revolutions` whole turns.
 */
export function targetRotationFor(input: TargetRotationInput): number {
  const { from, landingAngle, pointerAngle, revolutions, direction } = input;
  const restingRotation = pointerAngle - landingAngle;
  const forward = normalizeAngle(restingRotation - from);
  const delta = direction === 1 ? forward : -normalizeAngle(from - restingRotation);
  return from + delta + direction * FULL_TURN_DEG * Math.max(0, Math.floor(revolutions));
}

/**
 * The rotation (degrees) at which the slice under the pointer next changes when the wheel keeps
 * turning in `direction` from `rotation`. Turning clockwise the pointer leaves a slice over its
 * start edge (inclusive), so the change happens strictly after the returned value; anti-clockwise
 * it happens exactly at the returned value (end edge is exclusive).
 */
export function nextIndexChangeRotation(
  spans: readonly SliceSpan[],
  rotation: number,
  pointerAngle: number,
  direction: 1 | -1,
): number {
  const angle = angleUnderPointer(rotation, pointerAngle);
  const span = spans[indexAtAngle(spans, angle)];
  if (!span) return direction * Infinity;
  return direction === 1 ? rotation + (angle - span.start) : rotation - (span.end - angle);
}
