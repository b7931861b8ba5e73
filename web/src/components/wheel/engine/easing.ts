/**
 * Easing functions for timed spins, and their CSS equivalents so a timed spin can run on the
 * compositor (Web Animations) with exactly the same curve the engine uses for its events.
 */

/** Maps progress in [0, 1] (inclusive) to eased progress; 0 -> 0 and 1 -> 1. */
export type EasingFunction = (t: number) => number;

/** Cubic ease-out: fast start, gentle stop. The default for spinTo and spinToItem. */
export const cubicOut: EasingFunction = (t) => 1 - (1 - t) ** 3;

/** Sine ease-out: a softer stop, used for the short reduced-motion spin. */
export const sineOut: EasingFunction = (t) => Math.sin((t * Math.PI) / 2);

/**
 * 1 - (1 - t)^3 written as a cubic Bezier: control points x at 1/3 and 2/3 make x(s) = s, and
 * y control values 1 and 1 give y(s) = 3s - 3s^2 + s^3. So this is exact, not an approximation.
 */
const CUBIC_OUT_CSS = 'cubic-bezier(0.3333333, 1, 0.6666667, 1)';

/** Number of points used to hand an arbitrary easing to CSS `linear()`. */
const CSS_LINEAR_SAMPLES = 64;

/** Points of the CSS `linear()` written for the speeding-up part of rampThenSteady. */
const RAMP_CSS_SAMPLES = 24;

const KNOWN_CSS = new WeakMap<EasingFunction, string>([[cubicOut, CUBIC_OUT_CSS]]);

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Speeds up evenly (constant acceleration) over the first `rampFraction` of the time, then turns
 * at that speed to the end: the wheel's spin-up while the server draws. Its CSS form is a
 * `linear()` with its points on the speeding-up part, so the compositor runs the same curve.
 */
export function rampThenSteady(rampFraction: number): EasingFunction {
  const r = Math.min(1, Math.max(1e-6, rampFraction));
  const whole = 1 - r / 2;
  const easing: EasingFunction = (t) => (t < r ? (t * t) / (2 * r) : t - r / 2) / whole;
  const points: string[] = [];
  for (let i = 0; i <= RAMP_CSS_SAMPLES; i++) {
    const t = (r * i) / RAMP_CSS_SAMPLES;
    points.push(`${round6(easing(t))} ${round6(t * 100)}%`);
  }
  if (r < 1) points.push('1 100%');
  KNOWN_CSS.set(easing, `linear(${points.join(', ')})`);
  return easing;
}

/** CSS easing for `easing`: exact for the known curves, else `linear()` sampled at 64 points. */
export function easingToCss(easing: EasingFunction): string {
  const known = KNOWN_CSS.get(easing);
  if (known) return known;
  const points: string[] = [];
  for (let i = 0; i <= CSS_LINEAR_SAMPLES; i++) {
    points.push(String(round6(easing(i / CSS_LINEAR_SAMPLES))));
  }
  return `linear(${points.join(', ')})`;
}

/**
 * Smallest progress t in [0, 1] with easing(t) >= target (for an increasing easing), found by
 * bisection to within 1e-7. Used to schedule events from the known curve instead of polling.
 */
export function invertEasing(easing: EasingFunction, target: number): number {
  if (target <= easing(0)) return 0;
  if (target >= easing(1)) return 1;
  let low = 0;
  let high = 1;
  while (high - low > 1e-7) {
    const mid = (low + high) / 2;
    if (easing(mid) >= target) high = mid;
    else low = mid;
  }
  return high;
}
