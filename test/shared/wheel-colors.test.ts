import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_BACKGROUND_COLORS, DEFAULT_SLICE_COLOR } from '@shared/constants';
import {
  LABEL_EDGE_SHOWS,
  SLICE_SHADE_AT_RIM,
  labelColorsContrast,
  labelColorsOn,
  wheelColors,
  wheelSliceColors,
} from '@shared/wheel-colors';
import { WHEEL_PALETTES } from '@shared/wheel-palettes';

const hex = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => '#' + rgb.map((c) => c.toString(16).padStart(2, '0')).join(''));
/** A few colours, so repeats (neighbours alike) are common; white and #FFF among them. */
const fewColors = fc.constantFrom('#ff0000', '#00aa00', '#0000ff', '#ffffff', '#FFF', '#f00');
const sliceColor = fc.oneof(fewColors, hex, fc.constant(undefined), fc.constant(''));
/** sRGB 0-255 to linear light. */
const linear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
/** [r, g, b] 0-255 of a #rrggbb colour. */
const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
/** WCAG contrast of two #rrggbb colours, computed here as an oracle for the rule. */
function wcagContrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = channels(hex).map(linear) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [la, lb] = [lum(a), lum(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
/** `ground` blended `share` of the way toward `color`, per sRGB channel (as a canvas blends). */
const blendHex = (ground: string, color: string, share: number) => {
  const c = channels(color);
  return (
    '#' +
    channels(ground)
      .map((g, i) =>
        Math.round(g + (c[i]! - g) * share)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
};
/** A slice's colour at its rim, under the shade. */
const shaded = (slice: string) => blendHex(slice, '#000000', SLICE_SHADE_AT_RIM);
/** A letter's edge against `ground`: the label blended as much as a drawn edge shows of it. */
const edgeContrast = (label: string, ground: string) =>
  wcagContrast(
    blendHex(
      ground,
      label,
      wcagContrast(label, '#000000') > wcagContrast(ground, '#000000')
        ? LABEL_EDGE_SHOWS.light
        : LABEL_EDGE_SHOWS.dark,
    ),
    ground,
  );
/** The OKLab distance of two #rgb / #rrggbb colours, computed here as an oracle for the rule. */
function colorDistance(a: string, b: string): number {
  const lab = (hex: string) => {
    const full = hex.toLowerCase().replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/, '#$1$1$2$2$3$3');
    const [r, g, bl] = [1, 3, 5].map((i) => linear(parseInt(full.slice(i, i + 2), 16))) as [
      number,
      number,
      number,
    ];
    const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl);
    const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl);
    const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl);
    return [
      0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
      1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
      0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
    ];
  };
  const [x, y] = [lab(a), lab(b)];
  return Math.hypot(x[0]! - y[0]!, x[1]! - y[1]!, x[2]! - y[2]!);
}

/** Neighbours must differ by this perceptual distance (OKLab), not only in value. */
const NEIGHBOUR_MIN_DISTANCE = 0.1;
const same = (a: string, b: string) => colorDistance(a, b) < NEIGHBOUR_MIN_DISTANCE;

describe('wheel colours', () => {
  it('never gives two neighbouring slices colours that look alike, the last and the first included', () => {
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

  it('keeps a colour the admin gave a slice when no other slice has one like it', () => {
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

  it('tells colours apart by how they look: two greens or two teals are alike, green and red are not', () => {
    expect(colorDistance('#1f9e9a', '#1fa39f')).toBeLessThan(NEIGHBOUR_MIN_DISTANCE);
    expect(colorDistance('#4cd137', '#3fbf2f')).toBeLessThan(NEIGHBOUR_MIN_DISTANCE);
    expect(colorDistance('#4cd137', '#f0506e')).toBeGreaterThan(NEIGHBOUR_MIN_DISTANCE);
    // Two teals side by side: the second gives way.
    const [first, second] = wheelSliceColors(
      ['#1f9e9a', '#1fa39f'],
      DEFAULT_ITEM_BACKGROUND_COLORS,
    );
    expect(first).toBe('#1f9e9a');
    expect(colorDistance(first!, second!)).toBeGreaterThanOrEqual(NEIGHBOUR_MIN_DISTANCE);
  });

  it('gives slices left at white the wheel colours in turn, skipping a neighbour’s', () => {
    const list = ['#dc2626', '#2563eb', '#facc15'];
    expect(wheelSliceColors(['#ffffff', '', undefined, '#FFFFFF', '#fff'], list)).toEqual([
      '#dc2626',
      '#2563eb',
      '#facc15',
      '#dc2626',
      '#2563eb',
    ]);
    // Four white slices round three colours: in turn the last would be #111111, beside the first.
    expect(wheelSliceColors(['', '', '', ''], list)).toEqual([
      '#dc2626',
      '#2563eb',
      '#facc15',
      '#2563eb',
    ]);
    // Two admin slices alike side by side: the second takes a wheel colour neither neighbour has.
    expect(wheelSliceColors(['#dc2626', '#dc2626', '#facc15'], list)).toEqual([
      '#dc2626',
      '#2563eb',
      '#facc15',
    ]);
    // A white slice's substitute never repeats the admin's colour beside it.
    expect(wheelSliceColors(['#ffffff', '#dc2626'], list)).toEqual(['#2563eb', '#dc2626']);
    // One saved colour is not enough to keep neighbours apart: spare colours fill in.
    const one = wheelSliceColors(['', '', ''], ['#123456']);
    expect(new Set(one).size).toBe(3);
  });

  it('uses the default colours while the saved list is empty', () => {
    expect(wheelColors([])).toBe(DEFAULT_ITEM_BACKGROUND_COLORS);
    expect(wheelColors(undefined)).toBe(DEFAULT_ITEM_BACKGROUND_COLORS);
    expect(wheelColors(['#abcdef'])).toEqual(['#abcdef']);
  });

  it('gives every slice colour a label whose letters keep 4.5:1 at their edges as drawn, the rim shade included', () => {
    fc.assert(
      fc.property(hex, (slice) => {
        const { color, outline } = labelColorsOn(slice);
        // WCAG AA for text, 4.5:1, where the letters blend with what is beneath them: the slice
        // (plain and at its shaded rim), or the outline round them.
        const grounds = outline ? [outline] : [slice, shaded(slice)];
        for (const ground of grounds)
          expect(edgeContrast(color, ground), `${color} on ${ground}`).toBeGreaterThanOrEqual(4.5);
        // The margin that takes: a plain label's full colour clears 4.5:1 by at least 2.
        if (!outline) expect(wcagContrast(color, slice)).toBeGreaterThanOrEqual(6.5);
      }),
      { numRuns: 5000 },
    );
  });

  it('outlines the label on mid tones, where neither white nor dark letters keep 4.5:1 as drawn', () => {
    // Each took a plain label under a 4.5:1 rule on the plain colours, and measured less as drawn.
    for (const slice of ['#1e88e5', '#757575', '#e53935', '#43a047', '#2e8821', '#cf4650'])
      expect(labelColorsOn(slice), slice).toEqual({ color: '#ffffff', outline: '#111827' });
    expect(labelColorsOn('#fb8c00')).toEqual({ color: '#000000', outline: null });
    expect(labelColorsOn('#0b3954')).toEqual({ color: '#ffffff', outline: null });
    expect(labelColorsOn('#ffe98a')).toEqual({ color: '#111827', outline: null });
  });

  it.each(WHEEL_PALETTES.map((palette) => [palette.name, palette.colors] as const))(
    'the ready palette %s: any two colours look apart, and each takes a label of 4.5:1',
    (_name, colors) => {
      colors.forEach((a, i) =>
        colors.slice(i + 1).forEach((b) => expect(same(a, b), `${a} ${b}`).toBe(false)),
      );
      for (const color of colors)
        expect(labelColorsContrast(labelColorsOn(color), color)).toBeGreaterThanOrEqual(4.5);
      // On a wheel of white slices the palette's colours come in turn, neighbours apart.
      const wheel = wheelSliceColors(Array<string>(10).fill(''), colors);
      wheel.forEach((c, i) => expect(same(c, wheel[(i + 1) % wheel.length]!)).toBe(false));
    },
  );
});
