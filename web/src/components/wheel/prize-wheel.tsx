/**
 * The prize wheel as a React component: a thin shell over the framework-free engine. It owns the
 * accessible parts (description, prize list, live result) and the reduced-motion choice; the
 * page owns the Spin button (passed as children, shown in the centre) and the prize draw.
 */
import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { cubicOut, sineOut } from './engine/easing';
import { centerAngle, targetRotationFor } from './engine/geometry';
import type { ItemProps } from './engine/item';
import { WHEEL_SETTING_NAMES, type WheelSettings } from './engine/settings';
import { Wheel } from './engine/wheel';
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '../../../../shared/constants';
import './prize-wheel.css';

/** Default slice colours in the required order, defined once in shared/constants. */
export { DEFAULT_ITEM_BACKGROUND_COLORS };

/** Timed spin of the wheel page: long enough to build suspense, short enough not to bore. */
const SPIN_DURATION_MS = 4000;
/** Whole turns before landing on the wheel page. */
const SPIN_REVOLUTIONS = 4;
/** With prefers-reduced-motion: a short, calm turn the short way round, no extra revolutions. */
const REDUCED_MOTION_DURATION_MS = 600;

/** One slice as the page describes it. */
export interface PrizeWheelItem {
  label: string;
  /** CSS colour; missing uses the wheel's colour cycle. */
  backgroundColor?: string | null;
  /** Image URL drawn on the slice. */
  image?: string | null;
  labelColor?: string | null;
  /** Relative slice size, greater than 0. Default 1. */
  weight?: number;
  imageOpacity?: number;
  imageRadius?: number;
  imageRotation?: number;
  imageScale?: number;
  value?: unknown;
}

/** Wheel settings the page may override (callbacks are component props instead). */
export type PrizeWheelSettings = Partial<
  Omit<WheelSettings, 'onSpin' | 'onCurrentIndexChange' | 'onRest' | 'onFlick'>
>;

/** Image settings applied to every item unless the item sets its own. */
export type PrizeWheelItemDefaults = Pick<
  ItemProps,
  'imageOpacity' | 'imageRadius' | 'imageRotation' | 'imageScale'
>;

/** The wheel page's values (docs/product.md, "The wheel"), to spread into the component: `<PrizeWheel {...WHEEL_PAGE_PROPS} />`. */
export const WHEEL_PAGE_PROPS = Object.freeze({
  wheelProps: Object.freeze({
    lineWidth: 0,
    borderWidth: 0.5,
    radius: 0.95,
    pointerAngle: 0,
    itemLabelBaselineOffset: -0.06,
    itemBackgroundColors: DEFAULT_ITEM_BACKGROUND_COLORS,
  }) satisfies PrizeWheelSettings,
  itemDefaults: Object.freeze({
    imageScale: 0.55,
    imageRadius: 0.6,
  }) satisfies PrizeWheelItemDefaults,
});

/** Options of the handle's spinToItem. */
export interface SpinToItemOptions {
  /** Milliseconds; default 4000. */
  duration?: number;
  /** Whole extra turns; default 4. */
  revolutions?: number;
  /** Land on the slice centre (default false: a random angle well inside the slice). */
  spinToCenter?: boolean;
}

/** Imperative handle exposed through `ref`. */
export interface PrizeWheelHandle {
  /**
   * Spins so item `index` (0 to items.length - 1) ends under the pointer; resolves at rest (or
   * when interrupted). Drags are ignored meanwhile so the result cannot be changed by hand. With
   * prefers-reduced-motion the turn is short and calm but lands on the same item.
   */
  spinToItem(index: number, options?: SpinToItemOptions): Promise<void>;
  /** Free spin at `speed` degrees/s (positive clockwise). */
  spin(speed: number): void;
  /** Stops the wheel where it is. */
  stop(): void;
}

export interface PrizeWheelProps {
  items: readonly PrizeWheelItem[];
  wheelProps?: PrizeWheelSettings;
  itemDefaults?: PrizeWheelItemDefaults;
  /** The wheel came to rest with item `index` under the pointer. */
  onRest?: (index: number) => void;
  /** A different item came under the pointer (e.g. to play a tick). */
  onCurrentIndexChange?: (index: number) => void;
  /** When given, a fast drag release calls this instead of free-spinning (the page then spins to the drawn prize). */
  onFlick?: () => void;
  /** Centre overlay, e.g. the page's Spin button. */
  children?: ReactNode;
  /** Overrides the required accessible description. */
  description?: string;
  /** Text announced when the wheel rests; default the item's label. */
  announce?: (item: PrizeWheelItem, index: number) => string;
  className?: string;
  ref?: Ref<PrizeWheelHandle>;
}

/** The required accessible description of the wheel. */
function wheelDescription(sliceCount: number): string {
  const base = 'An image of a spinning prize wheel.';
  return sliceCount >= 2 ? `${base} The wheel has ${sliceCount} slices.` : base;
}

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A prize wheel with a still pointer at `pointerAngle` and `children` in the centre. */
export function PrizeWheel({
  items,
  wheelProps,
  itemDefaults,
  onRest,
  onCurrentIndexChange,
  onFlick,
  children,
  description,
  announce,
  className,
  ref,
}: PrizeWheelProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const wheelRef = useRef<Wheel | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef({ items, onRest, onCurrentIndexChange, onFlick, announce });
  useEffect(() => {
    latest.current = { items, onRest, onCurrentIndexChange, onFlick, announce };
  });

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const wheel = new Wheel(stage, {
      onRest: (event) => {
        const { items: current, announce: toText, onRest: notify } = latest.current;
        const item = current[event.currentIndex];
        if (item) setAnnouncement(toText ? toText(item, event.currentIndex) : item.label);
        notify?.(event.currentIndex);
      },
      onCurrentIndexChange: (event) => latest.current.onCurrentIndexChange?.(event.currentIndex),
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
        const wasInteractive = wheel.isInteractive;
        wheel.isInteractive = false;
        try {
          if (prefersReducedMotion()) {
            const landing = centerAngle(wheel.getItemSpan(index));
            const common = {
              from: wheel.rotation,
              landingAngle: landing,
              pointerAngle: wheel.pointerAngle,
              revolutions: 0,
            };
            const forward = targetRotationFor({ ...common, direction: 1 });
            const backward = targetRotationFor({ ...common, direction: -1 });
            const target =
              Math.abs(forward - common.from) <= Math.abs(backward - common.from)
                ? forward
                : backward;
            await wheel.spinTo(target, REDUCED_MOTION_DURATION_MS, sineOut);
          } else {
            await wheel.spinToItem(
              index,
              options.duration ?? SPIN_DURATION_MS,
              options.spinToCenter ?? false,
              options.revolutions ?? SPIN_REVOLUTIONS,
              1,
              cubicOut,
            );
          }
        } finally {
          wheel.isInteractive = wasInteractive;
        }
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

  const pointerAngle = wheelProps?.pointerAngle ?? 0;
  return (
    <div className={className ? `prize-wheel ${className}` : 'prize-wheel'}>
      <div
        ref={stageRef}
        className="prize-wheel__stage"
        role="img"
        aria-label={description ?? wheelDescription(items.length)}
      />
      <div
        className="prize-wheel__pointer"
        style={{ transform: `rotate(${pointerAngle}deg)` }}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 30">
          <path
            d="M2 2 H22 L12 28 Z"
            fill="#e11d48"
            stroke="#fff"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <div className="prize-wheel__overlay">{children}</div>
      <ul className="prize-wheel__sr-only">
        {items.map((item, i) => (
          <li key={i}>{item.label}</li>
        ))}
      </ul>
      <p className="prize-wheel__sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function stripNullish(item: PrizeWheelItem): ItemProps {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) if (value != null) out[key] = value;
  return out as ItemProps;
}
