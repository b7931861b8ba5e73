/**
 * The labels' sizes and contrast as the wheel page draws them, computed from the layout without a
 * browser: ten slices on a 375 px phone, one of them with a 16-character name.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '@shared/constants';
import { labelColorsContrast } from '@shared/wheel-colors';
import {
  fitLabel,
  fitWheelLabels,
  type MeasureText,
} from '../../../web/src/components/wheel/engine/label-layout';
import { LABEL_MIN_SHARE, labelRoom } from '../../../web/src/components/wheel/engine/render';
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

  /** The ten slices' labels as the wheel draws them on a 375 px phone. */
  const tenAt375 = (names: readonly string[]) => {
    const room = labelRoom(WHEEL_PX_AT_375, style, 360 / names.length);
    const rooms = names.map(() => room);
    return {
      room,
      layouts: fitWheelLabels(names, rooms, wideBold, LABEL_MIN_SHARE * WHEEL_PX_AT_375),
    };
  };

  it('sets every label of ten slices on a 375 px phone in one size of 12 px or more, a 16-character name included', () => {
    expect(TEN.some((name) => name.length === 16)).toBe(true);
    const { room, layouts } = tenAt375(TEN);
    const sizes = new Set(layouts.map((layout) => layout.fontPx));
    expect(sizes.size).toBe(1);
    for (const [i, layout] of layouts.entries()) {
      expect(layout.fontPx, TEN[i]).toBeGreaterThanOrEqual(MIN_LABEL_PX);
      // Whole names: none cut short.
      expect(layout.lines.join(' '), TEN[i]).toBe(TEN[i]);
      // The block stays inside the slice: its length within the band, its height within the
      // slice's width at its inner end.
      const length = Math.max(...layout.lines.map(wideBold)) * layout.fontPx;
      expect(length).toBeLessThanOrEqual(room.outerPx - room.innerPx + 1e-9);
      const innerEnd = room.outerPx - length;
      const across = 2 * innerEnd * Math.tan((36 * Math.PI) / 360);
      expect(layout.lines.length * layout.fontPx).toBeLessThanOrEqual(across);
    }
  });

  it('is the largest size at which every label fits: the longest name sets it', () => {
    const { room, layouts } = tenAt375(TEN);
    const own = TEN.map((name) => fitLabel(name, room, wideBold).fontPx);
    expect(layouts[0]!.fontPx).toBeCloseTo(Math.min(...own), 9);
  });

  it('breaks a 16-character name with no space, or ends it in an ellipsis, instead of shrinking the wheel', () => {
    const names = [...TEN.slice(0, 9), 'Supercalifragili'];
    const { layouts } = tenAt375(names);
    const withSpaces = tenAt375(TEN.slice(0, 9)).layouts[0]!.fontPx;
    const size = layouts[0]!.fontPx;
    expect(new Set(layouts.map((layout) => layout.fontPx)).size).toBe(1);
    expect(size).toBeGreaterThanOrEqual(MIN_LABEL_PX);
    const long = layouts[9]!;
    // Broken inside the word (the same letters on two lines) or cut with an ellipsis.
    const broken = long.lines.length === 2 && long.lines.join('') === 'Supercalifragili';
    const cut = long.lines.length === 1 && long.lines[0]!.endsWith('\u2026');
    expect(broken || cut, long.lines.join('|')).toBe(true);
    // A single unbroken line would be far smaller than the wheel's size.
    const room = labelRoom(WHEEL_PX_AT_375, style, 36);
    const unbroken = Math.min((room.outerPx - room.innerPx) / wideBold('Supercalifragili'), size);
    expect(unbroken).toBeLessThan(size * 0.8);
    expect(size).toBeGreaterThan(withSpaces * 0.6);
  });

  it('ends a name in an ellipsis when even broken it cannot reach the smallest size', () => {
    const names = [...TEN.slice(0, 9), 'WWWWWWWWWWWWWWWW'];
    const { layouts } = tenAt375(names);
    expect(layouts[9]!.fontPx).toBeGreaterThanOrEqual(MIN_LABEL_PX);
    expect(layouts[9]!.lines.join('')).toMatch(/^W+(\u2026)?$/);
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
