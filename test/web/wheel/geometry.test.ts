import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centerAngle,
  indexUnderPointer,
  nextIndexChangeRotation,
  normalizeAngle,
  randomAngleInSlice,
  shortestDelta,
  sliceSpans,
  targetRotationFor,
} from '../../../web/src/components/wheel/engine/geometry';

const weights = fc.array(fc.double({ min: 0.05, max: 20, noNaN: true }), {
  minLength: 1,
  maxLength: 12,
});
const rotation = fc.double({ min: -1e5, max: 1e5, noNaN: true });
const pointer = fc.double({ min: 0, max: 359.999, noNaN: true });

describe('normalizeAngle', () => {
  it('reduces any angle to [0, 360) when given negatives and multiples of 360', () => {
    // Prepare / Act / Assess
    expect([-90, 0, 360, 725, -360].map(normalizeAngle)).toEqual([270, 0, 0, 5, 0]);
    fc.assert(
      fc.property(rotation, (deg) => {
        const a = normalizeAngle(deg);
        return a >= 0 && a < 360;
      }),
    );
  });
});

describe('shortestDelta', () => {
  it('maps a difference to [-180, 180) when it wraps around the top', () => {
    expect(shortestDelta(350)).toBe(-10);
    expect(shortestDelta(-350)).toBeCloseTo(10);
    expect(shortestDelta(180)).toBe(-180);
  });
});

describe('sliceSpans', () => {
  it('gives each slice an angle proportional to its weight when weights differ', () => {
    // Prepare
    const w = [1, 2, 1];
    // Act
    const spans = sliceSpans(w);
    // Assess
    expect(spans).toEqual([
      { start: 0, end: 90 },
      { start: 90, end: 270 },
      { start: 270, end: 360 },
    ]);
  });

  it('spans exactly 360 degrees, contiguously and proportionally, for any weights', () => {
    fc.assert(
      fc.property(weights, (w) => {
        const spans = sliceSpans(w);
        const total = w.reduce((a, b) => a + b, 0);
        expect(spans[0]?.start).toBe(0);
        expect(spans.at(-1)?.end).toBe(360);
        spans.forEach((s, i) => {
          if (i > 0) expect(s.start).toBe(spans[i - 1]?.end);
          expect(s.end - s.start).toBeCloseTo(((w[i] as number) / total) * 360, 6);
        });
      }),
    );
  });
});

describe('the slice at an angle', () => {
  // An unturned wheel: the slice under a pointer at `angle` is the slice at `angle`.
  const indexAtAngle = (spans: ReturnType<typeof sliceSpans>, angle: number) =>
    indexUnderPointer(spans, 0, angle);

  it('includes a slice start and excludes its end when the angle sits on an edge', () => {
    const spans = sliceSpans([1, 1, 1, 1]);
    expect(indexAtAngle(spans, 0)).toBe(0);
    expect(indexAtAngle(spans, 89.999)).toBe(0);
    expect(indexAtAngle(spans, 90)).toBe(1);
    expect(indexAtAngle(spans, 359.999)).toBe(3);
    expect(indexAtAngle(spans, 360)).toBe(0);
    expect(indexAtAngle([], 10)).toBe(-1);
  });
});

describe('indexUnderPointer', () => {
  it('finds the top slice when the wheel is not turned and the pointer is at the top', () => {
    expect(indexUnderPointer(sliceSpans([1, 1, 1, 1]), 0, 0)).toBe(0);
  });

  it('moves to the previous slice when the wheel turns clockwise past a start edge', () => {
    const spans = sliceSpans([1, 1, 1, 1]);
    expect(indexUnderPointer(spans, 1, 0)).toBe(3);
    expect(indexUnderPointer(spans, 91, 0)).toBe(2);
  });

  it('returns the slice whose span holds pointer minus rotation for any rotation', () => {
    fc.assert(
      fc.property(weights, rotation, pointer, (w, r, p) => {
        // Prepare
        const spans = sliceSpans(w);
        // Act
        const index = indexUnderPointer(spans, r, p);
        // Assess
        const span = spans[index];
        expect(span).toBeDefined();
        const a = normalizeAngle(p - r);
        expect(a).toBeGreaterThanOrEqual(span!.start);
        expect(a).toBeLessThan(span!.end);
      }),
    );
  });
});

describe('targetRotationFor', () => {
  it('puts the landing angle under the pointer after whole turns in the chosen direction', () => {
    fc.assert(
      fc.property(
        rotation,
        fc.double({ min: 0, max: 359.99, noNaN: true }),
        pointer,
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(1 as const, -1 as const),
        (from, landing, p, revolutions, direction) => {
          // Act
          const to = targetRotationFor({
            from,
            landingAngle: landing,
            pointerAngle: p,
            revolutions,
            direction,
          });
          // Assess
          const delta = (to - from) * direction;
          expect(delta).toBeGreaterThanOrEqual(revolutions * 360 - 1e-6);
          expect(delta).toBeLessThan((revolutions + 1) * 360 + 1e-6);
          const underPointer = normalizeAngle(p - to);
          const diff = Math.abs(shortestDelta(underPointer - landing));
          expect(diff).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it('lands inside the target slice for every index and many start rotations', () => {
    fc.assert(
      fc.property(
        weights,
        rotation,
        pointer,
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.boolean(),
        (w, from, p, random, toCenter) => {
          const spans = sliceSpans(w);
          spans.forEach((span, index) => {
            // Act
            const landing = toCenter ? centerAngle(span) : randomAngleInSlice(span, () => random);
            const to = targetRotationFor({
              from,
              landingAngle: landing,
              pointerAngle: p,
              revolutions: 3,
              direction: 1,
            });
            // Assess
            expect(indexUnderPointer(spans, to, p)).toBe(index);
          });
        },
      ),
    );
  });
});

describe('randomAngleInSlice', () => {
  it('keeps a margin from both edges when random is 0 or almost 1', () => {
    const span = { start: 40, end: 80 };
    expect(randomAngleInSlice(span, () => 0)).toBeCloseTo(46);
    expect(randomAngleInSlice(span, () => 0.999999)).toBeCloseTo(74);
  });
});

describe('nextIndexChangeRotation', () => {
  it('finds the rotation where the slice under the pointer changes for any rotation', () => {
    fc.assert(
      fc.property(
        weights,
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        pointer,
        fc.constantFrom(1 as const, -1 as const),
        (w, r, p, direction) => {
          // Prepare
          const spans = sliceSpans(w);
          const before = indexUnderPointer(spans, r, p);
          // Act
          const edge = nextIndexChangeRotation(spans, r, p, direction);
          // Assess: just before the edge the index is unchanged; just past it, it changed
          if (w.length < 2) return;
          const eps = 1e-6;
          expect(indexUnderPointer(spans, edge - direction * eps, p)).toBe(before);
          expect(indexUnderPointer(spans, edge + direction * eps, p)).not.toBe(before);
        },
      ),
    );
  });
});
