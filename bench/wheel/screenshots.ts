/**
 * Screenshots of the PrizeWheel with 2, 6 and 10 slices, with and without images, at 375 px
 * (phone, DPR 3) and 1280 px (desktop, DPR 1), written to /tmp/wheel-shots/*.png.
 * Run: npx tsx bench/wheel/screenshots.ts
 */
import { mkdir } from 'node:fs/promises';
import { launchBrowser } from '../../test/support/browser';
import { serveBundles } from './server';

const OUT_DIR = '/tmp/wheel-shots';
const SLICE_COUNTS = (process.env.SHOT_COUNTS ?? '2,6,10').split(',').map(Number);
const VIEWPORTS = [
  { name: '375', width: 375, height: 560, deviceScaleFactor: 3 },
  { name: '1280', width: 1280, height: 680, deviceScaleFactor: 1 },
] as const;

await mkdir(OUT_DIR, { recursive: true });
const server = await serveBundles({ shots: 'bench/wheel/page-shots.tsx' });
const browser = await launchBrowser();
try {
  for (const vp of VIEWPORTS) {
    const context = await browser.newContext({
      viewport: { width: vp.width, height: vp.height },
      deviceScaleFactor: vp.deviceScaleFactor,
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(e.message));
    page.on('console', (m) => console.log(`[page] ${m.text()}`));
    for (const n of SLICE_COUNTS) {
      for (const images of [false, true]) {
        await page.goto(`${server.origin}/shots.html?n=${n}&images=${images ? 1 : 0}`);
        await page.waitForSelector('body[data-ready="1"]');
        const file = `${OUT_DIR}/wheel-${n}-${images ? 'images' : 'plain'}-${vp.name}.png`;
        await page.screenshot({ path: file });
        console.log(file);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
