import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_BACKGROUND_COLORS, DEFAULT_SLICE_COLOR } from '../../shared/constants';
import { sliceWheelColor, wheelColors } from '../../shared/wheel-colors';

describe('wheel colours', () => {
  it('keeps a colour the admin gave a slice, whatever its place', () => {
    fc.assert(
      fc.property(fc.nat(20), (index) => {
        expect(sliceWheelColor('#123abc', index, ['#000000'])).toBe('#123abc');
      }),
    );
  });

  it('gives a slice left at white the wheel colours in turn by its place in the list', () => {
    const colors = ['#111111', '#222222', '#333333'];
    expect([0, 1, 2, 3, 4].map((i) => sliceWheelColor(DEFAULT_SLICE_COLOR, i, colors))).toEqual([
      '#111111',
      '#222222',
      '#333333',
      '#111111',
      '#222222',
    ]);
    expect(sliceWheelColor('#FFFFFF', 1, colors)).toBe('#222222');
    expect(sliceWheelColor('', 2, colors)).toBe('#333333');
  });

  it('uses the default colours while the saved list is empty', () => {
    expect(wheelColors([])).toBe(DEFAULT_ITEM_BACKGROUND_COLORS);
    expect(wheelColors(undefined)).toBe(DEFAULT_ITEM_BACKGROUND_COLORS);
    expect(wheelColors(['#abcdef'])).toEqual(['#abcdef']);
  });
});
