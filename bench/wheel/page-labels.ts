// Label figures page: the ten-slice fixture's labels as the wheel page draws them on a 375 px
// phone. Sizes come from the renderer's own layout (one size for the wheel), measured by this
// browser's canvas, for the fixture and for the fixture with a 16-character name without a space.
// Contrast is measured on the drawn pixels: the engine draws the wheel twice, with its labels and
// without, and each label's letters are compared with the slice beneath them, shading included
// (an outlined label's with its outline).
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '@shared/constants';
import { labelColorsContrast } from '@shared/wheel-colors';
import { fitLabel, fitWheelLabels } from '../../web/src/components/wheel/engine/label-layout';
import {
  LABEL_MIN_SHARE,
  labelFont,
  labelRoom,
} from '../../web/src/components/wheel/engine/render';
import { WHEEL_PAGE_PROPS } from '../../web/src/components/wheel/prize-wheel';
import { wheelItemsFor } from '../../web/src/components/wheel/wheel-items';
import { drawnWheelContrasts } from './drawn-wheel';
import { SLICE_LABELS } from './fixture';

/** A 16-character prize name with no space (the spec allows 16 characters). */
const NO_SPACE_NAME = 'Supercalifragili';
/** The wheel page's wheel width (wheel-page.css .wheel-page__wheel), measured in this viewport. */
const probe = document.createElement('div');
probe.style.width = 'min(92vw, 30rem)';
document.body.appendChild(probe);
const sizePx = probe.clientWidth;

const style = { ...WHEEL_PAGE_PROPS.wheelProps };
const ctx = document.createElement('canvas').getContext('2d')!;
const REFERENCE_PX = 100;
const measure = (text: string) => {
  ctx.font = labelFont(style, REFERENCE_PX);
  return ctx.measureText(text).width / REFERENCE_PX;
};

/**
 * The one label size the wheel draws `names` at, and the range of sizes each label would have
 * alone in its slice (what a label-by-label fit would draw).
 */
function labelSize(names: readonly string[]): { px: number; lines: string[][]; own: number[] } {
  const room = labelRoom(sizePx, style, 360 / names.length);
  const own = names.map((name) => fitLabel(name, room, measure).fontPx);
  const layouts = fitWheelLabels(
    names,
    names.map(() => room),
    measure,
    LABEL_MIN_SHARE * sizePx,
  );
  return {
    px: Math.min(...layouts.map((layout) => layout.fontPx)),
    lines: layouts.map((layout) => [...layout.lines]),
    own,
  };
}

/** Each slice's label contrast on the drawn pixels of the engine's canvas. */
function drawnContrasts(names: readonly string[]): number[] {
  const items = wheelItemsFor(
    names.map((name) => ({ name })),
    DEFAULT_ITEM_BACKGROUND_COLORS,
  );
  return drawnWheelContrasts(items, sizePx, style);
}

const fixture = labelSize(SLICE_LABELS);
const noSpaceNames = [...SLICE_LABELS.slice(0, -1), NO_SPACE_NAME];
const noSpace = labelSize(noSpaceNames);
const contrasts = drawnContrasts(SLICE_LABELS);
const lowest = Math.min(...contrasts);
// The label colour rule's own figure (plain colours, shade at the rim), beside the measured one.
const ruleContrasts = wheelItemsFor(
  SLICE_LABELS.map((name) => ({ name })),
  DEFAULT_ITEM_BACKGROUND_COLORS,
).map((item) =>
  labelColorsContrast(
    { color: item.labelColor!, outline: item.labelOutlineColor ?? null },
    item.backgroundColor!,
  ),
);
(window as unknown as { labelFigures: unknown }).labelFigures = {
  wheelPx: sizePx,
  slices: SLICE_LABELS.length,
  longestName: Math.max(...SLICE_LABELS.map((n) => n.length)),
  smallestPx: Math.min(fixture.px, noSpace.px),
  smallestName: fixture.px <= noSpace.px ? 'the fixture' : NO_SPACE_NAME,
  fixturePx: fixture.px,
  noSpacePx: noSpace.px,
  noSpaceLines: noSpace.lines.at(-1),
  ownRangePx: [Math.min(...noSpace.own, ...fixture.own), Math.max(...noSpace.own, ...fixture.own)],
  ruleLowestContrast: Math.min(...ruleContrasts),
  lowestContrast: lowest,
  lowestContrastName: SLICE_LABELS[contrasts.indexOf(lowest)],
};
