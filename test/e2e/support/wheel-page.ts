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
  options: {
    reducedMotion?: 'reduce' | 'no-preference';
    visitorToken?: string;
    deviceScaleFactor?: number;
    /**
     * The page's clock (Date, timers, animation frames) is Playwright's, flowing as time does
     * until the test moves it on (page.clock.fastForward). Web Animations keep the real time.
     */
    fakeClock?: boolean;
  } = {},
): Promise<Page> {
  const page = await newBrowserPage(viewport, {
    isMobile: viewport.width < 1000,
    hasTouch: viewport.width < 1000,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    ...(options.deviceScaleFactor ? { deviceScaleFactor: options.deviceScaleFactor } : {}),
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
    // The wheel's latest draw: each label line its canvas draws (text, font, alignment, where and
    // under which transform), and the face as it was just before the first label (see drawnWheel).
    const ww = window as unknown as { wheelDraw?: WheelDraw };
    const proto = CanvasRenderingContext2D.prototype;
    const onWheel = (ctx: CanvasRenderingContext2D) =>
      ctx.canvas instanceof HTMLCanvasElement && ctx.canvas.closest('.prize-wheel__stage') !== null;
    const clearRect = proto.clearRect;
    proto.clearRect = function (this: CanvasRenderingContext2D, ...args) {
      if (onWheel(this) && args[0] === 0 && args[1] === 0)
        ww.wheelDraw = { labels: [], plain: null, labelled: null };
      clearRect.apply(this, args);
    };
    const beforeLabel = (ctx: CanvasRenderingContext2D) => {
      const draw = onWheel(ctx) ? ww.wheelDraw : undefined;
      if (draw && !draw.plain)
        draw.plain = ctx.getImageData(0, 0, ctx.canvas.width, ctx.canvas.height);
      return draw;
    };
    // The first gradient after the labels is the rim's: the face is finished, labels and all.
    const createRadialGradient = proto.createRadialGradient;
    proto.createRadialGradient = function (this: CanvasRenderingContext2D, ...args) {
      const draw = onWheel(this) ? ww.wheelDraw : undefined;
      if (draw && draw.labels.length > 0 && !draw.labelled)
        draw.labelled = this.getImageData(0, 0, this.canvas.width, this.canvas.height);
      return createRadialGradient.apply(this, args);
    };
    let outline: string | null = null;
    const strokeText = proto.strokeText;
    proto.strokeText = function (this: CanvasRenderingContext2D, ...args) {
      if (beforeLabel(this)) outline = String(this.strokeStyle);
      strokeText.apply(this, args);
    };
    const fillText = proto.fillText;
    proto.fillText = function (this: CanvasRenderingContext2D, ...args) {
      const draw = beforeLabel(this);
      if (draw) {
        const m = this.getTransform();
        draw.labels.push({
          text: args[0],
          font: this.font,
          align: this.textAlign,
          y: args[2],
          width: this.measureText(args[0]).width,
          matrix: [m.a, m.b, m.c, m.d, m.e, m.f],
          fill: String(this.fillStyle),
          outline,
        });
        outline = null;
      }
      fillText.apply(this, args);
    };
  }, options.visitorToken ?? null);
  if (options.fakeClock) await page.clock.install();
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

/** One label line as the wheel's canvas drew it (recorded by openWheel's init script). */
interface DrawnLine {
  text: string;
  font: string;
  align: CanvasTextAlign;
  /** The line's middle on its own axis (the text baseline is 'middle'). */
  y: number;
  width: number;
  /** The canvas transform it was drawn under (device pixels, DOMMatrix a-f). */
  matrix: [number, number, number, number, number, number];
  /** Its fill colour, and the outline stroked round it (null for none). */
  fill: string;
  outline: string | null;
}
interface WheelDraw {
  labels: DrawnLine[];
  /** The face just before its first label, and just after its last (before the rim). */
  plain: ImageData | null;
  labelled: ImageData | null;
}

/** A label as drawn on the wheel and where it is on screen now. */
export interface DrawnLabel {
  /** Its lines, top to bottom. */
  lines: string[];
  fontPx: number;
  /** The letters' colour and their outline's (null for none), as drawn. */
  fill: string;
  outline: string | null;
  /** The text's direction less the direction from the wheel's centre out through it, -180 to 180. */
  alongSliceDeg: number;
  /** Where it sits on the canvas as drawn: clockwise from the top, degrees. */
  canvasDeg: number;
  /** The finished wheel's colour on the rim across the middle of the label's slice. */
  rim: string;
  /** Points over the label's box, in screen CSS pixels. */
  points: { x: number; y: number }[];
}

/**
 * The wheel as its canvas last drew it: the labels (grouped by slice, from the recorded draw calls,
 * placed on screen through the canvas's present turn), and the pixels of the face just before and
 * just after its labels (shading included, rim not yet drawn), base64 RGBA of a square canvas
 * `side` device pixels wide. `rimShare`: where to read the rim, a share of the canvas's half width.
 */
export const drawnWheel = (
  page: Page,
  rimShare: number,
): Promise<{
  labels: DrawnLabel[];
  side: number;
  plain: string;
  labelled: string;
}> =>
  page.evaluate((rimShare) => {
    const draw = (window as unknown as { wheelDraw: WheelDraw }).wheelDraw;
    const canvas = document.querySelector<HTMLCanvasElement>('.prize-wheel__stage canvas')!;
    const side = canvas.width;
    const scale = side / canvas.offsetWidth;
    const rect = canvas.getBoundingClientRect();
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const css = getComputedStyle(canvas).transform;
    const turn = new DOMMatrix(css === 'none' ? undefined : css);
    const rot = Math.atan2(turn.b, turn.a);
    const toScreen = (px: number, py: number) => {
      const x = (px - side / 2) / scale;
      const y = (py - side / 2) / scale;
      return {
        x: cx + x * Math.cos(rot) - y * Math.sin(rot),
        y: cy + x * Math.sin(rot) + y * Math.cos(rot),
      };
    };
    const deg = (rad: number) => (rad * 180) / Math.PI;
    const norm = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;
    const finished = canvas.getContext('2d')!.getImageData(0, 0, side, side).data;
    const hexAt = (clockwiseDeg: number, share: number) => {
      const r = (side / 2) * share;
      const angle = ((clockwiseDeg - 90) * Math.PI) / 180;
      const i =
        (Math.round(side / 2 + r * Math.sin(angle)) * side +
          Math.round(side / 2 + r * Math.cos(angle))) *
        4;
      return `#${[0, 1, 2].map((k) => finished[i + k]!.toString(16).padStart(2, '0')).join('')}`;
    };
    const bySlice = new Map<string, DrawnLine[]>();
    for (const line of draw.labels) {
      const key = line.matrix.map((v) => v.toFixed(2)).join();
      bySlice.set(key, [...(bySlice.get(key) ?? []), line]);
    }
    const labels = [...bySlice.values()].map((lines) => {
      const [a, b, c, d, e, f] = lines[0]!.matrix;
      const canvasDeg = (deg(Math.atan2(f - side / 2, e - side / 2)) + 90 + 360) % 360;
      const fontPx = parseFloat(/([\d.]+)px/.exec(lines[0]!.font)![1]!);
      const points: { x: number; y: number }[] = [];
      let sumX = 0;
      let sumY = 0;
      for (const line of lines) {
        const x0 =
          line.align === 'right' || line.align === 'end'
            ? -line.width
            : line.align === 'center'
              ? -line.width / 2
              : 0;
        for (let i = 0; i <= 10; i++)
          for (let j = 0; j <= 2; j++) {
            const lx = x0 + (line.width * i) / 10;
            const ly = line.y - fontPx / 2 + (fontPx * j) / 2;
            const p = toScreen(a * lx + c * ly + e, b * lx + d * ly + f);
            points.push(p);
            sumX += p.x;
            sumY += p.y;
          }
      }
      const middle = { x: sumX / points.length, y: sumY / points.length };
      const textDeg = deg(Math.atan2(b, a) + rot);
      const outDeg = deg(Math.atan2(middle.y - cy, middle.x - cx));
      return {
        lines: lines.map((line) => line.text),
        fontPx,
        fill: lines[0]!.fill,
        outline: lines[0]!.outline,
        alongSliceDeg: norm(textDeg - outDeg),
        canvasDeg,
        rim: hexAt(canvasDeg, rimShare),
        points,
      };
    });
    const base64 = (data: Uint8ClampedArray) => {
      let text = '';
      for (let i = 0; i < data.length; i += 0x8000)
        text += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return btoa(text);
    };
    return {
      labels,
      side,
      plain: base64(draw.plain!.data),
      labelled: base64(draw.labelled!.data),
    };
  }, rimShare);
