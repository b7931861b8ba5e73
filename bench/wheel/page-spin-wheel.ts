// Benchmark page: the spin-wheel library with the same slices, images, size and spin.
import { Wheel } from 'spin-wheel';
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '../../web/src/components/wheel/prize-wheel';
import { cubicOut } from '../../web/src/components/wheel/engine/easing';
import {
  BENCH_SPIN,
  BENCH_WHEEL_PX,
  SLICE_IMAGE_PX,
  SLICE_LABELS,
  benchContainer,
  loadImages,
  makeSliceImageUrls,
} from './fixture';

const images = await loadImages(makeSliceImageUrls(SLICE_LABELS.length));
// spin-wheel sizes images from their natural pixels at a 500 px wheel; this matches our
// 0.55 x radius image size so both draw the same picture.
const imageScale = (0.55 * 0.95 * 0.5 * 500) / SLICE_IMAGE_PX;
void BENCH_WHEEL_PX;
const wheel = new Wheel(benchContainer(), {
  lineWidth: 0,
  borderWidth: 0.5,
  itemLabelBaselineOffset: -0.06,
  itemBackgroundColors: DEFAULT_ITEM_BACKGROUND_COLORS,
  items: SLICE_LABELS.map((label, i) => ({
    label,
    image: images[i],
    imageScale,
    imageRadius: 0.6,
  })),
});

window.bench = {
  spinToItem(index) {
    return new Promise((resolve) => {
      wheel.onRest = (event) => resolve(event.currentIndex);
      wheel.spinToItem(index, BENCH_SPIN.durationMs, true, BENCH_SPIN.revolutions, 1, cubicOut);
    });
  },
};
