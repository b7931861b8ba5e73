/**
 * Frozen defaults and named constants of the wheel engine. Values marked "required" are the
 * product's (docs/product.md, "The wheel"); the others are our own choices, each with the reason.
 */
import { MESSAGES } from '@shared/messages';

/** Degrees in a full turn. */
export const FULL_TURN_DEG = 360;

/** Canvas angle 0 points right (3 o'clock); the wheel's zero angle is at the top, 90 degrees earlier. */
export const ZERO_ANGLE_OFFSET_DEG = -90;

/** Pixel-valued props (line widths, font size) are relative to a 500 px wheel, so they scale with it. */
export const REFERENCE_SIZE_PX = 500;

/** Drag samples older than this are ignored for the release velocity: only the flick itself counts. */
export const DRAG_HISTORY_MS = 100;

/** Below this release speed (degrees/s) a drag is a nudge, not a flick: no spin starts. */
export const DRAG_MIN_SPIN_SPEED_DEG_PER_S = 20;

/** Release speed (degrees/s) from which a drag counts as a flick for `onFlick`. */
export const FLICK_MIN_SPEED_DEG_PER_S = 120;

/** Landing this share of a slice's width away from its edges keeps a random landing off the lines. */
export const SLICE_EDGE_MARGIN_RATIO = 0.15;

/** Timers for index changes fire this much after the computed crossing so the angle is past the edge. */
export const INDEX_TIMER_SLACK_MS = 1;

/** A label's outline, where its colours ask for one: this share of its font size on each side. */
export const LABEL_OUTLINE_EM = 0.12;

/** A peg's radius as a share of the rim's width: a clear bead on the ring, not touching its edges. */
export const PEG_RADIUS_OF_RIM = 0.3;

/** Where the slices' shade starts, as a share of the face's radius: the middle stays flat. */
export const SHADE_START_RATIO = 0.55;

/** Label alignments accepted by `itemLabelAlign`. */
export const LABEL_ALIGNS = Object.freeze(['left', 'right', 'center'] as const);
export type LabelAlign = (typeof LABEL_ALIGNS)[number];

/** Defaults of the wheel's settings (docs/product.md, "The wheel"). */
export const WHEEL_DEFAULTS = Object.freeze({
  borderColor: '#000',
  borderWidth: 1,
  lineColor: '#000',
  lineWidth: 1,
  isInteractive: true,
  radius: 0.95,
  rotation: 0,
  /** Degrees/s removed from the speed every second (required: -35). */
  rotationResistance: -35,
  /** Degrees/s (required: 300). */
  rotationSpeedMax: 300,
  pointerAngle: 0,
  offset: Object.freeze({ x: 0, y: 0 }),
  /** 0 means "use the device pixel ratio". */
  pixelRatio: 0,
  itemBackgroundColors: Object.freeze(['#fff']) as readonly string[],
  itemLabelAlign: 'right' as LabelAlign,
  itemLabelColors: Object.freeze(['#000']) as readonly string[],
  itemLabelFont: 'sans-serif',
  /** Pixels at the 500 px reference size (required: 500). */
  itemLabelFontSizeMax: 500,
  itemLabelRadius: 0.85,
  itemLabelRadiusMax: 0.2,
  itemLabelRotation: 0,
  itemLabelStrokeColor: '#fff',
  itemLabelStrokeWidth: 0,
  itemLabelBaselineOffset: 0,
  /** CSS font weight of the labels. */
  itemLabelFontWeight: 'normal',
  /** Labels on the left half are turned half a turn so none reads upside down. */
  itemLabelUpright: false,
  /** Our look: the rim's width as a share of the radius; 0 draws none (the spec's plain border). */
  rimWidth: 0,
  rimColor: '#1f2937',
  /** One peg on the rim at each slice boundary. */
  pegColor: '#fde68a',
  /** Darkest shade of the slices at the rim, as a black veil's opacity; 0 keeps them flat. */
  sliceShade: 0,
});

/** Defaults of an item (docs/product.md). */
export const ITEM_DEFAULTS = Object.freeze({
  backgroundColor: null as string | null,
  imageOpacity: 1,
  imageRadius: 0.5,
  imageRotation: 0,
  imageScale: 1,
  label: '',
  labelColor: null as string | null,
  labelOutlineColor: null as string | null,
  weight: 1,
});

/**
 * Error and log texts. The product's own wording lives in shared/messages.ts; the argument checks
 * it does not word follow the same pattern.
 */
export const WHEEL_MESSAGES = Object.freeze({
  containerNotElement: MESSAGES.containerMustBeElement,
  propsNotObject: MESSAGES.propsMustBeObject,
  itemNotFound: MESSAGES.itemNotFound,
  wheelNotWheel: MESSAGES.wheelMustBeWheel,
  rotationSpeedNotNumber: MESSAGES.rotationSpeedMustBeNumber,
  rotationNotNumber: 'rotation must be a number',
  durationNotNumber: 'duration must be a number',
  itemIndexNotNumber: 'itemIndex must be a number',
  imageNotLoaded: MESSAGES.imageNotLoaded,
});
