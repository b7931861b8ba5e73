/**
 * The shop's wheel as a picture for the printed pieces: the wheel page's own engine and settings
 * (components/wheel) draw the slices the visitors can win, in their colours, on a canvas at print
 * resolution, and the poster and the card show that one picture, in the preview as on paper.
 */
import { WHEEL_PAGE_PROPS } from '../../../components/wheel/prize-wheel';
import { Wheel } from '../../../components/wheel/engine/wheel';
import type { ItemProps } from '../../../components/wheel/engine/settings';
import { wheelItemsFor, type WheelPrize } from '../../../components/wheel/wheel-items';

/** The wheel's side in CSS pixels and the pixels drawn per CSS pixel: 2,400 px across. */
const SIDE_PX = 600;
const PIXEL_RATIO = 4;

/** An image, loaded and decoded; null when it cannot be. */
async function loaded(src: string): Promise<HTMLImageElement | null> {
  const image = new Image();
  image.src = src;
  try {
    await image.decode();
    return image;
  } catch {
    return null;
  }
}

/**
 * The turn, in degrees, that brings the middle of slice `topIndex` of `count` equal slices (laid
 * clockwise from the top) under the pointer at the top. The engine turns its canvas with a CSS
 * transform, so the picture is drawn unturned and the sheet turns it.
 */
export const posterWheelTurn = (count: number, topIndex: number): number =>
  count > 0 ? -((topIndex + 0.5) * 360) / count : 0;

/** The wheel of `prizes` coloured from `colors`, as a PNG data URL 2,400 px across. */
export async function posterWheelImage(
  prizes: readonly WheelPrize[],
  colors: readonly string[],
): Promise<string> {
  const items = wheelItemsFor(prizes, colors);
  const images = await Promise.all(items.map((item) => (item.image ? loaded(item.image) : null)));
  const box = document.createElement('div');
  Object.assign(box.style, {
    position: 'fixed',
    left: '-10000px',
    top: '0',
    width: `${SIDE_PX}px`,
    height: `${SIDE_PX}px`,
  });
  document.body.appendChild(box);
  try {
    const wheel = new Wheel(box, {
      ...WHEEL_PAGE_PROPS.wheelProps,
      itemBackgroundColors: [...colors],
      pixelRatio: PIXEL_RATIO,
      isInteractive: false,
      items: items.map((item, i): ItemProps => ({
        ...WHEEL_PAGE_PROPS.itemDefaults,
        ...item,
        image: images[i],
      })),
    });
    wheel.draw();
    const image = box.querySelector('canvas')!.toDataURL('image/png');
    wheel.remove();
    return image;
  } finally {
    box.remove();
  }
}
