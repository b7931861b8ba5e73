// The wheel as the engine draws it, measured on its pixels: drawn once with its labels and once
// without, each label's letters compared with the slice beneath them, shading included (an
// outlined label's with its outline; test/support/drawn-contrast.ts). Used by the bench's pages.
import { drawnLabelContrasts } from '../../test/support/drawn-contrast';
import type { ItemProps, WheelProps } from '../../web/src/components/wheel/engine/settings';
import { Wheel } from '../../web/src/components/wheel/engine/wheel';

/** Each slice's label contrast on the drawn pixels of a `sizePx` wheel of `items`. */
export function drawnWheelContrasts(
  items: readonly ItemProps[],
  sizePx: number,
  style: WheelProps & { radius: number; rimWidth: number },
): number[] {
  const box = document.createElement('div');
  Object.assign(box.style, { width: `${sizePx}px`, height: `${sizePx}px` });
  document.body.appendChild(box);
  const wheel = new Wheel(box, { ...style, items: [...items] });
  const canvas = box.querySelector('canvas')!;
  const pixels = () => {
    wheel.draw();
    return canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  };
  const withLabels = pixels();
  wheel.items = items.map((item) => ({ ...item, label: '' }));
  const plain = pixels();
  const side = canvas.width;
  const face = (side / 2) * style.radius * (1 - style.rimWidth);
  wheel.remove();
  box.remove();
  return drawnLabelContrasts(
    withLabels,
    plain,
    side,
    face,
    items.length,
    items.map((item) => Boolean(item.labelOutlineColor)),
  );
}
