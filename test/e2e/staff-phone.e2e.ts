/**
 * The staff screens (and the Not Found page) at phone size (375 x 812, phone emulation, touch) and at 1280 px: axe-core
 * finds no violation on the login pages, the dashboard or its confirm dialog, nothing scrolls
 * sideways, and the longest prize name a slice allows (16 characters, no space to break at) keeps
 * the Claim button inside its card. Screenshots go to /tmp/shots/staff.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalNumber } from '@shared/phone-format';
import { SLICE_NAME_MAX, SLICE_WEIGHT_MAX } from '@shared/constants';
import { sliceInput } from '../support/records';
import { randomLocalMobile, staffIdToken, visitorWins } from './staff-support';
import { axeViolations } from './support/axe';
import { baseUrl, newBrowserPage, staffPassword } from './support/stack';

const SHOTS_DIR = '/tmp/shots/staff';
const LONG_NAME = 'W'.repeat(SLICE_NAME_MAX);
/** Visitors tried until one wins the long-named prize (it holds nearly all the odds). */
const MAX_TRIES = 8;
const VIEWPORTS = [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

const url = (path: string) => new URL(path, baseUrl()).href;

async function adminApi(method: string, path: string, body?: unknown): Promise<Response> {
  const token = await staffIdToken('admin', staffPassword('admin'));
  return fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function checkState(page: Page, state: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${state}-${page.viewportSize()?.width ?? 0}.png` });
  expect(await axeViolations(page), `axe: ${state}`).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `sideways scroll: ${state}`).toBeLessThanOrEqual(0);
}

/** The button lies inside its row (a card at phone size). */
async function expectButtonInsideRow(page: Page, table: string, phone: string): Promise<void> {
  const row = page
    .getByRole('table', { name: table })
    .getByRole('row', { name: new RegExp(formatLocalNumber(phone)) });
  const rowBox = (await row.boundingBox())!;
  const buttonBox = (await row.getByRole('button').boundingBox())!;
  expect(buttonBox.x, `${table}: button left`).toBeGreaterThanOrEqual(rowBox.x);
  expect(buttonBox.x + buttonBox.width, `${table}: button right`).toBeLessThanOrEqual(
    rowBox.x + rowBox.width + 0.5,
  );
}

let sliceId: string | undefined;
let winner: string | undefined;

beforeAll(async () => {
  const created = await adminApi(
    'POST',
    '/api/slices',
    sliceInput({ name: LONG_NAME, weight: SLICE_WEIGHT_MAX }),
  );
  if (!created.ok) throw new Error(`create slice: ${created.status} ${await created.text()}`);
  sliceId = ((await created.json()) as { id: string }).id;
  for (let i = 0; i < MAX_TRIES && !winner; i++) {
    const phone = randomLocalMobile();
    if ((await visitorWins(phone)) === LONG_NAME) winner = phone;
  }
  if (!winner) throw new Error(`no visitor won ${LONG_NAME} in ${MAX_TRIES} tries`);
});

afterAll(async () => {
  if (sliceId) await adminApi('DELETE', `/api/slices/${sliceId}`);
});

describe('staff screens on a phone and a desktop', () => {
  it.each(VIEWPORTS)(
    '%s: accessible, no sideways scroll, Claim inside its card',
    async (label, viewport) => {
      const touch = label === 'phone';
      const page = await newBrowserPage(viewport, { isMobile: touch, hasTouch: touch });
      for (const path of ['/operator-login', '/login']) {
        await page.goto(url(path));
        await page.getByRole('button', { name: 'Login' }).waitFor();
        await checkState(page, path.slice(1));
      }
      await page.getByLabel('Username').fill('operator');
      await page.getByLabel('Password').fill(staffPassword('operator'));
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(url('/dashboard'));
      await page.getByRole('table', { name: 'All Users' }).getByRole('row').nth(1).waitFor();
      await page.waitForLoadState('networkidle');
      await checkState(page, 'dashboard');

      await page.getByLabel('Phone number', { exact: true }).fill(winner!);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const result = page.getByRole('table', { name: 'Search Result' });
      await result.getByRole('row', { name: new RegExp(formatLocalNumber(winner!)) }).waitFor();
      expect(await result.getByText(LONG_NAME).count()).toBe(1);
      await expectButtonInsideRow(page, 'Search Result', winner!);
      await checkState(page, 'dashboard-long-offer');

      await result.getByRole('button', { name: 'Claim' }).click();
      await page.getByRole('dialog', { name: 'Confirm Action' }).waitFor();
      await checkState(page, 'dashboard-confirm');
      await page.keyboard.press('Escape');
    },
  );
});
