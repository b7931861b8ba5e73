import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cubicOut,
  easingToCss,
  invertEasing,
  rampThenSteady,
  sineOut,
} from '../../../web/src/components/wheel/engine/easing';

/** Evaluates a CSS cubic-bezier(x1, y1, x2, y2) at time x, by bisection on the x polynomial. */
function cssCubicBezier(css: string, x: number): number {
  const [x1, y1, x2, y2] = (css.match(/[\d.]+/g) ?? []).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const bez = (s: number, p1: number, p2: number) =>
    3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (bez(mid, x1, x2) < x) low = mid;
    else high = mid;
  }
  return bez(low, y1, y2);
}

describe('cubicOut', () => {
  it('starts at 0 and ends at 1 when given the bounds', () => {
    expect(cubicOut(0)).toBe(0);
    expect(cubicOut(1)).toBe(1);
    expect(cubicOut(0.5)).toBe(0.875);
  });

  it('matches its CSS cubic-bezier at any progress', () => {
    const css = easingToCss(cubicOut);
    expect(css).toMatch(/^cubic-bezier\(/);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (t) => {
        expect(cssCubicBezier(css, t)).toBeCloseTo(cubicOut(t), 5);
      }),
    );
  });
});

describe('easingToCss', () => {
  it('returns the exact bezier for cubicOut and a sampled linear() for other curves', () => {
    expect(easingToCss(cubicOut)).toMatch(/^cubic-bezier\(/);
    const css = easingToCss(sineOut);
    expect(css.startsWith('linear(0, ')).toBe(true);
    expect(css.endsWith(', 1)')).toBe(true);
  });
});

/** Evaluates a CSS linear(v1 p1%, v2 p2%, ...) at time x (every point given with its position). */
function cssLinear(css: string, x: number): number {
  const points = [...css.matchAll(/([\d.]+) ([\d.]+)%/g)].map((m) => ({
    value: Number(m[1]),
    at: Number(m[2]) / 100,
  }));
  const after = points.findIndex((p) => p.at >= x);
  if (after <= 0) return points[0]!.value;
  const a = points[after - 1]!;
  const b = points[after]!;
  return a.value + ((b.value - a.value) * (x - a.at)) / (b.at - a.at);
}

describe('rampThenSteady', () => {
  it('speeds up evenly, then keeps a steady speed, from 0 to 1', () => {
    const easing = rampThenSteady(0.1);
    expect(easing(0)).toBe(0);
    expect(easing(1)).toBeCloseTo(1, 12);
    const speed = (t: number) => (easing(t + 1e-6) - easing(t)) / 1e-6;
    expect(speed(0)).toBeCloseTo(0, 3);
    expect(speed(0.05)).toBeCloseTo(speed(0.1) / 2, 3);
    // The same speed from the end of the ramp on: no jolt where the ramp ends.
    expect(speed(0.1 - 1e-5)).toBeCloseTo(speed(0.5), 2);
    expect(speed(0.99)).toBeCloseTo(speed(0.5), 6);
  });

  it('matches its CSS linear() to within a thousandth of the turn at any progress', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ramp, t) => {
          const easing = rampThenSteady(ramp);
          expect(Math.abs(cssLinear(easingToCss(easing), t) - easing(t))).toBeLessThan(1e-3);
        },
      ),
    );
  });
});

describe('invertEasing', () => {
  it('finds the progress at which the curve reaches a value for any target', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (target) => {
        const t = invertEasing(cubicOut, target);
        expect(cubicOut(t)).toBeGreaterThanOrEqual(target - 1e-12);
        expect(cubicOut(Math.max(0, t - 1e-6))).toBeLessThanOrEqual(target + 1e-9);
      }),
    );
  });
});
