/**
 * The wheel's journey that forgives, in Chromium against the local stack: numbers pasted as people
 * paste them, a draw that fails for a while (retried as the wheel turns) or for good (the wheel
 * stops, Spin works again), a phone held sideways, text at 200 %, and the win's confetti (none
 * with reduced motion). Screenshots of the wheel with six and ten slices at 375 x 812, 740 x 360
 * and 1280 x 800 go to test-results/wheel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { randomLocalMobile, visitorIdToken } from './staff-support';
import { axeViolations } from './support/axe';
import {
  DESKTOP,
  PHONE,
  SIDEWAYS,
  adminFetch,
  box,
  brokenOrOutsideWords,
  openWheel,
  setSpinMode,
  shot,
  wheelTurning,
} from './support/wheel-page';

/** A whole spin: spin-up, the landing (4 to 5 s) and the popup's delay. */
const SPIN_WAIT_MS = 15_000;
/** The draw's retries' budget (web/src/features/visitor/lib/retry-draw.ts) and a second over. */
const RETRY_BUDGET_MS = 16_000;
/** How long, after the budget, the wheel may take to settle and give Spin back. */
const GIVE_UP_SETTLE_MS = 10_000;

describe('numbers as people paste them', () => {
  it.each([
    // The field reads grouped; the number it holds is the 10 digits 0412345678.
    ['0412 345 678', '0412 345 678'],
    ['+61 412 345 678', '0412 345 678'],
    ['+61412345678', '0412 345 678'],
    ['(04) 1234-5678', '0412 345 678'],
  ])('a pasted "%s" becomes %s', async (pasted, expected) => {
    const page = await openWheel(PHONE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: VISITOR_TEXT.spin }).tap();
    const field = page
      .getByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel })
      .getByLabel(VISITOR_TEXT.phoneLabel);
    // What phones read to decide what to offer: the whole number, and no length cap on a paste.
    expect(await field.getAttribute('autocomplete')).toBe('tel');
    expect(await field.getAttribute('inputmode')).toBe('tel');
    expect(await field.getAttribute('maxlength')).toBeNull();
    await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
    await field.focus();
    await page.keyboard.press('Control+V');
    expect(await field.inputValue()).toBe(expected);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('letters still leave the field as it was, and a wrong start still gets the message', async () => {
    const page = await openWheel(PHONE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: VISITOR_TEXT.spin }).tap();
    const dialog = page.getByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel });
    const field = dialog.getByLabel(VISITOR_TEXT.phoneLabel);
    await page.evaluate(() => navigator.clipboard.writeText('call me 0412 345 678'));
    await field.focus();
    await page.keyboard.press('Control+V');
    expect(await field.inputValue()).toBe('');
    await page.evaluate(() => navigator.clipboard.writeText('+64 21 123 4567'));
    await page.keyboard.press('Control+V');
    expect(await field.inputValue()).toBe('');
    await field.pressSequentially('051');
    expect(await field.inputValue()).toBe('05');
    expect(await dialog.getByRole('alert').textContent()).toBe(MESSAGES.phoneMustStartWith04);
  });
});

describe('a draw that fails', () => {
  it('is asked again while the wheel keeps turning, and lands on the prize', async () => {
    const token = await visitorIdToken(randomLocalMobile());
    const page = await openWheel(PHONE, { visitorToken: token });
    let posts = 0;
    let turningDuringRetries = true;
    await page.route('**/api/spins', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts <= 3) {
        if (posts > 1) turningDuringRetries &&= await wheelTurning(page);
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: posts === 2 ? { 'retry-after': '1' } : {},
          body: JSON.stringify({ code: 'UNAVAILABLE', message: 'Service Unavailable' }),
        });
      }
      return route.continue();
    });
    const started = Date.now();
    await page.getByRole('button', { name: VISITOR_TEXT.spin }).tap();
    const popup = page.getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
    await popup.waitFor({ timeout: SPIN_WAIT_MS + 5000 });
    expect(posts).toBe(4);
    expect(turningDuringRetries, 'the wheel turned through the retries').toBe(true);
    // The second answer asked for 1 s: the retries took at least 0.5 + 1 + 1 s.
    expect(Date.now() - started).toBeGreaterThan(2500);
    expect((await popup.locator('.win-popup__offer').textContent())?.length).toBeGreaterThan(0);
  });

  it('stops the wheel after about 15 s of failures, and Spin works again', async () => {
    // The page's clock is moved on a second at a time, so the 15 s of retries take about two.
    const token = await visitorIdToken(randomLocalMobile());
    const page = await openWheel(PHONE, { visitorToken: token, fakeClock: true });
    let posts = 0;
    await page.route('**/api/spins', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      return route.abort('connectionrefused');
    });
    const spin = page.getByRole('button', { name: VISITOR_TEXT.spin });
    const pageNow = () => page.evaluate(() => Date.now());
    const givenUp = () =>
      page.evaluate(
        () => !document.querySelector('.wheel-page__spin')?.hasAttribute('aria-disabled'),
      );
    const started = await pageNow();
    await spin.tap();
    await page.waitForFunction(
      () => document.querySelector('.wheel-page__spin')?.getAttribute('aria-disabled') === 'true',
    );
    // Moved on a second at a time up to the budget's end: the wheel turns and Spin stays held.
    let elapsed = 0;
    let turningAt10s: boolean | undefined;
    while (elapsed < RETRY_BUDGET_MS) {
      if (turningAt10s === undefined && elapsed >= 10_000) turningAt10s = await wheelTurning(page);
      if (elapsed < 13_000) expect(await givenUp(), `given up ${elapsed} ms in`).toBe(false);
      await page.clock.fastForward(1000);
      // The retry the timer let go gets its refusal (real time) before the clock moves again.
      await page.waitForTimeout(100);
      elapsed = (await pageNow()) - started;
    }
    // Past the budget, the wheel settles as it does (its motion runs on real time) and Spin is back.
    await page.waitForFunction(
      () => !document.querySelector('.wheel-page__spin')?.hasAttribute('aria-disabled'),
      undefined,
      { timeout: GIVE_UP_SETTLE_MS },
    );
    expect(turningAt10s, 'still turning 10 s in').toBe(true);
    expect(posts).toBeGreaterThan(3);
    expect(await wheelTurning(page)).toBe(false);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Spin works again: with the server back, the next press wins.
    await page.unroute('**/api/spins');
    await spin.tap();
    await page
      .getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel })
      .waitFor({ timeout: SPIN_WAIT_MS });
  });
});

describe('held sideways', () => {
  it('shows the whole wheel, its pointer and Spin at once at 740 x 360', async () => {
    const page = await openWheel(SIDEWAYS);
    const wheel = await box(page, '.prize-wheel');
    const spin = await box(page, '.wheel-page__spin');
    const pointer = await box(page, '.prize-wheel__pointer-arm');
    for (const [name, b] of Object.entries({ wheel, spin, pointer })) {
      expect(b.left, name).toBeGreaterThanOrEqual(0);
      expect(b.top, name).toBeGreaterThanOrEqual(0);
      expect(b.right, name).toBeLessThanOrEqual(b.width);
      expect(b.bottom, name).toBeLessThanOrEqual(b.height);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SIDEWAYS.width,
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('text at 200 %', () => {
  afterAll(() => setSpinMode('verify-first'));

  it('keeps every word of the verification dialog whole and on the screen', async () => {
    const page = await openWheel(PHONE);
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await page.getByRole('button', { name: VISITOR_TEXT.spin }).tap();
    const dialog = page.getByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel });
    await dialog.waitFor();
    await dialog.getByLabel(VISITOR_TEXT.phoneLabel).pressSequentially('051');
    await dialog.getByRole('alert').waitFor();
    expect(await brokenOrOutsideWords(page)).toEqual([]);
    await shot(page, 'text200-dialog');
  });

  it('keeps every word of the win popup whole and on the screen', async () => {
    await setSpinMode('spin-first');
    const page = await openWheel(PHONE);
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await page.getByRole('button', { name: VISITOR_TEXT.spin }).tap();
    const popup = page.getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
    await popup.waitFor({ timeout: SPIN_WAIT_MS });
    await popup.getByText(VISITOR_TEXT.congratulations).waitFor();
    expect(await brokenOrOutsideWords(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'text200-win');
  });
});

describe('the win', () => {
  beforeAll(() => setSpinMode('spin-first'));
  afterAll(() => setSpinMode('verify-first'));

  it('bursts confetti and vibrates', async () => {
    const page = await openWheel(PHONE);
    await page.getByRole('button', { name: VISITOR_TEXT.spin }).tap();
    await page
      .getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel })
      .waitFor({ timeout: SPIN_WAIT_MS });
    const seen = await page.evaluate(() => {
      const w = window as unknown as { vibrations: unknown[]; confetti: number };
      return { vibrations: w.vibrations, confetti: w.confetti };
    });
    expect(seen.confetti).toBe(1);
    // The ticks as pegs pass (short taps), then the win's pattern.
    expect(seen.vibrations.some((v) => Array.isArray(v))).toBe(true);
    expect(seen.vibrations.some((v) => typeof v === 'number')).toBe(true);
  });

  it('with reduced motion: no confetti, no vibration', async () => {
    const page = await openWheel(PHONE, { reducedMotion: 'reduce' });
    await page.getByRole('button', { name: VISITOR_TEXT.spin }).tap();
    await page
      .getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel })
      .waitFor({ timeout: SPIN_WAIT_MS });
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { vibrations: unknown[]; confetti: number };
      return { vibrations: w.vibrations, confetti: w.confetti };
    });
    expect(seen).toEqual({ vibrations: [], confetti: 0 });
  });
});

describe('screenshots', () => {
  const added: string[] = [];
  afterAll(async () => {
    for (const id of added) await adminFetch(`/api/slices/${id}`, 'DELETE');
  });

  for (const count of [6, 10]) {
    it(`shows the wheel with ${count} slices at 375, 740 sideways and 1280`, async () => {
      const slices = (await adminFetch('/api/slices', 'GET')) as { data?: unknown[] } | unknown[];
      const list = Array.isArray(slices) ? slices : (slices.data ?? []);
      const names = ['Free Large Pizza', 'Double Points', 'Free Sauce', 'Try Again'];
      for (let i = list.length; i < count; i++) {
        const created = (await adminFetch('/api/slices', 'POST', {
          name: names[i - list.length] ?? `Prize ${i}`,
          comment: '',
        })) as { id?: string; data?: { id: string } };
        added.push(created.id ?? created.data!.id);
      }
      for (const viewport of [PHONE, SIDEWAYS, DESKTOP]) {
        const page = await openWheel(viewport);
        await page.waitForTimeout(300);
        await shot(page, `wheel-${count}`);
        await page.context().close();
      }
    });
  }
});
