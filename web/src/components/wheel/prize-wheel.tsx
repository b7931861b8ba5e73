/**
 * The prize wheel as a React component: a thin shell over the framework-free engine, which the
 * useWheelEngine hook wires in. It owns the accessible parts (description, prize list, live
 * result); the page owns the Spin button (passed as children, shown in the centre) and the draw.
 */
import type { ReactNode } from 'react';
import { useWheelEngine } from './use-wheel-engine';
import type {
  MarkedSlice,
  PrizeWheelItemDefaults,
  PrizeWheelSettings,
  WheelEngineOptions,
} from './wheel-types';
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '@shared/constants';
import { SLICE_SHADE_AT_RIM } from '@shared/wheel-colors';
import './prize-wheel.css';

export type { PrizeWheelHandle, PrizeWheelItem } from './wheel-types';

/** The rim's width, as a share of the wheel's radius (STYLE: about 4-6 %). */
const WHEEL_RIM_WIDTH = 0.06;
/** The rim: gold, as on a fairground wheel, beside the brand's warm reds (not a grey tyre). */
const WHEEL_RIM_GOLD = '#b7791f';
/** The pegs: ivory lights on the gold. */
const WHEEL_PEG_COLOR = '#fff7d6';
/**
 * Labels stop at this share of the radius, short of the hub (the Spin button, 24 % of the wheel's
 * width: 0.25 of the radius), so long names shrink or wrap instead of running under it.
 */
const LABEL_INNER_RADIUS = 0.29;

/** Default slice colours in the required order, defined once in shared/constants. */
export { DEFAULT_ITEM_BACKGROUND_COLORS };

/** The wheel page's values (docs/product.md, "The wheel"), to spread into the component: `<PrizeWheel {...WHEEL_PAGE_PROPS} />`. */
export const WHEEL_PAGE_PROPS = Object.freeze({
  wheelProps: Object.freeze({
    lineWidth: 0,
    borderWidth: 0.5,
    radius: 0.95,
    pointerAngle: 0,
    rimWidth: WHEEL_RIM_WIDTH,
    rimColor: WHEEL_RIM_GOLD,
    pegColor: WHEEL_PEG_COLOR,
    sliceShade: SLICE_SHADE_AT_RIM,
    itemLabelFont: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    itemLabelFontWeight: '800',
    itemLabelFontSizeMax: 30,
    itemLabelRadius: 0.9,
    itemLabelRadiusMax: LABEL_INNER_RADIUS,
    // Every label reads the same way along its slice, from the hub out, wherever the wheel stops.
    itemLabelUpright: false,
    itemLabelBaselineOffset: -0.06,
    itemBackgroundColors: DEFAULT_ITEM_BACKGROUND_COLORS,
  }) satisfies PrizeWheelSettings,
  itemDefaults: Object.freeze({
    imageScale: 0.55,
    imageRadius: 0.6,
  }) satisfies PrizeWheelItemDefaults,
});

export interface PrizeWheelProps extends WheelEngineOptions {
  /** Centre overlay, e.g. the page's Spin button. */
  children?: ReactNode;
  /** Overrides the required accessible description. */
  description?: string;
  className?: string;
}

/** The required accessible description of the wheel. */
function wheelDescription(sliceCount: number): string {
  const base = 'An image of a spinning prize wheel.';
  return sliceCount >= 2 ? `${base} The wheel has ${sliceCount} slices.` : base;
}

/** The radius of the wheel's face and of the wheel with its rim, in the mark's 100-unit box. */
const MARK_FACE_R = 44.6;
const MARK_WHEEL_R = 47.5;

/** A point `r` from the centre at `deg` clockwise from the top, in the mark's box. */
const at = (r: number, deg: number): string => {
  const a = (deg * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
};
/** A wedge from the centre, `r` wide, from `fromDeg` clockwise over `sweepDeg`. */
const wedge = (r: number, fromDeg: number, sweepDeg: number): string =>
  `M0 0L${at(r, fromDeg)}A${r} ${r} 0 ${sweepDeg > 180 ? 1 : 0} 1 ${at(r, fromDeg + sweepDeg)}Z`;

/**
 * The won slice, marked while the wheel rests on it: the other slices dim and its edge glows (and
 * pulses, unless motion is reduced). Its own face is left as drawn, so its label reads as well.
 */
function SliceMark({ fromDeg, sweepDeg }: MarkedSlice) {
  if (sweepDeg >= 360) return null;
  return (
    <svg className="prize-wheel__mark" viewBox="-50 -50 100 100" aria-hidden="true">
      <path
        className="prize-wheel__mark-dim"
        d={wedge(MARK_WHEEL_R, fromDeg + sweepDeg, 360 - sweepDeg)}
      />
      <path className="prize-wheel__mark-glow" d={wedge(MARK_FACE_R, fromDeg, sweepDeg)} />
    </svg>
  );
}

/** A prize wheel with a still pointer at `pointerAngle` and `children` in the centre. */
export function PrizeWheel({ children, description, className, ...engine }: PrizeWheelProps) {
  const { stageRef, pointerRef, announcement, marked } = useWheelEngine(engine);
  const { items, wheelProps } = engine;
  const pointerAngle = wheelProps?.pointerAngle ?? 0;
  return (
    <div className={className ? `prize-wheel ${className}` : 'prize-wheel'}>
      <div
        ref={stageRef}
        className="prize-wheel__stage"
        role="img"
        aria-label={description ?? wheelDescription(items.length)}
      />
      {marked ? <SliceMark {...marked} /> : null}
      <div
        className="prize-wheel__pointer"
        style={{ transform: `rotate(${pointerAngle}deg)` }}
        aria-hidden="true"
      >
        <div ref={pointerRef} className="prize-wheel__pointer-arm">
          {/* A flapper: a gold disc on the rim with a short blade that stops at the rim's inner edge. */}
          <svg viewBox="0 0 40 52">
            <defs>
              <linearGradient id="prize-wheel-pointer" x1="0" x2="1">
                <stop offset="0" stopColor="#fde68a" />
                <stop offset="0.5" stopColor="#f59e0b" />
                <stop offset="1" stopColor="#b45309" />
              </linearGradient>
            </defs>
            <path
              d="M20 50 L6 18 A15 15 0 1 1 34 18 Z"
              fill="url(#prize-wheel-pointer)"
              stroke="#78350f"
              strokeWidth="2.5"
              strokeLinejoin="round"
            />
            <circle cx="20" cy="16" r="5" fill="#fff7ed" stroke="#78350f" strokeWidth="1.5" />
          </svg>
        </div>
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
