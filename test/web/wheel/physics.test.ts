import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampSpeed,
  dragReleaseSpeed,
  stepFreeSpin,
} from '../../../web/src/components/wheel/engine/physics';

/** Closed form of a free spin under constant negative resistance: seconds until it stops. */
const timeToRest = (speed: number, resistance: number) => Math.abs(speed) / -resistance;
/** ...and where it stops, starting from rotation 0: the mean speed times that time. */
const restingRotation = (speed: number, resistance: number) =>
  (speed * timeToRest(speed, resistance)) / 2;

describe('stepFreeSpin', () => {
  it('slows the wheel by the resistance each second when spinning clockwise', () => {
    // Act
    const step = stepFreeSpin({ rotation: 0, speed: 300 }, 1, -35, 300);
    // Assess
    expect(step.speed).toBe(265);
    expect(step.rotation).toBeCloseTo(300 - 35 / 2);
    expect(step.atRest).toBe(false);
  });

  it('slows an anti-clockwise spin the same way when the speed is negative', () => {
    const step = stepFreeSpin({ rotation: 10, speed: -100 }, 0.5, -35, 300);
    expect(step.speed).toBeCloseTo(-82.5);
    expect(step.rotation).toBeCloseTo(10 - (100 * 0.5 - (35 * 0.25) / 2));
  });

  it('stops exactly at speed 0 when the speed would cross zero within a step', () => {
    const step = stepFreeSpin({ rotation: 0, speed: 35 }, 5, -35, 300);
    expect(step).toEqual({ rotation: 17.5, speed: 0, atRest: true });
  });

  it('caps the speed at rotationSpeedMax when started faster', () => {
    const step = stepFreeSpin({ rotation: 0, speed: 1000 }, 0, -35, 300);
    expect(step.speed).toBe(300);
  });

  it('decelerates to rest at the same rotation whatever the frame rate', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -300, max: 300, noNaN: true }),
        fc.double({ min: -200, max: -10, noNaN: true }),
        fc.double({ min: 0.004, max: 0.2, noNaN: true }),
        (speed, resistance, dt) => {
          // Prepare
          let state = { rotation: 0, speed, atRest: speed === 0 };
          let steps = 0;
          // Act
          while (!state.atRest && steps < 1e6) {
            state = stepFreeSpin(state, dt, resistance, 300);
            steps++;
            // Assess: the speed never grows and never changes sign
            if (Math.abs(state.speed) > Math.abs(speed) || state.speed * speed < 0) return false;
          }
          expect(state.atRest).toBe(true);
          expect(state.rotation).toBeCloseTo(restingRotation(speed, resistance), 6);
          expect(steps).toBeLessThanOrEqual(Math.ceil(timeToRest(speed, resistance) / dt) + 1);
          return true;
        },
      ),
    );
  });

  it('never stops when the resistance is 0', () => {
    const step = stepFreeSpin({ rotation: 0, speed: 100 }, 10, 0, 300);
    expect(step).toEqual({ rotation: 1000, speed: 100, atRest: false });
  });
});

describe('clampSpeed', () => {
  it('limits both directions when the speed is beyond the maximum', () => {
    expect(clampSpeed(500, 300)).toBe(300);
    expect(clampSpeed(-500, 300)).toBe(-300);
    expect(clampSpeed(20, 300)).toBe(20);
  });
});

describe('dragReleaseSpeed', () => {
  it('uses only the samples in the recent window when the drag was long', () => {
    // Prepare: slow for a second, then 30 degrees in the last 100 ms
    const samples = [
      { timeMs: 0, rotation: 0 },
      { timeMs: 900, rotation: 5 },
      { timeMs: 950, rotation: 10 },
      { timeMs: 1000, rotation: 20 },
      { timeMs: 1050, rotation: 40 },
    ];
    // Act
    const speed = dragReleaseSpeed(samples, 1050, 100);
    // Assess
    expect(speed).toBeCloseTo(300);
  });

  it('gives 0 when the pointer rested before release', () => {
    const samples = [
      { timeMs: 0, rotation: 0 },
      { timeMs: 50, rotation: 30 },
    ];
    expect(dragReleaseSpeed(samples, 500, 100)).toBe(0);
  });
});
