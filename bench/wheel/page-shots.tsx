// Screenshot page: the PrizeWheel as the wheel page uses it; ?n=<slices>&images=<0|1>.
import { createRoot } from 'react-dom/client';
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '@shared/constants';
import { PrizeWheel, WHEEL_PAGE_PROPS } from '../../web/src/components/wheel/prize-wheel';
import { wheelItemsFor } from '../../web/src/components/wheel/wheel-items';
import { SLICE_LABELS, makeSliceImageUrls } from './fixture';

const params = new URLSearchParams(location.search);
const count = Number(params.get('n') ?? 6);
const withImages = params.get('images') === '1';
const urls = withImages ? makeSliceImageUrls(count) : [];
const items = wheelItemsFor(
  SLICE_LABELS.slice(0, count).map((name, i) => ({ name, imageSrc: urls[i] })),
  DEFAULT_ITEM_BACKGROUND_COLORS,
);

const style = document.createElement('style');
style.textContent = `
  body { background: #fff7ed; }
  main { max-width: 520px; margin: 0 auto; padding: 16px; box-sizing: border-box; text-align: center; }
  h1 { margin: 0 0 12px; font-size: 28px; }
  .wheel { width: min(92vw, 30rem); margin: 0 auto; }
`;
document.head.appendChild(style);
const root = document.createElement('div');
document.body.appendChild(root);
createRoot(root).render(
  <main>
    <h1>Spin &amp; Win</h1>
    <PrizeWheel {...WHEEL_PAGE_PROPS} className="wheel" items={items}>
      <button type="button" className="prize-wheel__hub">
        Spin
      </button>
    </PrizeWheel>
  </main>,
);
// Images load asynchronously; the wheel redraws once they are in.
setTimeout(() => document.body.setAttribute('data-ready', '1'), 600);
