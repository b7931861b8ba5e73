/**
 * The wheel's settings: their types, defaults and checks, which of them need a redraw, and the
 * events the wheel reports. The Wheel class (wheel.ts) applies them.
 */
import { LABEL_ALIGNS, WHEEL_DEFAULTS, type LabelAlign } from './defaults';
import {
  IS_BOOLEAN,
  IS_FUNCTION_OR_NULL,
  IS_IMAGE_OR_NULL,
  IS_NON_NEGATIVE,
  IS_NUMBER,
  IS_OFFSET,
  IS_STRING,
  IS_STRING_ARRAY,
  isOneOf,
  type Check,
} from './validate';

/** Props of an item; every one is optional and falls back to its default. */
export interface ItemProps {
  /** CSS colour; null uses the wheel's `itemBackgroundColors`. */
  backgroundColor?: string | null;
  /** An image element or an image URL drawn on the slice, clipped to it. */
  image?: HTMLImageElement | string | null;
  /** 0 (transparent) to 1 (opaque), inclusive. Default 1. */
  imageOpacity?: number;
  /** Where the image's centre sits along the radius, as a share of it from the centre. Default 0.5. */
  imageRadius?: number;
  /** Extra rotation of the image, degrees clockwise. Default 0. */
  imageRotation?: number;
  /** Image size: its longer side as a share of the wheel's radius. Default 1. */
  imageScale?: number;
  /** Text drawn on the slice. Default ''. */
  label?: string;
  /** CSS colour; null uses the wheel's `itemLabelColors`. */
  labelColor?: string | null;
  /** CSS colour of an outline round the label's letters; null draws none. */
  labelOutlineColor?: string | null;
  /** Anything meaningful to the application (e.g. a prize id). Default null. */
  value?: unknown;
  /** Relative slice size, greater than 0. Default 1. */
  weight?: number;
}

/** How a spin was started. */
export type SpinMethod = 'interact' | 'spin' | 'spinto' | 'spintoitem';

/** Raised by spin, spinTo, spinToItem and drag release. */
export interface WheelSpinEvent {
  readonly type: 'spin';
  readonly method: SpinMethod;
  /** Degrees/s; for `interact` and `spin`. */
  readonly rotationSpeed?: number;
  /** Degrees/s per second; for `interact` and `spin`. */
  readonly rotationResistance?: number;
  /** Milliseconds; for `spinto` and `spintoitem`. */
  readonly duration?: number;
  /** Degrees; for `spinto` and `spintoitem`. */
  readonly targetRotation?: number;
  /** For `spintoitem`. */
  readonly targetItemIndex?: number;
}

/** Raised when a different item comes under the pointer. */
export interface WheelCurrentIndexChangeEvent {
  readonly type: 'currentIndexChange';
  readonly currentIndex: number;
}

/** Raised when the wheel comes to rest after a spin. */
export interface WheelRestEvent {
  readonly type: 'rest';
  readonly currentIndex: number;
  /** Degrees, not normalised. */
  readonly rotation: number;
}

/** Raised instead of a free spin when a drag is released fast enough and `onFlick` is set. */
export interface WheelFlickEvent {
  readonly type: 'flick';
  /** Release speed, degrees/s, clamped to `rotationSpeedMax`. */
  readonly rotationSpeed: number;
}

/** All settings of a wheel (docs/product.md). */
export interface WheelSettings {
  borderColor: string;
  /** Pixels at a 500 px wheel. */
  borderWidth: number;
  lineColor: string;
  /** Pixels at a 500 px wheel. */
  lineWidth: number;
  isInteractive: boolean;
  /** Share of the container's smallest dimension, e.g. 0.95. */
  radius: number;
  /** Degrees/s per second; negative slows the wheel, 0 spins for ever. */
  rotationResistance: number;
  /** Degrees/s, at least 0. */
  rotationSpeedMax: number;
  /** Degrees in [0, 360); 0 is the top. */
  pointerAngle: number;
  /** Shift of the wheel from the container's centre, as shares of the wheel's size. */
  offset: { readonly x: number; readonly y: number };
  /** Canvas pixels per CSS pixel; 0 uses the device pixel ratio. */
  pixelRatio: number;
  itemBackgroundColors: readonly string[];
  itemLabelAlign: LabelAlign;
  itemLabelColors: readonly string[];
  itemLabelFont: string;
  /** Pixels at a 500 px wheel. */
  itemLabelFontSizeMax: number;
  /** Share of the radius where labels are anchored (right aligned: where they end). */
  itemLabelRadius: number;
  /** Share of the radius that labels may not pass towards the centre. */
  itemLabelRadiusMax: number;
  /** Degrees. */
  itemLabelRotation: number;
  itemLabelStrokeColor: string;
  /** Pixels at a 500 px wheel. */
  itemLabelStrokeWidth: number;
  /** Share of the label's font size. */
  itemLabelBaselineOffset: number;
  itemLabelFontWeight: string;
  itemLabelUpright: boolean;
  /** Share of the radius, 0 to 0.2. */
  rimWidth: number;
  rimColor: string;
  pegColor: string;
  /** 0 to 1. */
  sliceShade: number;
  /** Drawn over the slices and turning with them. */
  image: HTMLImageElement | null;
  /** Drawn over the wheel, not turning. */
  overlayImage: HTMLImageElement | null;
  onSpin: ((event: WheelSpinEvent) => void) | null;
  onCurrentIndexChange: ((event: WheelCurrentIndexChangeEvent) => void) | null;
  onRest: ((event: WheelRestEvent) => void) | null;
  /** Our extension: when set, a fast drag release raises this instead of spinning freely. */
  onFlick: ((event: WheelFlickEvent) => void) | null;
}

/** Props for the constructor and `init`: any settings, plus `rotation` and `items`. */
export type WheelProps = Partial<WheelSettings> & {
  /** Degrees. */
  rotation?: number;
  items?: readonly ItemProps[];
};

export type SettingName = keyof WheelSettings;

/** Which settings need a redraw (the others only change behaviour). */
export const REDRAW: ReadonlySet<SettingName> = new Set<SettingName>([
  'borderColor',
  'borderWidth',
  'lineColor',
  'lineWidth',
  'radius',
  'pixelRatio',
  'itemBackgroundColors',
  'itemLabelAlign',
  'itemLabelColors',
  'itemLabelFont',
  'itemLabelFontSizeMax',
  'itemLabelRadius',
  'itemLabelRadiusMax',
  'itemLabelRotation',
  'itemLabelStrokeColor',
  'itemLabelStrokeWidth',
  'itemLabelBaselineOffset',
  'itemLabelFontWeight',
  'itemLabelUpright',
  'rimWidth',
  'rimColor',
  'pegColor',
  'sliceShade',
  'image',
  'overlayImage',
]);

export const RULES: { readonly [K in SettingName]: Check<unknown> } = {
  borderColor: IS_STRING,
  borderWidth: IS_NUMBER,
  lineColor: IS_STRING,
  lineWidth: IS_NUMBER,
  isInteractive: IS_BOOLEAN,
  radius: IS_NUMBER,
  rotationResistance: IS_NUMBER,
  rotationSpeedMax: IS_NON_NEGATIVE,
  pointerAngle: IS_NON_NEGATIVE,
  offset: IS_OFFSET,
  pixelRatio: IS_NUMBER,
  itemBackgroundColors: IS_STRING_ARRAY,
  itemLabelAlign: isOneOf(LABEL_ALIGNS),
  itemLabelColors: IS_STRING_ARRAY,
  itemLabelFont: IS_STRING,
  itemLabelFontSizeMax: IS_NUMBER,
  itemLabelRadius: IS_NUMBER,
  itemLabelRadiusMax: IS_NUMBER,
  itemLabelRotation: IS_NUMBER,
  itemLabelStrokeColor: IS_STRING,
  itemLabelStrokeWidth: IS_NUMBER,
  itemLabelBaselineOffset: IS_NUMBER,
  itemLabelFontWeight: IS_STRING,
  itemLabelUpright: IS_BOOLEAN,
  rimWidth: IS_NON_NEGATIVE,
  rimColor: IS_STRING,
  pegColor: IS_STRING,
  sliceShade: IS_NON_NEGATIVE,
  image: IS_IMAGE_OR_NULL,
  overlayImage: IS_IMAGE_OR_NULL,
  onSpin: IS_FUNCTION_OR_NULL,
  onCurrentIndexChange: IS_FUNCTION_OR_NULL,
  onRest: IS_FUNCTION_OR_NULL,
  onFlick: IS_FUNCTION_OR_NULL,
};

/** Names of every wheel setting (not `rotation` or `items`), in a stable order. */
export const WHEEL_SETTING_NAMES = Object.freeze(Object.keys(RULES) as SettingName[]);

export const SETTING_DEFAULTS: WheelSettings = {
  ...WHEEL_DEFAULTS,
  image: null,
  overlayImage: null,
  onSpin: null,
  onCurrentIndexChange: null,
  onRest: null,
  onFlick: null,
};
