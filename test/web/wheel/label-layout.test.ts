/**
 * The labels' sizes and contrast as the wheel page draws them, computed from the layout without a
 * browser: ten slices on a 375 px phone, one of them with a 16-character name.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '@shared/constants';
import { labelColorsContrast } from '@shared/wheel-colors';
import { fitLabel, type MeasureText } from '../../../web/src/components/wheel/engine/label-layout';
import { labelRoom } from '../../../web/src/components/wheel/engine/render';
import { WHEEL_PAGE_PROPS } from '../../../web/src/components/wheel/prize-wheel';
import { wheelItemsFor } from '../../../web/src/components/wheel/wheel-items';
import { SLICE_LABELS } from '../../../bench/wheel/fixture';

/** The wheel's square on a 375 px phone: 92 vw (wheel-page.css), the canvas square (the wheel is radius 0.95 of it). */
const WHEEL_PX_AT_375 = 375 * 0.92;
/** The smallest label the issue allows there, in CSS px. */
const MIN_LABEL_PX = 12;

/**
 * A width model on the wide side of bold sans-serif faces (DejaVu Sans Bold, the widest of the
 * common fallbacks, sets lower case at about 0.62 em and capitals at about 0.72 em): the sizes
 * it yields are ones a real face reaches or beats.
 */
const wideBold: MeasureText = (text) =>
  [...text].reduce((width, c) => {
    if (c === ' ') return width + 0.35;
    if (/[A-Z%@MW]/.test(c)) return width + 0.8;
    if (/[0-9]/.test(c)) return width + 0.7;
    return width + 0.68;
  }, 0);

/** The benchmark's ten-slice fixture, so this test and the bench's label figures judge one wheel. */
const TEN = SLICE_LABELS;

describe('label layout', () => {
  const style = WHEEL_PAGE_PROPS.wheelProps;

  it('fits every label of ten slices on a 375 px phone at 12 px or more, a 16-character name included', () => {
    expect(TEN.some((name) => name.length === 16)).toBe(true);
    const room = labelRoom(WHEEL_PX_AT_375, style, 36);
    const sizes = TEN.map((name) => fitLabel(name, room, wideBold));
    for (const [i, layout] of sizes.entries()) {
      expect(layout.fontPx, TEN[i]).toBeGreaterThanOrEqual(MIN_LABEL_PX);
      // The block stays inside the slice: its length within the band, its height within the
      // slice's width at its inner end.
      const length = Math.max(...layout.lines.map(wideBold)) * layout.fontPx;
      expect(length).toBeLessThanOrEqual(room.outerPx - room.innerPx + 1e-9);
      const innerEnd = room.outerPx - length;
      const across = 2 * innerEnd * Math.tan((36 * Math.PI) / 360);
      expect(layout.lines.length * layout.fontPx).toBeLessThanOrEqual(across);
    }
  });

  it('sizes each label for its own slice: a short name is not held down by the longest', () => {
    const room = labelRoom(WHEEL_PX_AT_375, style, 36);
    const short = fitLabel('10% Off', room, wideBold);
    const long = fitLabel('Free Large Pizza', room, wideBold);
    expect(short.fontPx).toBeGreaterThan(long.fontPx * 1.2);
  });

  it('sets a long name on two lines when that reads larger', () => {
    const room = labelRoom(WHEEL_PX_AT_375, style, 36);
    const layout = fitLabel('Free Large Pizza', room, wideBold);
    expect(layout.lines).toEqual(['Free Large', 'Pizza']);
    const oneLine = Math.min(
      (room.outerPx - room.innerPx) / wideBold('Free Large Pizza'),
      room.maxFontPx,
    );
    expect(layout.fontPx).toBeGreaterThan(oneLine);
  });

  it('keeps one line for a name that fits as large on one', () => {
    const room = labelRoom(WHEEL_PX_AT_375, style, 90);
    expect(fitLabel('Drink', room, wideBold).lines).toEqual(['Drink']);
    expect(fitLabel('', room, wideBold)).toEqual({ lines: [], fontPx: 0 });
  });

  it('colours every label of the ten-slice wheel with at least 4.5:1 contrast', () => {
    const items = wheelItemsFor(
      TEN.map((name) => ({ name, bgColor: '#ffffff' })),
      DEFAULT_ITEM_BACKGROUND_COLORS,
    );
    for (const item of items) {
      const contrast = labelColorsContrast(
        { color: item.labelColor!, outline: item.labelOutlineColor ?? null },
        item.backgroundColor!,
      );
      // WCAG AA for text: 4.5:1.
      expect(contrast, item.label).toBeGreaterThanOrEqual(4.5);
    }
  });
});
