// Letter edges page: how much of a label's colour the edges of its letters show as the wheel page
// draws them at the smallest label size (12 px), the figure the label colour rule builds on
// (LABEL_EDGE_SHOWS in shared/wheel-colors.ts). Slices of a grid of colours, each drawn once
// with white letters and once with near-black ones; each label's contrast is measured on the
// drawn pixels (test/support/drawn-contrast.ts), and for each tone the largest share is found at
// which the rule's edge contrast is nowhere above the measured one.
import { SLICE_SHADE_AT_RIM, letterEdgeContrast, mixColor } from '@shared/wheel-colors';
import { REFERENCE_SIZE_PX } from '../../web/src/components/wheel/engine/defaults';
import { WHEEL_PAGE_PROPS } from '../../web/src/components/wheel/prize-wheel';
import { drawnWheelContrasts } from './drawn-wheel';
import { SLICE_LABELS } from './fixture';

/** The smallest label the wheel draws on a phone (render.ts LABEL_MIN_SHARE). */
const LABEL_PX = 12;
/** Colour grid: each channel in these steps (0, 51, ... 255: 216 colours). */
const GRID_STEP = 51;
/** Only labels whose full colour has at least this contrast say anything about their edges. */
const MIN_FULL_CONTRAST = 3;
const TONES = { light: '#ffffff', dark: '#111827' } as const;
const SLICES = SLICE_LABELS.length;

const probe = document.createElement('div');
probe.style.width = 'min(92vw, 30rem)';
document.body.appendChild(probe);
const sizePx = probe.clientWidth;
const style = {
  ...WHEEL_PAGE_PROPS.wheelProps,
  itemLabelFontSizeMax: (LABEL_PX * REFERENCE_SIZE_PX) / sizePx,
};

const grid: string[] = [];
for (let r = 0; r <= 255; r += GRID_STEP)
  for (let g = 0; g <= 255; g += GRID_STEP)
    for (let b = 0; b <= 255; b += GRID_STEP)
      grid.push('#' + [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join(''));

/** Each slice's label contrast on the drawn pixels, slices coloured `colors`, letters `label`. */
function drawn(colors: readonly string[], label: string): number[] {
  const items = colors.map((backgroundColor, i) => ({
    label: SLICE_LABELS[i]!,
    backgroundColor,
    labelColor: label,
    weight: 1,
  }));
  return drawnWheelContrasts(items, sizePx, style);
}

/** The rule's contrast for letters `label` on `slice` showing `share` of their colour. */
const ruleContrast = (label: string, slice: string, share: number) =>
  Math.min(
    letterEdgeContrast(label, slice, share),
    letterEdgeContrast(label, mixColor(slice, 0, SLICE_SHADE_AT_RIM), share),
  );

/** The largest share (in hundredths) at which the rule nowhere says more than was measured. */
function shows(label: string): { share: number; labels: number } {
  const samples: { slice: string; measured: number }[] = [];
  for (let start = 0; start < grid.length; start += SLICES) {
    const colors = grid.slice(start, start + SLICES);
    drawn(colors, label).forEach((measured, i) => {
      const slice = colors[i]!;
      if (ruleContrast(label, slice, 1) >= MIN_FULL_CONTRAST) samples.push({ slice, measured });
    });
  }
  let share = 100;
  while (share > 0 && samples.some((s) => ruleContrast(label, s.slice, share / 100) > s.measured))
    share -= 1;
  return { share: share / 100, labels: samples.length };
}

(window as unknown as { edgeFigures: unknown }).edgeFigures = {
  wheelPx: sizePx,
  labelPx: LABEL_PX,
  light: shows(TONES.light),
  dark: shows(TONES.dark),
};
