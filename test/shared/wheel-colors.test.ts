import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_BACKGROUND_COLORS, DEFAULT_SLICE_COLOR } from '@shared/constants';
import {
  labelColorsContrast,
  labelColorsOn,
  wheelColors,
  wheelSliceColors,
} from '@shared/wheel-colors';

const hex = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => '#' + rgb.map((c) => c.toString(16).padStart(2, '0')).join(''));
/** A few colours, so repeats (neighbours alike) are common; white and #FFF among them. */
const fewColors = fc.constantFrom('#ff0000', '#00aa00', '#0000ff', '#ffffff', '#FFF', '#f00');
const sliceColor = fc.oneof(fewColors, hex, fc.constant(undefined), fc.constant(''));
const same = (a: string, b: string) => {
  const full = (c: string) =>
    c.toLowerCase().replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/, '#$1$1$2$2$3$3');
  return full(a) === full(b);
};

describe('wheel colours', () => {
  it('never gives two neighbouring slices the same colour, the last and the first included', () => {
    fc.assert(
      fc.property(
        fc.array(sliceColor, { minLength: 2, maxLength: 10 }),
        fc.array(fc.oneof(fewColors, hex), { maxLength: 20 }),
        (own, saved) => {
          const colors = wheelSliceColors(own, wheelColors(saved));
          expect(colors).toHaveLength(own.length);
          colors.forEach((color, i) => {
            const next = colors[(i + 1) % colors.length]!;
            expect(same(color, next), `slices ${i} and ${(i + 1) % colors.length}`).toBe(false);
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a colour the admin gave a slice when no other slice has it', () => {
    fc.assert(
      fc.property(fc.array(sliceColor, { minLength: 1, maxLength: 10 }), (own) => {
        const colors = wheelSliceColors(own, DEFAULT_ITEM_BACKGROUND_COLORS);
        own.forEach((color, i) => {
          const unique = color && own.filter((c) => c && same(c, color)).length === 1;
          if (unique && !same(color, DEFAULT_SLICE_COLOR)) expect(colors[i]).toBe(color);
        });
      }),
    );
  });

  it('gives slices left at white the wheel colours in turn, skipping a neighbour’s', () => {
    const list = ['#111111', '#222222', '#333333'];
    expect(wheelSliceColors(['#ffffff', '', undefined, '#FFFFFF', '#fff'], list)).toEqual([
      '#111111',
      '#222222',
      '#333333',
      '#111111',
      '#222222',
    ]);
    // Four white slices round three colours: in turn the last would be #111111, beside the first.
    expect(wheelSliceColors(['', '', '', ''], list)).toEqual([
      '#111111',
      '#222222',
      '#333333',
      '#222222',
    ]);
    // Two admin slices alike side by side: the second takes a wheel colour neither neighbour has.
    expect(wheelSliceColors(['#111111', '#111111', '#333333'], list)).toEqual([
      '#111111',
      '#222222',
      '#333333',
    ]);
    // A white slice's substitute never repeats the admin's colour beside it.
    expect(wheelSliceColors(['#ffffff', '#111111'], list)).toEqual(['#222222', '#111111']);
    // One saved colour is not enough to keep neighbours apart: spare colours fill in.
    const one = wheelSliceColors(['', '', ''], ['#123456']);
    expect(new Set(one).size).toBe(3);
  });

  it('uses the default colours while the saved list is empty', () => {
    expect(wheelColors([])).toBe(DEFAULT_ITEM_BACKGROUND_COLORS);
    expect(wheelColors(undefined)).toBe(DEFAULT_ITEM_BACKGROUND_COLORS);
    expect(wheelColors(['#abcdef'])).toEqual(['#abcdef']);
  });

  it('gives every slice colour a label with at least 4.5:1 contrast, the rim shade included', () => {
    fc.assert(
      fc.property(hex, (slice) => {
        // WCAG AA for text: 4.5:1.
        expect(labelColorsContrast(labelColorsOn(slice), slice)).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 5000 },
    );
  });
});
