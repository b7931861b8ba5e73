/**
 * The wheel page as a visitor meets it: on a phone (375 x 812, touch, phone emulation) and on a
 * desktop driven by the keyboard alone. Through every step it checks that the page never scrolls
 * sideways, that the popup lies inside the screen, where focus is after each dialog step, that the
 * wheel turns at once while the draw is held back 2 s, and that axe-core finds no violation.
 * Screenshots of each step go to /tmp/shots/phone.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { randomLocalMobile, staffIdToken } from './staff-support';
import { axeViolations } from './support/axe';
import { baseUrl, latestSmsCode, newBrowserPage, staffPassword } from './support/stack';

const SHOTS_DIR = '/tmp/shots/phone';
const PHONE = { width: 375, height: 812 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
/** How long the test holds back the server's draw. */
const DRAW_HELD_MS = 2000;
/** The wheel must have turned within this long of the press. */
const FIRST_MOTION_MAX_MS = 250;
/** A whole spin: spin-up, the held draw, the landing (4 to 5 s) and the popup's delay. */
const SPIN_WAIT_MS = 15_000;

type Mode = 'touch' | 'keyboard';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

/** axe-core finds nothing, and the page is no wider than the screen. */
async function checkState(page: Page, state: string): Promise<void> {
  // axeViolations waits for the win popup's fade-in to settle (support/axe.ts).
  expect(await axeViolations(page), `axe in state "${state}"`).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `sideways scroll in state "${state}"`).toBeLessThanOrEqual(0);
  await shot(page, state);
}

/** A short description of the focused element: role or tag, and its accessible text. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.textContent?.trim() ??
      '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}: ${label}`;
  });

/** Presses a control: a tap on the phone, Tab to it then Enter on the keyboard. */
async function press(page: Page, mode: Mode, name: string, exact = true): Promise<void> {
  const target = page.getByRole('button', { name, exact });
  if (mode === 'touch') {
    await target.tap();
    return;
  }
  for (let i = 0; i < 30; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** Puts focus in the field labelled `label`: a tap on the phone, Tab to it on the keyboard. */
async function reachField(page: Page, mode: Mode, label: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  if (mode === 'touch') {
    await field.tap();
    return;
  }
  for (let i = 0; i < 30 && !(await field.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
}

/** Types into the focused field (it must be the one labelled `label`). */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  expect(await focused(page)).toBe(`input: ${label}`);
  await page.keyboard.type(text);
}

/**
 * Starts sampling in the page: the widest the document gets, and when the wheel's canvas first
 * shows a turn after the next press of Spin (from the press event's own time).
 */
async function startSampling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { samples: { maxWidth: number; firstMotionMs: number | null } };
    w.samples = { maxWidth: document.documentElement.scrollWidth, firstMotionMs: null };
    const canvas = document.querySelector('.prize-wheel canvas') as HTMLCanvasElement;
    const button = document.querySelector('.wheel-page__spin') as HTMLButtonElement;
    const start = getComputedStyle(canvas).transform;
    let pressedAt: number | null = null;
    const onPress = (event: Event) => {
      pressedAt ??= event.timeStamp;
    };
    button.addEventListener('click', onPress, { capture: true });
    const frame = (now: number) => {
      w.samples.maxWidth = Math.max(w.samples.maxWidth, document.documentElement.scrollWidth);
      if (
        pressedAt !== null &&
        w.samples.firstMotionMs === null &&
        getComputedStyle(canvas).transform !== start
      )
        w.samples.firstMotionMs = now - pressedAt;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const samples = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { samples: { maxWidth: number; firstMotionMs: number | null } })
        .samples,
  );

/** The slice under the pointer, read from the canvas's turn (the wheel shows equal slices). */
const sliceUnderPointer = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const canvas = document.querySelector('.prize-wheel canvas') as HTMLCanvasElement;
    const matrix = new DOMMatrix(getComputedStyle(canvas).transform);
    const rotation = (Math.atan2(matrix.b, matrix.a) * 180) / Math.PI;
    const labels = Array.from(document.querySelectorAll('.prize-wheel ul li')).map(
      (li) => li.textContent ?? '',
    );
    const angle = (((0 - rotation) % 360) + 360) % 360; // the pointer is at the top
    return labels[Math.floor(angle / (360 / labels.length))] ?? '';
  });

/** The popup and its close button lie wholly inside the screen. */
async function expectInsideScreen(page: Page): Promise<void> {
  const boxes = await page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    return {
      popup: box('[role="dialog"]'),
      close: box('[role="dialog"] .visitor-modal__close'),
      width: window.innerWidth,
      height: window.innerHeight,
    };
  });
  for (const name of ['popup', 'close'] as const) {
    const b = boxes[name];
    expect(b.left, name).toBeGreaterThanOrEqual(0);
    expect(b.top, name).toBeGreaterThanOrEqual(0);
    expect(b.right, name).toBeLessThanOrEqual(boxes.width);
    expect(b.bottom, name).toBeLessThanOrEqual(boxes.height);
  }
}

async function setSpinMode(spinMode: 'verify-first' | 'spin-first'): Promise<void> {
  const token = await staffIdToken('admin', staffPassword('admin'));
  const response = await fetch(new URL('/api/settings/game', baseUrl()), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ spinMode }),
  });
  if (!response.ok) throw new Error(`set spin mode: ${response.status}`);
}

const pages: Page[] = [];
async function openWheel(
  viewport: typeof PHONE | typeof DESKTOP,
  mode: Mode,
  reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
): Promise<Page> {
  const touch = mode === 'touch';
  const page = await newBrowserPage(viewport, { isMobile: touch, hasTouch: touch, reducedMotion });
  pages.push(page);
  await page.goto('/');
  await page.getByRole('button', { name: VISITOR_TEXT.spin }).waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

afterAll(async () => {
  await Promise.all(pages.map((page) => page.context().close()));
});

const JOURNEYS = [
  ['phone', PHONE, 'touch'],
  ['desktop', DESKTOP, 'keyboard'],
] as const;

describe('wheel page, verify first, on a phone and by keyboard', () => {
  it.each(JOURNEYS)(
    '%s: every step in view, focused and accessible',
    async (_l, viewport, mode) => {
      const phone = randomLocalMobile();
      const page = await openWheel(viewport, mode);
      await checkState(page, 'p01-wheel');

      // The dialog opens on the phone field; Send Code moves to the code field.
      await press(page, mode, VISITOR_TEXT.spin);
      const dialog = page.getByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel });
      await dialog.waitFor();
      await typeInto(page, VISITOR_TEXT.phoneLabel, phone);
      await checkState(page, 'p02-dialog-phone');
      const sentAfter = new Date();
      await press(page, mode, VISITOR_TEXT.sendCode);
      await dialog.getByText(/^Resend in \d+s$/).waitFor();
      expect(await focused(page)).toBe(`input: ${VISITOR_TEXT.otpLabel}`);
      await checkState(page, 'p03-dialog-code');

      // A wrong code (six digits in submit themselves): the message, and focus back on the
      // emptied field.
      const code = await latestSmsCode(phone, { since: sentAfter });
      await typeInto(page, VISITOR_TEXT.otpLabel, code === '000000' ? '000001' : '000000');
      await dialog.getByText(MESSAGES.otpIncorrect).waitFor();
      expect(await focused(page)).toBe(`input: ${VISITOR_TEXT.otpLabel}`);
      await checkState(page, 'p04-dialog-code-wrong');

      // The right code: the dialog closes and focus is back on Spin.
      await typeInto(page, VISITOR_TEXT.otpLabel, code);
      await page.getByText(MESSAGES.verificationSuccessful).waitFor();
      expect(await dialog.count()).toBe(0);
      expect(await focused(page)).toBe(`button: ${VISITOR_TEXT.spin}`);
      await checkState(page, 'p05-verified');

      // Spin with the draw held back 2 s: the wheel turns at once, the page never widens.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/spins', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, DRAW_HELD_MS));
        await route.continue();
        release();
      });
      await startSampling(page);
      const wheel = page.locator('.prize-wheel');
      const before = await wheel.screenshot();
      await press(page, mode, VISITOR_TEXT.spin);
      await page.waitForFunction(
        () =>
          (window as unknown as { samples: { firstMotionMs: number | null } }).samples
            .firstMotionMs !== null,
      );
      const during = await wheel.screenshot();
      let answered = false;
      void held.then(() => (answered = true));
      expect(answered, 'the draw was still held back').toBe(false);
      expect(during.equals(before), 'the wheel pixels changed before the draw came back').toBe(
        false,
      );
      const { firstMotionMs } = await samples(page);
      console.log(
        `first motion ${viewport.width}px: ${firstMotionMs?.toFixed(0)} ms after the press`,
      );
      expect(firstMotionMs).toBeLessThanOrEqual(FIRST_MOTION_MAX_MS);
      expect(await focused(page)).toBe(`button: ${VISITOR_TEXT.spin}`);

      const popup = page.getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
      await popup.waitFor({ timeout: SPIN_WAIT_MS });
      await page.waitForTimeout(500);
      expect((await samples(page)).maxWidth).toBeLessThanOrEqual(viewport.width);
      await expectInsideScreen(page);
      // The popup's heading: no field, so a phone's keyboard does not come up over the win. It is
      // framed by a focus ring for the keyboard user only.
      expect(await focused(page)).toBe(`h2: ${VISITOR_TEXT.congratulations}`);
      expect(
        await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle),
      ).toBe(mode === 'keyboard' ? 'solid' : 'none');
      const offer = (await popup.locator('.win-popup__offer').textContent()) ?? '';
      expect((await sliceUnderPointer(page)).toUpperCase()).toBe(offer);
      await checkState(page, 'p06-win-popup');

      // Closing the popup puts focus on Spin.
      if (mode === 'touch')
        await popup.getByRole('button', { name: VISITOR_TEXT.closeLabel }).tap();
      else await page.keyboard.press('Escape');
      expect(await popup.count()).toBe(0);
      expect(await focused(page)).toBe(`button: ${VISITOR_TEXT.spin}`);

      // A reload: the popup names the saved prize and the wheel points at it.
      await page.unroute('**/api/spins');
      await page.reload();
      await popup.waitFor();
      await page.waitForLoadState('networkidle');
      expect(await popup.locator('.win-popup__offer').textContent()).toBe(offer);
      expect((await sliceUnderPointer(page)).toUpperCase()).toBe(offer);
      await checkState(page, 'p07-reload-saved-prize');
      await page.keyboard.press('Escape');
      expect(await focused(page)).toBe(`button: ${VISITOR_TEXT.spin}`);
    },
  );

  it.each(JOURNEYS)(
    '%s: after the third wrong code the visitor is led to Resend',
    async (_l, viewport, mode) => {
      const phone = randomLocalMobile();
      const page = await openWheel(viewport, mode);
      await press(page, mode, VISITOR_TEXT.spin);
      const dialog = page.getByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel });
      await typeInto(page, VISITOR_TEXT.phoneLabel, phone);
      const sentAfter = new Date();
      await press(page, mode, VISITOR_TEXT.sendCode);
      await dialog.getByText(/^Resend in \d+s$/).waitFor();
      const code = await latestSmsCode(phone, { since: sentAfter });
      const wrong = [1, 2, 3].map((n) => String((Number(code) + n) % 1_000_000).padStart(6, '0'));
      for (const attempt of wrong) {
        await typeInto(page, VISITOR_TEXT.otpLabel, attempt);
        await page.waitForFunction(
          () =>
            (document.querySelector('input[autocomplete="one-time-code"]') as HTMLInputElement)
              .value === '',
        );
        await dialog.getByText(MESSAGES.otpIncorrect).waitFor();
      }
      await page.waitForFunction(() => /^Resend/.test(document.activeElement?.textContent ?? ''));
      expect(await focused(page)).toMatch(/^button: Resend in \d+s$/);
      expect(await dialog.getByLabel(VISITOR_TEXT.otpLabel).isDisabled()).toBe(true);
      await checkState(page, 'p08-dialog-resend');
      await page.keyboard.press('Escape');
      expect(await dialog.count()).toBe(0);
      expect(await focused(page)).toBe(`button: ${VISITOR_TEXT.spin}`);
    },
  );
});

describe('wheel page, spin first, on a phone and by keyboard', () => {
  afterAll(() => setSpinMode('verify-first'));

  it.each(JOURNEYS)('%s: the claim keeps focus in the popup', async (_l, viewport, mode) => {
    await setSpinMode('spin-first');
    const phone = randomLocalMobile();
    const page = await openWheel(viewport, mode);
    await startSampling(page);
    await press(page, mode, VISITOR_TEXT.spin);
    const popup = page.getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
    await popup.waitFor({ timeout: SPIN_WAIT_MS });
    expect((await samples(page)).maxWidth).toBeLessThanOrEqual(viewport.width);
    await expectInsideScreen(page);
    await checkState(page, 'p09-claim-phone');

    // The popup opens on its heading; the phone field takes focus when touched (or tabbed to).
    expect(await focused(page)).toBe(`h2: ${VISITOR_TEXT.congratulations}`);
    await reachField(page, mode, VISITOR_TEXT.phoneLabel);
    await typeInto(page, VISITOR_TEXT.phoneLabel, phone);
    const sentAfter = new Date();
    await press(page, mode, VISITOR_TEXT.sendPrize);
    await popup.getByText(/^Resend in \d+s$/).waitFor();
    expect(await focused(page)).toBe(`input: ${VISITOR_TEXT.otpLabel}`);
    await checkState(page, 'p10-claim-code');

    await typeInto(page, VISITOR_TEXT.otpLabel, await latestSmsCode(phone, { since: sentAfter }));
    await popup.getByText(VISITOR_TEXT.visitStore).waitFor();
    await page.waitForFunction(
      () => document.activeElement?.classList.contains('win-popup__claim-note') === true,
    );
    await expectInsideScreen(page);
    await checkState(page, 'p11-claimed');
    // Tab stays in the popup; Escape closes it and focus is back on Spin.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    expect(await popup.count()).toBe(0);
    expect(await focused(page)).toBe(`button: ${VISITOR_TEXT.spin}`);
  });

  it('with reduced motion: no spin-up, and a short calm turn onto the prize', async () => {
    await setSpinMode('spin-first');
    const page = await openWheel(PHONE, 'touch', 'reduce');
    await page.evaluate(() => {
      const w = window as unknown as { longestTurnMs: number };
      w.longestTurnMs = 0;
      const frame = () => {
        for (const animation of document.getAnimations()) {
          const duration = Number(animation.effect?.getTiming().duration ?? 0);
          w.longestTurnMs = Math.max(w.longestTurnMs, duration);
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await press(page, 'touch', VISITOR_TEXT.spin);
    const popup = page.getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
    await popup.waitFor({ timeout: SPIN_WAIT_MS });
    const longest = await page.evaluate(
      () => (window as unknown as { longestTurnMs: number }).longestTurnMs,
    );
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(600);
    const offer = (await popup.locator('.win-popup__offer').textContent()) ?? '';
    expect((await sliceUnderPointer(page)).toUpperCase()).toBe(offer);
  });
});
