/**
 * Pure free-spin physics. Speeds are in degrees/s (positive is clockwise), resistance in
 * degrees/s per second, times in seconds unless a name says otherwise.
 */

/** State of a freely spinning wheel. */
export interface SpinState {
  /** Degrees. */
  readonly rotation: number;
  /** Degrees/s; positive is clockwise. */
  readonly speed: number;
}

/** Result of one step: the new state and whether the wheel has come to rest (speed exactly 0). */
export interface SpinStep extends SpinState {
  readonly atRest: boolean;
}

/** Limits a speed (degrees/s) to [-max, max]; `max` is at least 0. */
export function clampSpeed(speed: number, max: number): number {
  return Math.max(-max, Math.min(max, speed));
}

/**
 * Advances a free spin by `dt` seconds (0 or more) under constant `resistance`: the speed's
 * magnitude changes by `resistance` every second (negative slows the wheel, 0 spins for ever) and
 * stays within [0, `speedMax`]. Integrated exactly, so the result does not depend on the frame rate,
 * and the wheel stops exactly when the speed reaches 0 mid-step.
 */
export function stepFreeSpin(
  state: SpinState,
  dt: number,
  resistance: number,
  speedMax: number,
): SpinStep {
  const direction = Math.sign(state.speed);
  const magnitude = Math.min(Math.abs(state.speed), speedMax);
  if (magnitude === 0) return { rotation: state.rotation, speed: 0, atRest: true };
  const next = magnitude + resistance * dt;
  if (next <= 0) {
    const timeToStop = magnitude / -resistance;
    return {
      rotation: state.rotation + (direction * magnitude * timeToStop) / 2,
      speed: 0,
      atRest: true,
    };
  }
  if (next > speedMax) {
    // Accelerating resistance: reach the cap, then coast at it.
    const timeToCap = (speedMax - magnitude) / resistance;
    const distance =
      magnitude * timeToCap + (resistance * timeToCap ** 2) / 2 + speedMax * (dt - timeToCap);
    return {
      rotation: state.rotation + direction * distance,
      speed: direction * speedMax,
      atRest: false,
    };
  }
  const distance = magnitude * dt + (resistance * dt ** 2) / 2;
  return {
    rotation: state.rotation + direction * distance,
    speed: direction * next,
    atRest: false,
  };
}

/** A drag sample: time in ms and the wheel rotation in degrees. */
export interface DragSample {
  readonly timeMs: number;
  readonly rotation: number;
}

/**
 * Release speed of a drag in degrees/s, from the samples within the last `windowMs` ms before
 * `nowMs` (inclusive). 0 when fewer than two samples are recent or no time passed between them.
 */
export function dragReleaseSpeed(
  samples: readonly DragSample[],
  nowMs: number,
  windowMs: number,
): number {
  const recent = samples.filter((s) => nowMs - s.timeMs <= windowMs);
  const first = recent[0];
  const last = recent[recent.length - 1];
  if (!first || !last || last.timeMs <= first.timeMs) return 0;
  return ((last.rotation - first.rotation) / (last.timeMs - first.timeMs)) * 1000;
}
