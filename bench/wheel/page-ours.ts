// Benchmark page: our engine with the wheel page's look (rim, pegs, shade, fitted labels) and
// 10 image slices.
import { Wheel } from '../../web/src/components/wheel/engine/wheel';
import { WHEEL_PAGE_PROPS } from '../../web/src/components/wheel/prize-wheel';
import {
  BENCH_SPIN,
  SLICE_LABELS,
  benchContainer,
  loadImages,
  makeSliceImageUrls,
} from './fixture';

const images = await loadImages(makeSliceImageUrls(SLICE_LABELS.length));
const wheel = new Wheel(benchContainer(), {
  ...WHEEL_PAGE_PROPS.wheelProps,
  items: SLICE_LABELS.map((label, i) => ({
    label,
    image: images[i],
    imageScale: 0.55,
    imageRadius: 0.6,
  })),
});
wheel.draw();

window.bench = {
  async spinToItem(index) {
    const rest = await wheel.spinToItem(
      index,
      BENCH_SPIN.durationMs,
      true,
      BENCH_SPIN.revolutions,
      1,
    );
    return rest?.currentIndex ?? -1;
  },
};
