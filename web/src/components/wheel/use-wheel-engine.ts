/**
 * The prize wheel's engine wiring as a hook: it creates the framework-free engine in the stage,
 * keeps its settings and items in step with the props, and gives the component's handle (the
 * spins, the win, the marked slice). The component (prize-wheel.tsx) only lays out the markup.
 */
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { cubicOut, rampThenSteady, sineOut } from './engine/easing';
import { centerAngle, randomAngleInSlice, targetRotationFor } from './engine/geometry';
import { WHEEL_SETTING_NAMES, type ItemProps } from './engine/settings';
import { Wheel } from './engine/wheel';
import type {
  MarkedSlice,
  PrizeWheelItem,
  PrizeWheelItemDefaults,
  SpinToItemOptions,
  WheelEngine,
  WheelEngineOptions,
} from './wheel-types';

/** The pointer's tick as a peg passes: how far it kicks back (degrees) and for how long. */
const TICK_KICK_DEG = -14;
const TICK_MS = 90;
/** A peg's tap on a phone that vibrates, in ms: felt, not heard. */
const TICK_VIBRATE_MS = 4;
/** Taps closer than this are skipped: at full speed pegs pass 40 times a second, a buzz, not taps. */
const TICK_VIBRATE_GAP_MS = 80;
let lastTickVibrateMs = -Infinity;

/** The win's vibration: three short pulses (ms on, off, on, off, on). */
const WIN_VIBRATION_MS = [60, 50, 60, 50, 120];
/** Where the confetti starts, as a share of the wheel's height from its top: the prize's slice. */
const CONFETTI_FROM_TOP = 0.18;

/** Timed spin of the wheel page: long enough to build suspense, short enough not to bore. */
const SPIN_DURATION_MS = 4000;
/** Whole turns before landing on the wheel page. */
const SPIN_REVOLUTIONS = 4;
/** With prefers-reduced-motion: a short, calm turn the short way round, no extra revolutions. */
const REDUCED_MOTION_DURATION_MS = 600;
/**
 * The spin-up while the server draws: the wheel speeds up evenly for SPIN_UP_RAMP_MS to this
 * speed, the speed at which a timed spin of 4 turns in 4 s starts, so the landing continues it.
 */
const SPIN_UP_SPEED_DEG_PER_S = (3 * 360 * SPIN_REVOLUTIONS) / (SPIN_DURATION_MS / 1000);
const SPIN_UP_RAMP_MS = 400;
/** The spin-up's curve ends here; a draw has failed (and the wheel settled) long before. */
const SPIN_UP_MAX_MS = 60_000;
/** After a failed draw the wheel slows from its spin-up speed to a stop over this time. */
const SETTLE_DURATION_MS = 1200;

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The engine of a PrizeWheel: see the file comment. */
export function useWheelEngine({
  items,
  wheelProps,
  itemDefaults,
  onRest,
  onCurrentIndexChange,
  onFlick,
  announce,
  ref,
}: WheelEngineOptions): WheelEngine {
  const stageRef = useRef<HTMLDivElement>(null);
  const pointerRef = useRef<HTMLDivElement>(null);
  const wheelRef = useRef<Wheel | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [marked, setMarked] = useState<MarkedSlice | null>(null);
  /** Marks item `index` where the wheel now rests. */
  const mark = (wheel: Wheel, index: number) => {
    const span = wheel.getItemSpan(index);
    setMarked({ fromDeg: span.start + wheel.rotation, sweepDeg: span.end - span.start });
  };
  /** Set while the wheel spins up or settles: its rest is not a prize, so nothing is announced. */
  const quietRest = useRef(false);
  /** The spin-up under way: when it began, and whether drags were allowed before it. */
  const spinningUp = useRef<{ startedMs: number; wasInteractive: boolean } | null>(null);
  const latest = useRef({ items, onRest, onCurrentIndexChange, onFlick, announce });
  useEffect(() => {
    latest.current = { items, onRest, onCurrentIndexChange, onFlick, announce };
  });

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const wheel = new Wheel(stage, {
      onRest: (event) => {
        if (quietRest.current) return;
        const { items: current, announce: toText, onRest: notify } = latest.current;
        const item = current[event.currentIndex];
        if (item) setAnnouncement(toText ? toText(item, event.currentIndex) : item.label);
        notify?.(event.currentIndex);
      },
      onCurrentIndexChange: (event) => {
        if (wheelRef.current?.rotationSpeed) tick(pointerRef.current);
        latest.current.onCurrentIndexChange?.(event.currentIndex);
      },
    });
    wheelRef.current = wheel;
    return () => {
      wheel.remove();
      wheelRef.current = null;
    };
  }, []);

  const hasFlick = Boolean(onFlick);
  useEffect(() => {
    const wheel = wheelRef.current;
    if (wheel) wheel.onFlick = hasFlick ? () => latest.current.onFlick?.() : null;
  }, [hasFlick]);

  const settingsKey = JSON.stringify(wheelProps ?? {});
  useEffect(() => {
    const wheel = wheelRef.current;
    if (!wheel) return;
    const settings = JSON.parse(settingsKey) as Record<string, unknown>;
    for (const name of WHEEL_SETTING_NAMES) {
      if (name.startsWith('on') || name === 'image' || name === 'overlayImage') continue;
      (wheel as unknown as Record<string, unknown>)[name] = settings[name];
    }
    wheel.image = wheelProps?.image ?? null;
    wheel.overlayImage = wheelProps?.overlayImage ?? null;
    // Image elements are not serialisable, so they are compared by identity.
  }, [settingsKey, wheelProps?.image, wheelProps?.overlayImage]);

  // Items are compared by content so a page that rebuilds the array each render redraws nothing.
  const itemsKey = JSON.stringify([items, itemDefaults ?? {}]);
  useEffect(() => {
    const wheel = wheelRef.current;
    if (!wheel) return;
    const [list, defaults] = JSON.parse(itemsKey) as [PrizeWheelItem[], PrizeWheelItemDefaults];
    wheel.items = list.map((item) => ({ ...defaults, ...stripNullish(item) }));
  }, [itemsKey]);

  useImperativeHandle(
    ref,
    () => ({
      async spinToItem(index, options = {}) {
        const wheel = wheelRef.current;
        if (!wheel) return;
        const spunUp = spinningUp.current;
        spinningUp.current = null;
        const wasInteractive = spunUp ? spunUp.wasInteractive : wheel.isInteractive;
        wheel.isInteractive = false;
        setMarked(null);
        try {
          if (spunUp) {
            // Reach the steady speed first, so the landing starts from it.
            const rampLeft = SPIN_UP_RAMP_MS - (performance.now() - spunUp.startedMs);
            if (rampLeft > 0) await new Promise((resolve) => setTimeout(resolve, rampLeft));
          }
          quietRest.current = false;
          const duration = options.duration ?? SPIN_DURATION_MS;
          const speed = spunUp ? wheel.rotationSpeed : 0;
          if (prefersReducedMotion()) {
            await wheel.spinTo(calmTurnTarget(wheel, index), REDUCED_MOTION_DURATION_MS, sineOut);
          } else if (speed > 0) {
            const { target, durationMs } = landingFromSpeed(wheel, index, speed, duration, options);
            await wheel.spinTo(target, durationMs, cubicOut);
          } else {
            await wheel.spinToItem(
              index,
              duration,
              options.spinToCenter ?? false,
              options.revolutions ?? SPIN_REVOLUTIONS,
              1,
              cubicOut,
            );
          }
          if (wheel.getCurrentIndex() === index) mark(wheel, index);
        } finally {
          wheel.isInteractive = wasInteractive;
        }
      },
      spinUp() {
        const wheel = wheelRef.current;
        if (!wheel || spinningUp.current || prefersReducedMotion()) return;
        setMarked(null);
        spinningUp.current = { startedMs: performance.now(), wasInteractive: wheel.isInteractive };
        wheel.isInteractive = false;
        quietRest.current = true;
        const turn = (SPIN_UP_SPEED_DEG_PER_S * (SPIN_UP_MAX_MS - SPIN_UP_RAMP_MS / 2)) / 1000;
        void wheel.spinTo(
          wheel.rotation + turn,
          SPIN_UP_MAX_MS,
          rampThenSteady(SPIN_UP_RAMP_MS / SPIN_UP_MAX_MS),
        );
      },
      async settle() {
        const wheel = wheelRef.current;
        const spunUp = spinningUp.current;
        spinningUp.current = null;
        if (!wheel || !spunUp) return;
        quietRest.current = true;
        try {
          const speed = wheel.rotationSpeed;
          if (speed > 0) {
            const turn = (speed * SETTLE_DURATION_MS) / 3000; // cubic ease-out from that speed
            await wheel.spinTo(wheel.rotation + turn, SETTLE_DURATION_MS, cubicOut);
          }
        } finally {
          quietRest.current = false;
          wheel.isInteractive = spunUp.wasInteractive;
        }
      },
      celebrate() {
        const stage = stageRef.current;
        if (!stage || prefersReducedMotion()) return;
        navigator.vibrate?.(WIN_VIBRATION_MS);
        // From the prize: just inside the rim under the pointer (the top of the wheel).
        const box = stage.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height * CONFETTI_FROM_TOP;
        import('./confetti')
          .then(({ burst }) => burst(x, y))
          .catch((error: unknown) => console.error('confetti could not load', error));
      },
      showItem(index) {
        const wheel = wheelRef.current;
        if (!wheel || index < 0 || index >= wheel.items.length) return false;
        quietRest.current = false;
        wheel.rotation = wheel.pointerAngle - centerAngle(wheel.getItemSpan(index));
        mark(wheel, index);
        return true;
      },
      spin(speed) {
        wheelRef.current?.spin(speed);
      },
      stop() {
        wheelRef.current?.stop();
      },
    }),
    [],
  );

  return { stageRef, pointerRef, announcement, marked };
}

/**
 * The pointer's tick as a peg passes it: a short kick back played by the compositor (one Web
 * Animation on the still pointer, nothing redrawn), and a tap where the phone can vibrate. Skipped
 * with reduced motion.
 */
function tick(pointer: HTMLElement | null): void {
  if (!pointer || prefersReducedMotion()) return;
  pointer.getAnimations?.().forEach((animation) => animation.cancel());
  pointer.animate?.([{ transform: `rotate(${TICK_KICK_DEG}deg)` }, { transform: 'rotate(0deg)' }], {
    duration: TICK_MS,
    easing: 'ease-out',
  });
  const now = performance.now();
  if (now - lastTickVibrateMs < TICK_VIBRATE_GAP_MS) return;
  lastTickVibrateMs = now;
  navigator.vibrate?.(TICK_VIBRATE_MS);
}

/** The reduced-motion turn: item `index`'s centre under the pointer, the short way round. */
function calmTurnTarget(wheel: Wheel, index: number): number {
  const common = {
    from: wheel.rotation,
    landingAngle: centerAngle(wheel.getItemSpan(index)),
    pointerAngle: wheel.pointerAngle,
    revolutions: 0,
  };
  const forward = targetRotationFor({ ...common, direction: 1 });
  const backward = targetRotationFor({ ...common, direction: -1 });
  return Math.abs(forward - common.from) <= Math.abs(backward - common.from) ? forward : backward;
}

/**
 * The landing after a spin-up: a cubic ease-out that starts at the wheel's `speed` (its slope at
 * the start is 3 x turn / duration), turns at least as far as a timed spin of `baseMs` from that
 * speed would, and ends inside item `index`'s slice (or on its centre).
 */
function landingFromSpeed(
  wheel: Wheel,
  index: number,
  speed: number,
  baseMs: number,
  options: SpinToItemOptions,
): { target: number; durationMs: number } {
  const from = wheel.rotation;
  const span = wheel.getItemSpan(index);
  const landingAngle = options.spinToCenter
    ? centerAngle(span)
    : randomAngleInSlice(span, Math.random);
  const minTurn = (speed * baseMs) / 3000;
  let target = targetRotationFor({
    from,
    landingAngle,
    pointerAngle: wheel.pointerAngle,
    revolutions: 0,
    direction: 1,
  });
  if (target - from < minTurn) target += Math.ceil((minTurn - (target - from)) / 360) * 360;
  return { target, durationMs: (3000 * (target - from)) / speed };
}

function stripNullish(item: PrizeWheelItem): ItemProps {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) if (value != null) out[key] = value;
  return out as ItemProps;
}
