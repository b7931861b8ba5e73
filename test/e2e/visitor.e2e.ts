/**
 * Visitor journeys in Chromium against the local stack, clicked with a mouse at desktop width
 * (1280 px), with screenshots of each state in /tmp/shots/visitor (the phone, by touch, and the
 * keyboard take the same journeys in visitor-phone.e2e.ts):
 * - verify first (the default): Spin, phone, the code from the SMS outbox, banner, spin, popup with
 *   the prize the API recorded; a reload shows the saved prize; the number is then refused;
 * - spin first, verify to claim: the popup's "Claim Prize via SMS" records the previewed prize.
 */
import { mkdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { SOURCE_PARAM } from '@shared/source-tag';
import type { Insights, SpinResult } from '@shared/types';
import { solvedOtpChallenge } from '../support/stack-sign-in';
import { staffIdToken, visitorIdToken } from './staff-support';
import {
  afterStream,
  baseUrl,
  latestSmsCode,
  newBrowserPage,
  staffPassword,
} from './support/stack';

const SHOTS_DIR = '/tmp/shots/visitor';
const VIEWPORTS = [['desktop', { width: 1280, height: 900 }]] as const;
/** The wheel turns for 4 s, then the popup opens 300 ms after rest. */
const SPIN_WAIT_MS = 10_000;
/** Long enough for the loading state to be seen and photographed. */
const WHEEL_DELAY_MS = 1500;

/** A fresh local mobile per test, so runs against a kept stack never collide. */
const randomLocalMobile = () => `04${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png` });
}

/** The saved prize of the page's signed-in visitor, straight from the API. */
const recordedPrize = (page: Page): Promise<SpinResult> =>
  page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('spinwin.session.visitor') ?? '{}') as {
      idToken?: string;
    };
    const response = await fetch('/api/spins/mine', {
      headers: { authorization: `Bearer ${session.idToken}` },
    });
    return (await response.json()) as SpinResult;
  });

/** Business details as an admin would save them, so the header and footer show real values. */
const SAMPLE_BUSINESS = {
  businessName: "Sam's Takeaway",
  website: 'https://sams-takeaway.example',
  phoneNumber: '02 9876 5432',
  instagramUrl: 'https://instagram.com/samstakeaway',
  facebookUrl: 'https://facebook.com/samstakeaway',
  uberEatsUrl: 'https://ubereats.com/au/store/sams-takeaway',
  mapsUrl: 'https://maps.google.com/?q=sams+takeaway',
};

async function adminFetch(path: string, init: { method: string; body: unknown }): Promise<unknown> {
  const token = await staffIdToken('admin', staffPassword('admin'));
  const response = await fetch(new URL(path, baseUrl()), {
    method: init.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function setSpinMode(spinMode: 'verify-first' | 'spin-first'): Promise<void> {
  await adminFetch('/api/settings/game', { method: 'PUT', body: { spinMode } });
}

/** Fills the phone step and sends; returns when the code field shows. */
async function sendCode(
  scope: ReturnType<Page['getByRole']>,
  phone: string,
  button: string,
): Promise<void> {
  await scope.getByLabel(VISITOR_TEXT.phoneLabel).fill(phone);
  await scope.getByRole('button', { name: button }).click();
  await scope.getByLabel(VISITOR_TEXT.otpLabel).waitFor();
}

describe('wheel page, verify first', () => {
  let savedBusiness: Record<string, string> | undefined;
  beforeAll(async () => {
    const response = await fetch(new URL('/api/settings/business', baseUrl()));
    // The seeded placeholder logo path is not an uploadable value, so it is left as it is.
    const {
      updatedAt: _updatedAt,
      logoUrl: _logoUrl,
      ...business
    } = (await response.json()) as Record<string, string>;
    savedBusiness = business;
    await adminFetch('/api/settings/business', { method: 'PUT', body: SAMPLE_BUSINESS });
  });
  afterAll(async () => {
    if (savedBusiness)
      await adminFetch('/api/settings/business', { method: 'PUT', body: savedBusiness });
  });

  it.each(VIEWPORTS)('runs the whole journey at %s width', async (_label, viewport) => {
    const phone = randomLocalMobile();
    const page = await newBrowserPage(viewport);
    // Opened from a placement's link: the visit, the code, the win and the redeem count under its
    // tag (a tag of this run's own, so other runs on the stack do not add to it; no run of digits
    // longer than a year, which shared/source-tag.ts refuses as a possible phone number).
    const tag = `poster-${randomInt(0, 10_000)}-${randomInt(0, 10_000)}`;

    // Loading state (the wheel data held back a moment), then the wheel
    await page.route('**/api/wheel', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, WHEEL_DELAY_MS));
      await route.continue();
    });
    await page.goto(`/?${SOURCE_PARAM}=${tag}`);
    await page.getByText(VISITOR_TEXT.loading).waitFor();
    await shot(page, '01-loading');
    const spin = page.getByRole('button', { name: VISITOR_TEXT.spin });
    await spin.waitFor();
    await page.unroute('**/api/wheel');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Spin & Win');
    await page.getByText(SAMPLE_BUSINESS.businessName).waitFor();
    // Email and TikTok keep their placeholder defaults, so only the six changed links show.
    const footer = page.getByRole('navigation', { name: VISITOR_TEXT.footerLabel });
    await expect(footer.getByRole('link').count()).resolves.toBe(6);
    await expect(footer.getByRole('link', { name: 'Phone' }).getAttribute('href')).resolves.toBe(
      'tel:0298765432',
    );
    await page.waitForLoadState('networkidle');
    await shot(page, '02-wheel');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Spin before verification opens the dialog at the phone step
    await spin.click();
    const dialog = page.getByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel });
    await dialog.waitFor();
    await dialog.getByLabel(VISITOR_TEXT.phoneLabel).pressSequentially('051');
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
      MESSAGES.phoneMustStartWith04,
    );
    await shot(page, '03-dialog-phone-error');
    const sentAfter = new Date();
    await sendCode(dialog, phone, VISITOR_TEXT.sendCode);
    await expect(dialog.getByText(/^Resend in \d+s$/).textContent()).resolves.toMatch(
      /Resend in (60|59)s/,
    );
    await shot(page, '04-dialog-code');

    // A typo first, then the code from the SMS outbox
    const code = await latestSmsCode(phone, { since: sentAfter });
    // Six digits in submit themselves (typed, or filled by the phone from the SMS).
    await dialog.getByLabel(VISITOR_TEXT.otpLabel).fill(code === '000000' ? '000001' : '000000');
    await dialog.getByText(MESSAGES.otpIncorrect).waitFor();
    await shot(page, '05-dialog-code-wrong');
    await dialog.getByLabel(VISITOR_TEXT.otpLabel).fill(code);
    await page.getByText(MESSAGES.verificationSuccessful).waitFor();
    expect(await dialog.count()).toBe(0);
    await shot(page, '06-verified-banner');
    // Back on the plain address (the tag no longer in it): the page kept the tag with its state.
    await page.goto('/');
    await spin.waitFor();

    // Spin: the server draws; the popup names what the API recorded for this number
    await spin.click();
    const popup = page.getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
    await popup.waitFor({ timeout: SPIN_WAIT_MS });
    const recorded = await recordedPrize(page);
    await expect(popup.getByText(VISITOR_TEXT.congratulations).count()).resolves.toBe(1);
    await expect(popup.getByText(VISITOR_TEXT.youWon).count()).resolves.toBe(1);
    await expect(
      popup.getByText(recorded.offer.toUpperCase(), { exact: true }).count(),
    ).resolves.toBe(1);
    await expect(popup.getByText(VISITOR_TEXT.visitStore).count()).resolves.toBe(1);
    await shot(page, '07-win-popup');

    // A reload keeps the visitor verified and shows the saved prize, not a new spin
    await page.reload();
    await popup.waitFor();
    await expect(
      popup.getByText(recorded.offer.toUpperCase(), { exact: true }).count(),
    ).resolves.toBe(1);
    await shot(page, '08-reload-saved-prize');
    expect(await recordedPrize(page)).toEqual(recorded);

    // The same number on a fresh browser is refused
    const other = await newBrowserPage(viewport);
    await other.goto('/');
    await other.getByRole('button', { name: VISITOR_TEXT.spin }).click();
    const again = other.getByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel });
    await again.getByLabel(VISITOR_TEXT.phoneLabel).fill(phone);
    await again.getByRole('button', { name: VISITOR_TEXT.sendCode }).click();
    await again.getByText(MESSAGES.alreadyHasReward).waitFor();
    await shot(other, '09-already-has-reward');

    // Redeemed at the counter: the whole journey is counted under its placement.
    const operator = await staffIdToken('operator', staffPassword('operator'));
    const redeem = await fetch(new URL('/api/users/redeem', baseUrl()), {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: phone }),
    });
    expect(redeem.status).toBe(200);
    const admin = await staffIdToken('admin', staffPassword('admin'));
    const bySource = async () => {
      const response = await fetch(new URL('/api/insights', baseUrl()), {
        headers: { authorization: `Bearer ${admin}` },
      });
      const { data } = (await response.json()) as { data: Insights };
      return data.sources.find((row) => row.source === tag);
    };
    // The stream consumer counts the win and the redeem a moment after they are written.
    expect(await afterStream(bySource, (row) => row?.redeemed === 1)).toEqual({
      source: tag,
      visits: 1,
      codesSent: 1,
      wins: 1,
      redeemed: 1,
    });
  });
});

describe('wheel page, spin first and verify to claim', () => {
  afterAll(() => setSpinMode('verify-first'));

  it.each(VIEWPORTS)(
    'claims the previewed prize by SMS code at %s width',
    async (_label, viewport) => {
      await setSpinMode('spin-first');
      const phone = randomLocalMobile();
      const page = await newBrowserPage(viewport);
      await page.goto('/');
      await page.getByRole('button', { name: VISITOR_TEXT.spin }).click();

      // No dialog first: the wheel spins on a server draw and the popup offers the claim
      const popup = page.getByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
      await popup.waitFor({ timeout: SPIN_WAIT_MS });
      const offer = await popup.locator('.win-popup__offer').textContent();
      await popup.getByRole('heading', { name: VISITOR_TEXT.claimViaSms }).waitFor();
      await shot(page, '10-claim-phone');

      const sentAfter = new Date();
      await sendCode(popup, phone, VISITOR_TEXT.sendPrize);
      await shot(page, '11-claim-code');
      await popup
        .getByLabel(VISITOR_TEXT.otpLabel)
        .fill(await latestSmsCode(phone, { since: sentAfter }));
      await popup.getByText(VISITOR_TEXT.visitStore).waitFor();
      await shot(page, '12-claimed');

      // The server recorded the previewed prize for the verified number
      const recorded = await recordedPrize(page);
      expect(recorded.offer.toUpperCase()).toBe(offer);
      await expect(popup.locator('.win-popup__offer').textContent()).resolves.toBe(
        recorded.offer.toUpperCase(),
      );
    },
  );
});

describe('visitor API on the stack', () => {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(new URL(path, baseUrl()), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it('answers 401 to a missing, malformed, tampered or staff token, and records nothing', async () => {
    const phone = randomLocalMobile();
    const real = await visitorIdToken(phone);
    const [header, payload, signature] = real.split('.') as [string, string, string];
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const otherNumber = Buffer.from(
      JSON.stringify({ ...fields, phone_number: '+61400000001' }),
    ).toString('base64url');
    const tampered = `${header}.${otherNumber}.${signature}`;
    const staff = await staffIdToken('operator', staffPassword('operator'));
    for (const token of [undefined, 'not-a-jwt', tampered, staff]) {
      const spin = await post('/api/spins', {}, token);
      expect(spin.status, String(token).slice(0, 12)).toBe(401);
      const mine = await fetch(new URL('/api/spins/mine', baseUrl()), {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(mine.status).toBe(401);
    }
    // A lookup costs the work of a code, as otp/start does.
    const lookup = async () =>
      post('/api/users/exists', {
        phoneNumber: phone,
        altcha: await solvedOtpChallenge(baseUrl()),
      });
    const exists = await lookup();
    expect(await exists.json()).toEqual({ doesExist: false });
    // The real token spins once; the client cannot name the prize.
    expect((await post('/api/spins', { sliceId: 'anything' }, real)).status).toBe(400);
    expect((await post('/api/spins', {}, real)).status).toBe(200);
    expect(await (await lookup()).json()).toEqual({
      doesExist: true,
    });
  });
});
