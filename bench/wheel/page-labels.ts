// Label figures page: the ten-slice fixture's labels as the wheel page draws them on a 375 px
// phone, laid out with the renderer's own room and font and measured by this browser's canvas.
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '@shared/constants';
import { labelColorsContrast } from '@shared/wheel-colors';
import { fitLabel } from '../../web/src/components/wheel/engine/label-layout';
import { labelFont, labelRoom } from '../../web/src/components/wheel/engine/render';
import { WHEEL_PAGE_PROPS } from '../../web/src/components/wheel/prize-wheel';
import { wheelItemsFor } from '../../web/src/components/wheel/wheel-items';
import { SLICE_LABELS } from './fixture';

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
const items = wheelItemsFor(
  SLICE_LABELS.map((name) => ({ name })),
  DEFAULT_ITEM_BACKGROUND_COLORS,
);
const room = labelRoom(sizePx, style, 360 / SLICE_LABELS.length);
const sizes = SLICE_LABELS.map((name) => fitLabel(name, room, measure).fontPx);
const contrasts = items.map((item) =>
  labelColorsContrast(
    { color: item.labelColor!, outline: item.labelOutlineColor ?? null },
    item.backgroundColor!,
  ),
);
const smallest = Math.min(...sizes);
(window as unknown as { labelFigures: unknown }).labelFigures = {
  wheelPx: sizePx,
  slices: SLICE_LABELS.length,
  longestName: Math.max(...SLICE_LABELS.map((n) => n.length)),
  smallestPx: smallest,
  smallestName: SLICE_LABELS[sizes.indexOf(smallest)],
  lowestContrast: Math.min(...contrasts),
};
