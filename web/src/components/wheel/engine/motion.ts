/**
 * How the wheel is moving: idle, dragged, spinning freely, or on a timed curve; and where a
 * timed curve is at a given moment.
 */
import type { EasingFunction } from './easing';
import type { DragSample } from './physics';

export type Motion =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'drag';
      readonly pointerId: number;
      lastPointerAngle: number;
      readonly samples: DragSample[];
    }
  | { readonly kind: 'free'; speed: number; lastTimeMs: number; frame: number }
  | {
      readonly kind: 'timed';
      readonly from: number;
      readonly to: number;
      readonly durationMs: number;
      readonly easing: EasingFunction;
      readonly startMs: number;
      animation: Animation | null;
      frame: number;
      timer: ReturnType<typeof setTimeout> | undefined;
    };

export const IDLE: Motion = Object.freeze({ kind: 'idle' });

export const now = (): number => performance.now();

export type TimedMotion = Extract<Motion, { kind: 'timed' }>;

/** Milliseconds into a timed spin, from the animation's own clock when it has one. */
export function timedElapsed(m: TimedMotion): number {
  const t = m.animation?.currentTime;
  const elapsed = typeof t === 'number' ? t : m.animation ? 0 : now() - m.startMs;
  return Math.min(Math.max(0, elapsed), m.durationMs);
}

/** The rotation a timed spin has reached `elapsedMs` into its curve. */
export function timedRotation(m: TimedMotion, elapsedMs: number): number {
  const progress = Math.min(1, Math.max(0, elapsedMs / m.durationMs));
  return m.from + (m.to - m.from) * m.easing(progress);
}
