/**
 * The benchmark's wheel content, shared by both pages and the screenshots: slice labels and
 * colours, and slice images drawn here on a canvas (nothing is downloaded).
 */

export const SLICE_LABELS = [
  'Free Chips',
  'BOGOF Burger',
  'Free Drink',
  '10% Off',
  'Free Dessert',
  'Try Again',
  'Free Side',
  'Double Points',
  'Free Sauce',
  'Free Large Pizza',
] as const;

/** Side of the generated slice images, in pixels. */
export const SLICE_IMAGE_PX = 128;

/** Draws a simple food-ish emblem per slice and returns PNG data URLs. Runs in the browser. */
export function makeSliceImageUrls(count: number): string[] {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const canvas = document.createElement('canvas');
    canvas.width = SLICE_IMAGE_PX;
    canvas.height = SLICE_IMAGE_PX;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const hue = (i * 36) % 360;
    const c = SLICE_IMAGE_PX / 2;
    ctx.fillStyle = `hsl(${hue} 70% 45%)`;
    ctx.beginPath();
    ctx.arc(c, c, c * 0.9, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.arc(c, c, c * 0.62, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = `hsl(${(hue + 180) % 360} 75% 50%)`;
    for (let k = 0; k < i + 3; k++) {
      const a = (k / (i + 3)) * Math.PI * 2;
      ctx.beginPath();
      ctx.arc(c + Math.cos(a) * c * 0.35, c + Math.sin(a) * c * 0.35, c * 0.13, 0, Math.PI * 2);
      ctx.fill();
    }
    urls.push(canvas.toDataURL('image/png'));
  }
  return urls;
}

/** Loads image URLs into decoded image elements. */
export async function loadImages(urls: readonly string[]): Promise<HTMLImageElement[]> {
  return Promise.all(
    urls.map(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image;
    }),
  );
}

/** What each benchmark page exposes to the driver. */
export interface BenchPage {
  /** Runs one 4 s spinToItem and resolves at rest with the landed index. */
  spinToItem(index: number): Promise<number>;
}

declare global {
  interface Window {
    bench?: BenchPage;
  }
}

/** The spin every run performs: same target, duration and turns on both wheels. */
export const BENCH_SPIN = Object.freeze({ itemIndex: 7, durationMs: 4000, revolutions: 4 });

/** The wheel's CSS size in the benchmark. */
export const BENCH_WHEEL_PX = 400;

/** Appends the fixed-size wheel container to the page. */
export function benchContainer(): HTMLDivElement {
  const el = document.createElement('div');
  el.id = 'wheel';
  el.style.width = `${BENCH_WHEEL_PX}px`;
  el.style.height = `${BENCH_WHEEL_PX}px`;
  document.body.appendChild(el);
  return el;
}
