// Screenshot page: the PrizeWheel as the wheel page uses it; ?n=<slices>&images=<0|1>.
// The Spin button stays within 2 x itemLabelRadiusMax x radius (19% of the wheel) so it never covers labels.
import { createRoot } from 'react-dom/client';
import { PrizeWheel, WHEEL_PAGE_PROPS } from '../../web/src/components/wheel/prize-wheel';
import { SLICE_LABELS, makeSliceImageUrls } from './fixture';

const params = new URLSearchParams(location.search);
const count = Number(params.get('n') ?? 6);
const withImages = params.get('images') === '1';
const urls = withImages ? makeSliceImageUrls(count) : [];
const items = SLICE_LABELS.slice(0, count).map((label, i) => ({
  label,
  image: urls[i] ?? null,
}));

const style = document.createElement('style');
style.textContent = `
  main { max-width: 520px; margin: 0 auto; padding: 16px; box-sizing: border-box; text-align: center; }
  h1 { margin: 0 0 12px; font-size: 28px; }
  .spin { width: 17%; aspect-ratio: 1; border-radius: 50%; border: 3px solid #fff; background: #111;
    color: #fff; font-weight: 700; font-size: clamp(12px, 4vw, 20px); box-shadow: 0 2px 6px rgb(0 0 0 / 40%); cursor: pointer; }
  .spin:focus-visible { outline: 3px solid #2563eb; outline-offset: 3px; }
`;
document.head.appendChild(style);
const root = document.createElement('div');
document.body.appendChild(root);
createRoot(root).render(
  <main>
    <h1>Spin &amp; Win</h1>
    <PrizeWheel {...WHEEL_PAGE_PROPS} items={items}>
      <button type="button" className="spin">
        Spin
      </button>
    </PrizeWheel>
  </main>,
);
// Images load asynchronously; the wheel redraws once they are in.
setTimeout(() => document.body.setAttribute('data-ready', '1'), 600);
