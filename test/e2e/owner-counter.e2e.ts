/**
 * The owner and the counter in the browser, against the local stack, at 1280 x 800 (the owner's
 * laptop), 768 x 1024 with touch (the counter's tablet) and 375 x 812 (a visitor's phone): the
 * shop's Wi-Fi trusted from the
 * admin's own connection; a visitor refused by their connection's budget counting down to the
 * retry time, and Insights opening on today with the refusal, the prizes still owed and the
 * money in the owner's currency; the counter's list, search (whole number and last digits, which
 * in a dispute lists the redeemed and expired matches too), win times and new arrivals; an admin changing their own password. Axe-clean, screenshots under
 * test-results/screenshots/owner-counter.
 *
 * Each loopback address 127.0.0.x is a client of its own (test/e2e/stack.e2e.ts): a page's API
 * calls are sent from a chosen one, so the stack sees that page on its own connection.
 */
import { mkdirSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { CLIENT_LOOKUPS_PER_HOUR } from '@shared/constants';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { STAFF_TEXT } from '@shared/messages-staff';
import { formatLocalNumber } from '@shared/phone-format';
import type { Insights } from '@shared/types';
import {
  operatorDashboard,
  randomLocalMobile,
  savedWin,
  staffIdToken,
  visitorWins,
} from './staff-support';
import { solvedOtpChallenge } from '../support/stack-sign-in';
import { axeViolations } from './support/axe';
import { spendLookups } from './support/budgets';
import { baseUrl, newBrowserPage, pageErrors, staffPassword } from './support/stack';

type Page = Awaited<ReturnType<typeof newBrowserPage>>;

const SCREENSHOTS = join(import.meta.dirname, '../../test-results/screenshots/owner-counter');
mkdirSync(SCREENSHOTS, { recursive: true });

const VIEWPORTS = [
  ['laptop', { width: 1280, height: 800 }, {}],
  ['tablet', { width: 768, height: 1024 }, { hasTouch: true, isMobile: true }],
] as const;
/** Visitor screens are checked on a phone too. */
const PHONE = ['phone', { width: 375, height: 812 }, { hasTouch: true, isMobile: true }] as const;
type Viewport = (typeof VIEWPORTS)[number] | typeof PHONE;

const url = (path: string) => new URL(path, baseUrl()).href;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

const open = ([, viewport, device]: Viewport, extra: { reducedMotion?: 'reduce' } = {}) =>
  newBrowserPage(viewport, { ...device, ...extra });

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request to the stack from the loopback address `from`. */
function callFrom(
  from: string,
  target: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer | null,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(target, { method, localAddress: from, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    call.on('error', reject);
    call.end(body ?? undefined);
  });
}

/** Sends the page's API calls from `from`; returns the paths it sent, in order. */
async function onConnection(page: Page, from: string): Promise<string[]> {
  const sent: string[] = [];
  await page.route('**/api/**', async (route) => {
    const asked = route.request();
    sent.push(new URL(asked.url()).pathname);
    const headers = { ...asked.headers(), 'accept-encoding': 'identity' };
    const answer = await callFrom(
      from,
      asked.url(),
      asked.method(),
      headers,
      asked.postDataBuffer(),
    );
    const passed: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding')
        continue;
      passed[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    await route.fulfill({ status: answer.status, headers: passed, body: answer.body });
  });
  return sent;
}

async function adminLogin(page: Page, password = staffPassword('admin')): Promise<void> {
  await page.goto(url('/admin'));
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(url('/admin/business'));
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

/** The figure of a glance card (its hint follows it in the same cell). */
/** Today's refusals as the API counts them, before the test makes its own. */
async function refusedToday(): Promise<Insights['refused']> {
  const token = await staffIdToken('admin', staffPassword('admin'));
  const response = await fetch(url('/api/insights'), {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: Insights }).data.refused;
}

const glance = async (page: Page, label: string) =>
  parseInt(
    (await page
      .locator('.insights-glance dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd')
      .textContent()) ?? '',
    10,
  );

describe('the shop’s Wi-Fi', () => {
  it.each(VIEWPORTS.map((v, i) => [v[0], v, `127.0.0.${51 + i}`] as const))(
    'the admin trusts the connection they are on, sees its address, and removes it (%s)',
    async (label, viewport, address) => {
      const page = await open(viewport);
      await onConnection(page, address);
      await adminLogin(page);
      // On Share, beside the shop's other devices and codes.
      await page.goto(url('/admin/share'));
      const card = page.getByRole('region', { name: ADMIN_TEXT.trustHeading });
      await card.getByText(ADMIN_TEXT.trustCurrent(address)).waitFor();
      await card.getByText(ADMIN_TEXT.trustedNone).waitFor();

      await card.getByRole('button', { name: ADMIN_TEXT.trustThis }).click();
      await card.getByText(ADMIN_TEXT.trustCurrentTrusted(address)).waitFor();
      const remove = card.getByRole('button', { name: ADMIN_TEXT.untrust(address) });
      await remove.waitFor();
      await card.scrollIntoViewIfNeeded();
      await noSidewaysScroll(page);
      await shot(page, `wifi-trusted-${label}`);
      expect(await axeViolations(page)).toEqual([]);

      await remove.click();
      await card.getByText(ADMIN_TEXT.trustedNone).waitFor();
      await card.getByText(ADMIN_TEXT.trustCurrent(address)).waitFor();
      expect(pageErrors(page)).toEqual([]);
    },
  );
});

describe('a visitor refused by their connection’s budget', () => {
  it('sees "Resend in {n}s" until the retry time, and Insights opens on today with the refusals, the prizes owed and AUD', async () => {
    // A connection that has used its lookups this hour (each code request is one): 127.0.0.61.
    const from = '127.0.0.61';
    const lookups = Math.max(CLIENT_LOOKUPS_PER_HOUR, inject('clientCodesPerHour'));
    // All but the last spent without their proof of work (test/e2e/support/budgets.ts); the last
    // through the route, which then refuses.
    await spendLookups(from, lookups - 1);
    const statuses: number[] = [];
    for (let n = 0; n <= 1; n += 1) {
      const answer = await callFrom(
        from,
        url('/api/users/exists'),
        'POST',
        { 'content-type': 'application/json' },
        // Each lookup costs the proof of work of a code (docs/security.md).
        Buffer.from(
          JSON.stringify({
            phoneNumber: '0412000222',
            altcha: await solvedOtpChallenge(baseUrl()),
          }),
        ),
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 429]);
    // A winner whose prize is still owed, for the glance.
    await visitorWins(randomLocalMobile());
    const before = await refusedToday();
    const beforeTotal = before.connection + before.number + before.cap;

    // Visitors are on phones; the admin's pages follow on the laptop and the tablet.
    for (const viewport of [PHONE]) {
      const [label] = viewport;
      const page = await open(viewport);
      const sent = await onConnection(page, from);
      await page.goto(url('/'));
      await page.getByRole('button', { name: VISITOR_TEXT.spin }).click();
      const dialog = page.getByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel });
      await dialog.getByLabel(VISITOR_TEXT.phoneLabel).fill(randomLocalMobile());
      await dialog.getByRole('button', { name: VISITOR_TEXT.sendCode }).click();
      await dialog.getByText(MESSAGES.otpSendFailed).waitFor();
      const countdown = dialog.getByRole('button', { name: /^Resend in \d+s$/ });
      await countdown.waitFor();
      expect(await countdown.getAttribute('aria-disabled')).toBe('true');
      const first = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
      const secondsToHourEnd = 3600 - (Math.floor(Date.now() / 1000) % 3600);
      expect(Math.abs(first - secondsToHourEnd)).toBeLessThanOrEqual(5);
      await noSidewaysScroll(page);
      await shot(page, `visitor-refused-countdown-${label}`);
      expect(await axeViolations(page)).toEqual([]);

      // Pressing it does not ask again; the count goes down.
      const asked = sent.filter((path) => path === '/api/otp/start').length;
      expect(asked).toBe(1);
      // aria-disabled: Playwright's click would wait for it to be enabled; a visitor's tap lands.
      await countdown.click({ force: true });
      await page.waitForTimeout(1100);
      expect(sent.filter((path) => path === '/api/otp/start').length).toBe(asked);
      const later = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
      expect(later).toBeLessThan(first);
    }

    for (const viewport of VIEWPORTS) {
      const [label] = viewport;
      const page = await open(viewport);
      await adminLogin(page);
      await page.goto(url('/admin/insights'));
      await page.locator('.insights-glance').waitFor();
      // Today, shown as chosen; 7 and 30 days a press away.
      const quick = page.getByRole('group', { name: ADMIN_TEXT.rangeQuick });
      expect(
        await quick
          .getByRole('button', { name: ADMIN_TEXT.rangeToday })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      // The visitor's refused code is counted, under its connection.
      expect(await glance(page, ADMIN_TEXT.refusedCodes)).toBeGreaterThanOrEqual(beforeTotal + 1);
      const reasons = page.getByRole('table', { name: ADMIN_TEXT.refusedCodes });
      const connection = await reasons
        .getByRole('row', { name: new RegExp(ADMIN_TEXT.refusedReasons.connection) })
        .getByRole('cell')
        .textContent();
      expect(Number(connection)).toBeGreaterThanOrEqual(before.connection + 1);
      expect(await glance(page, ADMIN_TEXT.owedPrizes)).toBeGreaterThanOrEqual(1);
      expect(await glance(page, ADMIN_TEXT.expiringThisWeek)).toBeGreaterThanOrEqual(0);
      const cost = await page
        .locator('dt', { hasText: new RegExp(`^${ADMIN_TEXT.totalSmsCost}$`) })
        .locator('xpath=following-sibling::dd')
        .textContent();
      // AUD by default: "$" (en-AU), the USD price and the rate with its date.
      expect(cost).toMatch(/^\$\d+\.\d{2}Codes sent x USD\s0\.0515 per SMS, at 1 USD = \$1\.53/);
      await noSidewaysScroll(page);
      await shot(page, `insights-today-${label}`);
      expect(await axeViolations(page)).toEqual([]);

      await quick.getByRole('button', { name: ADMIN_TEXT.rangeDays(7) }).click();
      await page.waitForFunction(
        () => document.querySelector('[aria-pressed="true"]')?.textContent === '7 days',
      );
      expect(await page.locator('.insights-range input').first().inputValue()).not.toBe(
        await page.locator('.insights-range input').last().inputValue(),
      );
      await quick.getByRole('button', { name: ADMIN_TEXT.rangeDays(30) }).click();
      await page.waitForFunction(
        () => document.querySelector('[aria-pressed="true"]')?.textContent === '30 days',
      );
      expect(pageErrors(page)).toEqual([]);
    }
  });
});

/** The counter's tablet: the staff list and search at a phone's width are staff-counter.e2e.ts's. */
const COUNTER = VIEWPORTS.filter(([name]) => name === 'tablet');

describe('the counter', () => {
  it.each(COUNTER.map((v) => [v[0], v] as const))(
    'lists, highlights arrivals, shows win times, clears stale results, finds by the last digits and confirms by the whole number (%s)',
    async (label, viewport) => {
      const page = await open(viewport);
      await operatorDashboard(page);

      // A new winner arrives: highlighted with "New" for a few seconds, with its win time.
      const phone = randomLocalMobile();
      const offer = await visitorWins(phone);
      const row = page
        .getByRole('table', { name: 'All Users' })
        .getByRole('row', { name: new RegExp(formatLocalNumber(phone)) });
      await row.waitFor({ timeout: 10_000 });
      expect(await row.getAttribute('class')).toContain('is-new');
      await row.getByText(STAFF_TEXT.newArrival).waitFor();
      expect(await row.textContent()).toMatch(/Won \d{1,2} \w{3} \d{4}/);
      expect(await row.evaluate((el) => getComputedStyle(el).animationName)).toBe(
        'staff-row-arrived',
      );
      await shot(page, `counter-new-arrival-${label}`);
      expect(await axeViolations(page)).toEqual([]);
      await row.getByText(STAFF_TEXT.newArrival).waitFor({ state: 'detached', timeout: 6000 });

      // The whole number finds the customer; 9 digits then clears that result and its Claim.
      const search = page.getByRole('search');
      const box = search.getByLabel(STAFF_TEXT.searchLabel);
      await box.fill(phone);
      await search.getByRole('button', { name: STAFF_TEXT.search }).click();
      const result = page.getByRole('table', { name: STAFF_TEXT.searchResultHeading });
      await result.getByRole('button', { name: STAFF_TEXT.claim }).waitFor();
      await box.fill(phone.slice(0, 9));
      await search.getByRole('button', { name: STAFF_TEXT.search }).click();
      await search.getByText(MESSAGES.searchInvalid).waitFor();
      await result.waitFor({ state: 'detached' });

      // The last 4 digits list the match; its Claim asks for the whole number first.
      await box.fill(phone.slice(-4));
      await search.getByRole('button', { name: STAFF_TEXT.search }).click();
      const matches = page.getByRole('table', { name: STAFF_TEXT.matchesHeading });
      const match = matches.getByRole('row', { name: new RegExp(formatLocalNumber(phone)) });
      await match.waitFor();
      expect(await match.textContent()).toContain(offer);
      await noSidewaysScroll(page);
      await shot(page, `counter-last-digits-${label}`);
      expect(await axeViolations(page)).toEqual([]);
      await match.getByRole('button', { name: STAFF_TEXT.claim }).click();
      const dialog = page.getByRole('dialog', { name: STAFF_TEXT.confirmTitle });
      const whole = dialog.getByLabel(STAFF_TEXT.wholeNumberLabel);
      const wrong = `${phone.slice(0, 9)}${phone.endsWith('9') ? '8' : '9'}`;
      await whole.fill(wrong);
      await dialog.getByRole('button', { name: STAFF_TEXT.confirm }).click();
      await dialog.getByText(STAFF_TEXT.wholeNumberMismatch).waitFor();
      await shot(page, `counter-confirm-whole-number-${label}`);
      expect(await axeViolations(page)).toEqual([]);
      await whole.fill(phone);
      await dialog.getByRole('button', { name: STAFF_TEXT.confirm }).click();
      const notice = page.getByText(STAFF_TEXT.redeemSucceeded(formatLocalNumber(phone)));
      await notice.waitFor();
      await match.getByRole('button', { name: STAFF_TEXT.redeemed }).waitFor();

      // A dispute: the same digits list the redeemed prize and an expired one too, each marked
      // with when (and by whom), Claim on neither; the summary counts each kind.
      const lapsed = `04${String(Number(phone.slice(2, 6)) ^ 1).padStart(4, '0')}${phone.slice(-4)}`;
      await savedWin(lapsed, 9, 7);
      await search.getByRole('button', { name: STAFF_TEXT.search }).click();
      const expired = matches.getByRole('row', { name: new RegExp(formatLocalNumber(lapsed)) });
      await expired.waitFor();
      expect(await expired.getByRole('button', { name: STAFF_TEXT.expired }).isDisabled()).toBe(
        true,
      );
      expect(await expired.textContent()).toMatch(/Expired \d+ \w{3} \d{4}/);
      expect(await match.textContent()).toMatch(/Redeemed by operator, \d+ \w{3} \d{4}/);
      expect(await match.getByRole('button', { name: STAFF_TEXT.claim }).count()).toBe(0);
      expect(await expired.getByRole('button', { name: STAFF_TEXT.claim }).count()).toBe(0);
      await page
        .getByText(
          /with a number ending \d{4}: \d+ to redeem, [1-9]\d* redeemed, [1-9]\d* expired\.$/,
        )
        .waitFor();
      await noSidewaysScroll(page);
      await shot(page, `counter-dispute-${label}`);
      expect(await axeViolations(page)).toEqual([]);

      // A new search clears the notice and the last result.
      await box.fill(randomLocalMobile());
      await search.getByRole('button', { name: STAFF_TEXT.search }).click();
      await notice.waitFor({ state: 'detached' });
      await matches.waitFor({ state: 'detached' });
      await page.getByText(MESSAGES.searchNoUser).waitFor();
      expect(pageErrors(page)).toEqual([]);
    },
  );

  it('highlights an arrival without motion under reduced motion', async () => {
    const page = await open(VIEWPORTS[1], { reducedMotion: 'reduce' });
    await operatorDashboard(page);
    const phone = randomLocalMobile();
    await visitorWins(phone);
    const row = page
      .getByRole('table', { name: 'All Users' })
      .getByRole('row', { name: new RegExp(formatLocalNumber(phone)) });
    await row.getByText(STAFF_TEXT.newArrival).waitFor({ timeout: 10_000 });
    expect(await row.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    await shot(page, 'counter-new-arrival-reduced-motion-tablet');
  });
});

/** Past the sign-out's whole second and its one-second margin. */
const SIGN_IN_AFTER_CHANGE_MS = 2_200;

describe('an admin changing their own password', () => {
  /** Puts the seeded password back after the test, pass or fail: the suite's other files sign in with it. */
  let putBack: (() => Promise<void>) | undefined;
  afterEach(async () => {
    const undo = putBack;
    putBack = undefined;
    await undo?.();
  });

  // One device: the page is the admin's other forms' layout, which owner-share.e2e.ts runs on both.
  it.each(COUNTER.map((v) => [v[0], v] as const))(
    'is told they will sign in again and is taken to the login, which says why (%s)',
    async (label, viewport) => {
      const original = staffPassword('admin');
      const changed = `${original}-changed`;
      const page = await open(viewport);
      page.setDefaultTimeout(10_000);
      const change = async (from: string, to: string) => {
        await adminLogin(page, from);
        await page.goto(url('/admin/accounts/admin'));
        await page.getByText(ADMIN_TEXT.ownPasswordNextLogin).waitFor();
        await page.getByLabel(ADMIN_TEXT.newPassword).fill(to);
        await page.getByRole('button', { name: ADMIN_TEXT.save }).click();
        await page.waitForURL(url('/admin'));
        await page.getByRole('status').getByText(ADMIN_TEXT.signInAgain).waitFor();
        // A sign-in within the change's margin is refused (Cognito's auth_time is in whole
        // seconds; docs/cognito.md), which a person typing the new password never meets: wait it
        // out, so the next sign-in here, in the next viewport's run or in the next file is theirs.
        await page.waitForTimeout(SIGN_IN_AFTER_CHANGE_MS);
      };
      putBack = () => change(changed, original);
      await change(original, changed);
      await noSidewaysScroll(page);
      await shot(page, `admin-own-password-signin-again-${label}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors(page).filter((e) => !e.includes('HTTP 401'))).toEqual([]);
    },
  );
});
