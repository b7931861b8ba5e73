/**
 * First motion: how long after the Spin press the wheel shows a turn, with the server's draw held
 * back 2 s (the wheel must spin up while the server draws). Taken in Chromium with phone emulation
 * (375 x 812, touch) on the built SPA served by the local stack, for a visitor already verified.
 * The floor, in the same page and run, is the first animation frame after a press: no page can show
 * anything sooner.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { RunningStack } from '../local/stack';
import { launchBrowser } from '../test/support/browser';
import { verifiedPhonePage } from './phone-page';
import { visitorIdToken } from './stack-client';
import { median } from './stats';

/** Target from the issue. */
export const MAX_FIRST_MOTION_MS = 100;
/** Presses measured; the figure is their median. */
export const FIRST_MOTION_RUNS = 5;
const DRAW_HELD_MS = 2000;
/** First-motion numbers: 0469XXXXXX, apart from the other benchmarks' numbers. */
const phoneNumber = () => `0469${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

export interface FirstMotionFigures {
  /** Median ms from the press to the first frame with the wheel turned. */
  firstMotionMs: number;
  /** Median ms from the press to the next animation frame, on the same page. */
  floorMs: number;
  runs: number[];
}

/** Measures one press on a fresh page: [first motion, first frame] in ms after the press. */
async function onePress(page: Page): Promise<[number, number]> {
  await page.evaluate(() => {
    const canvas = document.querySelector('.prize-wheel canvas') as HTMLCanvasElement;
    const button = document.querySelector('.wheel-page__spin') as HTMLButtonElement;
    const start = getComputedStyle(canvas).transform;
    const w = window as unknown as { motion: Promise<[number, number]> };
    w.motion = new Promise((resolve) => {
      button.addEventListener(
        'click',
        (event) => {
          const pressed = event.timeStamp;
          let firstFrame: number | null = null;
          const frame = (now: number) => {
            firstFrame ??= now - pressed;
            if (getComputedStyle(canvas).transform !== start) resolve([now - pressed, firstFrame]);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    });
  });
  await page.getByRole('button', { name: 'Spin' }).tap();
  return page.evaluate(() => (window as unknown as { motion: Promise<[number, number]> }).motion);
}

export async function measureFirstMotion(stack: RunningStack): Promise<FirstMotionFigures> {
  const browser = await launchBrowser();
  const motions: number[] = [];
  const floors: number[] = [];
  try {
    for (let i = 0; i < FIRST_MOTION_RUNS; i++) {
      const idToken = await visitorIdToken(stack, phoneNumber());
      const page = await verifiedPhonePage(browser, stack, idToken);
      await page.route('**/api/spins', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, DRAW_HELD_MS));
        await route.continue();
      });
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      const [motion, floor] = await onePress(page);
      motions.push(motion);
      floors.push(floor);
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
  return { firstMotionMs: median(motions), floorMs: median(floors), runs: motions };
}
