/**
 * The wheel's labels and look, in Chromium against the local stack, with ten slices, one a
 * 16-character name without a space: at 375 x 812 with touch, 740 x 360 sideways, 200 % text and
 * 1280. Read from what the wheel's canvas draws (each label's draw call and transform, and its
 * pixels with and without the labels): one label size, at least 12 px on the phone; the long name
 * broken or cut, whole in the prize list and the popup; every label the same way along its slice,
 * also after a spin; contrast 4.5:1 on the drawn pixels; the flapper clear of every label and
 * ticking past the pegs; a gold rim; neighbours apart by the colour rule; a ready palette saved in
 * Game Settings drawn on the visitor's wheel.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SLICE_WEIGHT_MAX } from '@shared/constants';
import { VISITOR_TEXT } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import type { GameSettings, Slice } from '@shared/types';
import { wheelSliceColors } from '@shared/wheel-colors';
import { WHEEL_PALETTES } from '@shared/wheel-palettes';
import { drawnLabelContrasts } from '../support/drawn-contrast';
import { WHEEL_PAGE_PROPS } from '../../web/src/components/wheel/prize-wheel';
import { randomLocalMobile, visitorIdToken } from './staff-support';
import { axeViolations } from './support/axe';
import { newBrowserPage, staffPassword } from './support/stack';
import {
  DESKTOP,
  PHONE,
  SIDEWAYS,
  adminFetch,
  drawnWheel,
  openWheel,
  shot,
  wheelTurning,
  type DrawnLabel,
} from './support/wheel-page';

/** A 16-character prize name with no space (the spec allows 16 characters). */
const NO_SPACE_NAME = 'Supercalifragili';
const SLICES = 10;
const MIN_LABEL_PX = 12;
const MIN_CONTRAST = 4.5;
/** A phone's screen: two device pixels to the CSS pixel, so letters are more than their edges. */
const DPR = 2;
/** A whole spin: spin-up, the landing (4 to 5 s) and the popup's delay. */
const SPIN_WAIT_MS = 15_000;
/** The peg tick's vibration (use-wheel-engine.ts); the win's is a pattern, not a number. */
const TICK_VIBRATE_MS = 4;
/** Gold: an orange-yellow hue, clearly coloured (a grey tyre has no saturation). */
const GOLD_HUE_DEG = [25, 60] as const;
const GOLD_MIN_SATURATION = 0.35;

const { radius: WHEEL_RADIUS, rimWidth: RIM_WIDTH } = WHEEL_PAGE_PROPS.wheelProps;

const pixels = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const hex = (data: Uint8Array, side: number, deg: number, share: number): string => {
  const r = (side / 2) * share;
  const a = ((deg - 90) * Math.PI) / 180;
  const x = Math.round(side / 2 + r * Math.cos(a));
  const y = Math.round(side / 2 + r * Math.sin(a));
  const i = (y * side + x) * 4;
  return `#${[data[i]!, data[i + 1]!, data[i + 2]!].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
};
/** The face's radius and the rim's middle as shares of the canvas's half width. */
const FACE_SHARE = WHEEL_RADIUS * (1 - Math.min(0.2, RIM_WIDTH));
const RIM_SHARE = (FACE_SHARE + WHEEL_RADIUS) / 2;
/** Inside the slices, short of the labels and the shading: the slice's own colour. */
const SLICE_SAMPLE_SHARE = 0.2 * FACE_SHARE;

function hueAndSaturation(color: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * light - 1));
  const hue =
    chroma === 0
      ? 0
      : max === r
        ? (((g - b) / chroma + 6) % 6) * 60
        : max === g
          ? ((b - r) / chroma + 2) * 60
          : ((r - g) / chroma + 4) * 60;
  return { hue, saturation };
}

/** Labels in the order the slices go round the wheel. */
const inOrder = (labels: DrawnLabel[]) => [...labels].sort((p, q) => p.canvasDeg - q.canvasDeg);
const isNoSpaceName = (label: DrawnLabel) =>
  label.lines.join('').startsWith(NO_SPACE_NAME.slice(0, 5));

/** Label points the flapper's drawn shape (fill or outline) covers. */
const labelPointsUnderPointer = (page: Page, labels: DrawnLabel[]) =>
  page.evaluate(
    (points) => {
      const path = document.querySelector<SVGPathElement>('.prize-wheel__pointer-arm svg path')!;
      const toSvg = path.getScreenCTM()!.inverse();
      return points.filter(({ x, y }) => {
        const p = new DOMPoint(x, y).matrixTransform(toSvg);
        return path.isPointInFill(p) || path.isPointInStroke(p);
      }).length;
    },
    labels.flatMap((label) => label.points),
  );

/** Each label's contrast on the drawn pixels, in the order the slices go round the wheel. */
const drawnContrasts = (wheel: Awaited<ReturnType<typeof drawnWheel>>, plain: Uint8Array) =>
  drawnLabelContrasts(
    pixels(wheel.labelled),
    plain,
    wheel.side,
    (wheel.side / 2) * FACE_SHARE,
    SLICES,
    inOrder(wheel.labels).map((label) => label.outline !== null),
  );

/** What every viewport shows: the labels, the contrast, the rim, the neighbours, the pointer. */
async function expectLabelsAndLook(page: Page, phone: boolean) {
  const wheel = await drawnWheel(page, RIM_SHARE);
  const { labels, side } = wheel;
  expect(labels).toHaveLength(SLICES);
  // One size for the whole wheel, never under 12 px on the phone.
  expect(new Set(labels.map((label) => label.fontPx)).size).toBe(1);
  if (phone) expect(labels[0]!.fontPx).toBeGreaterThanOrEqual(MIN_LABEL_PX);
  // The name without a space breaks or ends in an ellipsis: what is drawn is the name's start.
  const long = labels.find(isNoSpaceName)!;
  expect(long.lines.length > 1 || long.lines.at(-1)!.endsWith('…')).toBe(true);
  expect(NO_SPACE_NAME.startsWith(long.lines.join('').replace(/[…‐-]/g, ''))).toBe(true);
  // One direction for every label along its slice.
  for (const label of labels)
    expect(Math.abs(label.alongSliceDeg - labels[0]!.alongSliceDeg)).toBeLessThan(1);
  // Contrast on the drawn pixels: letters against the shaded slice beneath them. A label with an
  // outline reads against its outline instead (its letters and outline as drawn).
  const plain = pixels(wheel.plain);
  const contrasts = drawnContrasts(wheel, plain);
  expect(Math.min(...contrasts), contrasts.map((c) => c.toFixed(2)).join()).toBeGreaterThanOrEqual(
    MIN_CONTRAST,
  );
  // The rim is gold, sampled in the middle of each slice (between the pegs).
  for (const label of labels) {
    const { hue, saturation } = hueAndSaturation(label.rim);
    expect(hue).toBeGreaterThanOrEqual(GOLD_HUE_DEG[0]);
    expect(hue).toBeLessThanOrEqual(GOLD_HUE_DEG[1]);
    expect(saturation).toBeGreaterThanOrEqual(GOLD_MIN_SATURATION);
  }
  // Neighbours as drawn are apart by the colour rule: it keeps both colours of each pair.
  const colors = inOrder(labels).map((label) =>
    hex(plain, side, label.canvasDeg, SLICE_SAMPLE_SHARE),
  );
  colors.forEach((color, i) => {
    const next = colors[(i + 1) % colors.length]!;
    expect(wheelSliceColors([color, next], []), `${color} beside ${next}`).toEqual([color, next]);
  });
  // The flapper covers no label.
  expect(await labelPointsUnderPointer(page, labels)).toBe(0);
  return { labels, colors };
}

const spinButton = (page: Page) => page.getByRole('button', { name: VISITOR_TEXT.spin });
const winPopup = (page: Page) => page.getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });

let slicesBefore: Slice[] = [];
const added: string[] = [];

beforeAll(async () => {
  slicesBefore = (await adminFetch('/api/slices', 'GET')) as Slice[];
  // Ten slices; the last the long name, so heavy that the spin below lands on it.
  for (let i = slicesBefore.length; i < SLICES; i++) {
    const last = i === SLICES - 1;
    const created = (await adminFetch('/api/slices', 'POST', {
      name: last ? NO_SPACE_NAME : `Prize ${i + 1}`,
      ...(last ? { weight: SLICE_WEIGHT_MAX } : {}),
    })) as Slice;
    added.push(created.id);
  }
});

afterAll(async () => {
  for (const id of added) await adminFetch(`/api/slices/${id}`, 'DELETE');
});

describe('labels and look with ten slices', () => {
  it('at 375 x 812 with touch: one size of at least 12 px, one direction before and after a spin, 4.5:1, gold rim, neighbours apart, flapper clear and ticking; the long name whole in the list and the popup', async () => {
    const page = await openWheel(PHONE, {
      visitorToken: await visitorIdToken(randomLocalMobile()),
      deviceScaleFactor: DPR,
    });
    const before = await expectLabelsAndLook(page, true);
    expect(await page.locator('.prize-wheel__sr-only li').allTextContents()).toContain(
      NO_SPACE_NAME,
    );
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'look-10');

    await spinButton(page).tap();
    await page.locator('.prize-wheel__mark').waitFor({ timeout: SPIN_WAIT_MS });
    expect(await wheelTurning(page)).toBe(false);
    // The flapper ticked past the pegs on the way (the phone's tap at each tick).
    const ticks = await page.evaluate(
      (ms) => (window as unknown as { vibrations: unknown[] }).vibrations.filter((v) => v === ms),
      TICK_VIBRATE_MS,
    );
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    // At rest: the same labels, each still the same way along its slice, the flapper clear.
    const after = await expectLabelsAndLook(page, true);
    const along = (labels: DrawnLabel[]) =>
      inOrder(labels).map((label) => [label.lines.join(' '), Math.round(label.alongSliceDeg)]);
    expect(along(after.labels)).toEqual(along(before.labels));
    await shot(page, 'look-10-at-rest');
    await winPopup(page).waitFor();
    // The draw is the server's: the long name is won about 99 times in 100 (its weight); whichever
    // prize is won, the popup shows its whole name.
    const names = (await page.locator('.prize-wheel__sr-only li').allTextContents()).map((name) =>
      name.toUpperCase(),
    );
    expect(names).toContain(await winPopup(page).locator('.win-popup__offer').textContent());
    await page.context().close();
  });

  it('at 740 x 360 sideways, 200 % text and 1280: one size, one direction, 4.5:1, gold rim, neighbours apart, flapper clear', async () => {
    const sideways = await openWheel(SIDEWAYS, { deviceScaleFactor: DPR });
    await expectLabelsAndLook(sideways, false);
    await shot(sideways, 'look-10');
    await sideways.context().close();

    const large = await openWheel(PHONE, { deviceScaleFactor: DPR });
    await large.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await large.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expectLabelsAndLook(large, true);
    expect(await axeViolations(large)).toEqual([]);
    await large.context().close();

    const desktop = await openWheel(DESKTOP, { deviceScaleFactor: DPR });
    await expectLabelsAndLook(desktop, false);
    await shot(desktop, 'look-10');
    await desktop.context().close();
  });
});

/**
 * Slice colours where the label colour rule is nearest its limit. The first five took a plain
 * label under a 4.5:1 rule on the plain colours and measured less as drawn (3.86:1 at worst):
 * #1e88e5, a mid grey, a red, a green, a violet; they take an outlined label now. The others take
 * a plain label (one dark, four white) just past the rule's limit.
 */
const BAND_COLORS = [
  '#1e88e5',
  '#757575',
  '#cf4650',
  '#43a047',
  '#9534f3',
  '#e77d30',
  '#1657a7',
  '#046457',
  '#a51f05',
  '#4d2ee5',
] as const;

describe("slice colours at the label rule's limit", () => {
  /** The slices' own colours, put back after the test, pass or fail: later files draw them. */
  let putBack: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    const undo = putBack;
    putBack = undefined;
    await undo?.();
  });

  it('every label measures at least 4.5:1 on the drawn pixels (375 x 812 with touch)', async () => {
    const slices = (await adminFetch('/api/slices', 'GET')) as Slice[];
    const own = (slice: Slice, bgColor: string) =>
      adminFetch(`/api/slices/${slice.id}`, 'PUT', {
        bgColor,
        expectedUpdatedAt: slice.updatedAt,
        expectedStock: slice.stock,
      }) as Promise<Slice>;
    const recoloured = await Promise.all(slices.map((s, i) => own(s, BAND_COLORS[i]!)));
    putBack = () => Promise.all(recoloured.map((s, i) => own(s, slices[i]!.bgColor)));
    const page = await openWheel(PHONE, { deviceScaleFactor: DPR });
    const wheel = await drawnWheel(page, RIM_SHARE);
    const plain = pixels(wheel.plain);
    const contrasts = drawnContrasts(wheel, plain);
    const labels = inOrder(wheel.labels);
    const drawn = labels.map((label) =>
      hex(plain, wheel.side, label.canvasDeg, SLICE_SAMPLE_SHARE),
    );
    expect(drawn).toEqual(expect.arrayContaining(['#1e88e5', '#757575']));
    const figures = labels.map(
      (l, i) => `${drawn[i]} ${l.outline ? 'outlined' : l.fill} ${contrasts[i]!.toFixed(2)}`,
    );
    await shot(page, 'look-band');
    expect(Math.min(...contrasts), figures.join('; ')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    await page.context().close();
  });
});

describe('ready palettes', () => {
  let gameBefore: GameSettings;
  beforeAll(async () => {
    gameBefore = (await adminFetch('/api/settings/game', 'GET')) as GameSettings;
  });
  afterAll(async () => {
    const { itemBackgroundColors, spinMode } = gameBefore;
    await adminFetch('/api/settings/game', 'PUT', { itemBackgroundColors, spinMode });
  });

  it('a palette picked and saved in Game Settings (1280) colours the visitor wheel (375 touch)', async () => {
    const palette = WHEEL_PALETTES[0]!;
    const admin = await newBrowserPage(DESKTOP);
    await admin.goto('/admin');
    await admin.getByLabel('Username').fill('admin');
    await admin.getByLabel('Password').fill(staffPassword('admin'));
    await admin.getByRole('button', { name: 'Login' }).click();
    await admin.waitForURL('**/admin/business');
    await admin.goto('/admin/game');
    await admin.getByRole('button', { name: palette.name }).click();
    const saved = admin.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/settings/game' && r.request().method() === 'PUT',
    );
    await admin.getByRole('button', { name: ADMIN_TEXT.saveWheelSettings }).click();
    expect((await saved).ok()).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);
    await admin.context().close();

    const page = await openWheel(PHONE, { deviceScaleFactor: DPR });
    const { labels, colors } = await expectLabelsAndLook(page, true);
    // Each slice drawn in the colour the rule gives it from the palette, in the order shown.
    const slices = (await adminFetch('/api/slices', 'GET')) as Slice[];
    const own = inOrder(labels).map((label) => {
      const name = label.lines.join(' ');
      return slices.find(
        (s) => s.name === name || (isNoSpaceName(label) && s.name === NO_SPACE_NAME),
      )!.bgColor;
    });
    const expected = wheelSliceColors(own, palette.colors).map((c) => c.toLowerCase());
    expect(colors).toEqual(expected);
    expect(colors.filter((c) => palette.colors.includes(c)).length).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'look-palette');
    await page.context().close();
  });
});
