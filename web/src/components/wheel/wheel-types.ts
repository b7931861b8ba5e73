/**
 * The prize wheel's types: a slice as the page describes it, the settings and image defaults the
 * page may pass, the handle it gets through `ref`, and what the component and its engine hook
 * (use-wheel-engine.ts) pass each other.
 */
import type { Ref, RefObject } from 'react';
import type { ItemProps, WheelSettings } from './engine/settings';

/** One slice as the page describes it. */
export interface PrizeWheelItem {
  label: string;
  /** CSS colour; missing uses the wheel's colour cycle. */
  backgroundColor?: string | null;
  /** Image URL drawn on the slice. */
  image?: string | null;
  labelColor?: string | null;
  /** Outline round the label's letters, where its colour alone lacks contrast. */
  labelOutlineColor?: string | null;
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
   * prefers-reduced-motion the turn is short and calm but lands on the same item. At rest the
   * slice is marked (a glow, see `marked`) until the next spin.
   */
  spinToItem(index: number, options?: SpinToItemOptions): Promise<void>;
  /**
   * Starts turning at once, speeding up to a steady spin, while the page waits for the draw;
   * spinToItem then eases from that speed onto the item (cubic ease-out, as a timed spin), and
   * settle() slows it to a stop. Drags are ignored meanwhile. Does nothing with reduced motion.
   */
  spinUp(): void;
  /** Slows a spin-up to a stop (the draw failed); resolves at rest. Announces no prize. */
  settle(): Promise<void>;
  /**
   * The win: a short burst of confetti from the prize under the pointer and a vibration where the
   * phone has one. Nothing with reduced motion. The confetti's code loads only now.
   */
  celebrate(): void;
  /**
   * Points at item `index` at once, without spinning (a saved prize after a reload), and marks it.
   * False when the wheel is not drawn yet or has no such item.
   */
  showItem(index: number): boolean;
  /** Free spin at `speed` degrees/s (positive clockwise). */
  spin(speed: number): void;
  /** Stops the wheel where it is. */
  stop(): void;
}

/** The slice marked at rest (the win): where it lies on the screen, degrees clockwise from the top. */
export interface MarkedSlice {
  readonly fromDeg: number;
  readonly sweepDeg: number;
}

/** What a PrizeWheel passes to its engine (all of its props but its markup's own). */
export interface WheelEngineOptions {
  items: readonly PrizeWheelItem[];
  wheelProps?: PrizeWheelSettings;
  itemDefaults?: PrizeWheelItemDefaults;
  /** The wheel came to rest with item `index` under the pointer. */
  onRest?: (index: number) => void;
  /** A different item came under the pointer (e.g. to play a tick). */
  onCurrentIndexChange?: (index: number) => void;
  /** When given, a fast drag release calls this instead of free-spinning (the page then spins to the drawn prize). */
  onFlick?: () => void;
  /** Text announced when the wheel rests; default the item's label. */
  announce?: (item: PrizeWheelItem, index: number) => string;
  ref?: Ref<PrizeWheelHandle>;
}

export interface WheelEngine {
  /** The element the engine draws its canvas into. */
  stageRef: RefObject<HTMLDivElement | null>;
  /** The pointer's arm, which ticks as pegs pass. */
  pointerRef: RefObject<HTMLDivElement | null>;
  /** The text of the live region: the item at rest. */
  announcement: string;
  /** The won slice, marked while the wheel rests on it; null otherwise. */
  marked: MarkedSlice | null;
}
