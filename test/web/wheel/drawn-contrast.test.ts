import { describe, expect, it } from 'vitest';
import { drawnLabelContrasts } from '../../support/drawn-contrast';

const SIDE = 40;
/** A one-slice wheel of grey #808080, and the same with a label: a white bar in a ring of `ring`. */
function wheel(ring: [number, number, number]) {
  const plain = new Uint8Array(SIDE * SIDE * 4).fill(128);
  const labelled = plain.slice();
  const paint = (x0: number, y0: number, x1: number, y1: number, rgb: number[]) => {
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) labelled.set(rgb, (y * SIDE + x) * 4);
  };
  paint(20, 10, 28, 18, ring);
  paint(22, 12, 26, 16, [255, 255, 255]);
  return { plain, labelled };
}
const measure = (ring: [number, number, number], outlined: boolean) => {
  const { plain, labelled } = wheel(ring);
  return drawnLabelContrasts(labelled, plain, SIDE, SIDE / 2, 1, [outlined])[0]!;
};

describe('drawnLabelContrasts', () => {
  it('measures an outlined label by its letters against its outline as drawn', () => {
    // White letters in a near-black outline, on a grey that neither reads well on.
    expect(measure([17, 24, 39], true)).toBeGreaterThan(15);
    // Against the slice, the same pixels read as the outline's poor contrast with the grey.
    expect(measure([17, 24, 39], false)).toBeLessThan(4.5);
    // An outline no darker than the slice gives the letters no dark ground to read on.
    expect(measure([176, 176, 176], true)).toBeLessThan(4.5);
  });
});
