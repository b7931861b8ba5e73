/**
 * The wheel page in a browser for the visitor's e2e files: opened as a phone (touch) or a desktop,
 * optionally as a visitor already verified on the device, with the phone's vibrations and the
 * confetti recorded; the admin API to set the game up; screenshots under test-results/wheel.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { REPO_ROOT } from '../../../local/stack';
import { VISITOR_TEXT } from '@shared/messages';
import { staffIdToken } from '../staff-support';
import { baseUrl, newBrowserPage, staffPassword } from './stack';

/** Where the wheel's screenshots go (git-ignored), to be looked at. */
const SHOTS_DIR = join(REPO_ROOT, 'test-results/wheel');
export const PHONE = { width: 375, height: 812 } as const;
export const SIDEWAYS = { width: 740, height: 360 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export async function adminFetch(path: string, method: string, body?: unknown): Promise<unknown> {
  const token = await staffIdToken('admin', staffPassword('admin'));
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

export const setSpinMode = (spinMode: 'verify-first' | 'spin-first') =>
  adminFetch('/api/settings/game', 'PUT', { spinMode });

const pages: Page[] = [];
/**
 * The wheel page in a fresh context. With `visitorToken`, as a visitor already verified on this
 * device (the session the verification dialog saves), so Spin draws at once.
 */
export async function openWheel(
  viewport: { width: number; height: number },
  options: { reducedMotion?: 'reduce' | 'no-preference'; visitorToken?: string } = {},
): Promise<Page> {
  const page = await newBrowserPage(viewport, {
    isMobile: viewport.width < 1000,
    hasTouch: viewport.width < 1000,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  pages.push(page);
  await page.addInitScript((token) => {
    if (token)
      localStorage.setItem(
        'spinwin.session.visitor',
        JSON.stringify({ idToken: token, expiresAt: Date.now() + 3_600_000 }),
      );
    // What the page asks of the phone's vibration motor, and every confetti canvas it shows.
    const w = window as unknown as { vibrations: unknown[]; confetti: number; confettiZ: string };
    w.vibrations = [];
    w.confetti = 0;
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        w.vibrations.push(pattern);
        return true;
      },
    });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLCanvasElement && node.classList.contains('confetti')) {
            w.confetti += 1;
            w.confettiZ = node.style.zIndex;
          }
    }).observe(document, { childList: true, subtree: true });
  }, options.visitorToken ?? null);
  await page.goto('/');
  await page.getByRole('button', { name: VISITOR_TEXT.spin }).waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

afterAll(async () => {
  await Promise.all(pages.map((page) => page.context().close()));
});

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}x${height}.png` });
}

/** The wheel's canvas is turning (a Web Animation on it is running). */
export const wheelTurning = (page: Page): Promise<boolean> =>
  page.evaluate(() =>
    (document.querySelector('.prize-wheel canvas') as HTMLCanvasElement)
      .getAnimations()
      .some((a) => a.playState === 'running'),
  );

/** The box of an element, and the screen's size. */
export const box = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return {
      left: r.left,
      top: r.top,
      right: r.right,
      bottom: r.bottom,
      width: window.innerWidth,
      height: window.innerHeight,
    };
  }, selector);

/**
 * Every word inside open dialogs, whole and on screen: a word drawn on two lines has two boxes,
 * one cut by the screen's edge reaches past it.
 */
export const brokenOrOutsideWords = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    const dialog = document.querySelector('[role="dialog"]')!;
    const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.length > 1) out.push(`${match[0]}: on ${rects.length} lines`);
        for (const r of rects)
          if (r.left < 0 || r.right > window.innerWidth) out.push(`${match[0]}: off screen`);
      }
    }
    for (const input of dialog.querySelectorAll('input, button')) {
      const r = input.getBoundingClientRect();
      if (r.left < 0 || r.right > window.innerWidth) out.push(`${input.tagName}: off screen`);
    }
    return out;
  });
