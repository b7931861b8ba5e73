/**
 * Helpers of the staff browser and API tests, on top of the stack helpers: a visitor who wins
 * through the real API (otp/start -> Cognito CUSTOM_AUTH with the SMS code from the outbox ->
 * POST /api/spins), a win saved straight in the stack's DynamoDB, and a staff sign-in over
 * Cognito's JSON protocol.
 */
import { randomInt } from 'node:crypto';
import { DAY_MS } from '@shared/business-day';
import { toInternational } from '@shared/phone-format';
import type { Slice } from '@shared/types';
import { putCustomerOnce } from '../../lambdas/repositories/customers';
import { staffSignIn, visitorSignIn, type SignInTarget } from '../support/stack-sign-in';
import type { Page } from 'playwright-core';
import { baseUrl, latestSmsCode, staffPassword } from './support/stack';

/** A fresh local mobile per test run, so runs against a kept local stack never collide. */
export function randomLocalMobile(): string {
  return `04${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

interface RuntimeConfig {
  cognitoEndpoint: string;
  visitorClientId: string;
  staffClientId: string;
}

async function runtimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(new URL('/config.json', baseUrl()));
  if (!response.ok) throw new Error(`config.json: ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

/** The stack as the browser sees it: config.json's endpoint and clients, on the stack's origin. */
async function signInTarget(): Promise<SignInTarget> {
  const config = await runtimeConfig();
  return {
    apiBase: baseUrl(),
    cognitoEndpoint: new URL(config.cognitoEndpoint, baseUrl()).toString(),
    staffClientId: config.staffClientId,
    visitorClientId: config.visitorClientId,
  };
}

/** Sessions this test file has signed in, by username and password. */
const sessions = new Map<string, Promise<string>>();

/** Whether the API still takes `token` (a password change ends every session of its user). */
async function stillSignedIn(token: string): Promise<boolean> {
  const me = await fetch(new URL('/api/staff/me', baseUrl()), {
    headers: { authorization: `Bearer ${token}` },
  });
  return me.ok;
}

/**
 * A staff user's ID token, signed in once per test file and kept while the API takes it, as a
 * browser keeps its session. Sign-ins sent at once would each hold one of the address's sign-in
 * uses until answered (lambdas/domain/staff-sign-in.ts), and the suite's deliberate wrong
 * passwords spend the rest.
 */
export async function staffIdToken(username: string, password: string): Promise<string> {
  const key = `${username}\n${password}`;
  const pending = sessions.get(key);
  if (pending) {
    const held = await pending.catch(() => undefined);
    if (held && (await stillSignedIn(held))) return held;
  }
  // The first caller to find no live session signs in; callers at the same moment share it.
  if (sessions.get(key) === pending)
    sessions.set(
      key,
      signInTarget().then((target) => staffSignIn(target, username, password)),
    );
  return sessions.get(key)!;
}

/** Verifies `localPhone` by SMS code, as the wheel page does; returns the visitor's ID token. */
export async function visitorIdToken(localPhone: string): Promise<string> {
  return visitorSignIn(await signInTarget(), localPhone, (phone) => latestSmsCode(phone));
}

/** A visitor verifies `localPhone` and spins; returns the prize name the server drew. */
export async function visitorWins(localPhone: string): Promise<string> {
  const token = await visitorIdToken(localPhone);
  const spin = await fetch(new URL('/api/spins', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (!spin.ok) throw new Error(`spin: ${spin.status} ${await spin.text()}`);
  return ((await spin.json()) as { offer: string }).offer;
}

/**
 * A win of the first prize saved for `local` straight in the stack's DynamoDB (the stack's
 * environment is this process's), won `daysAgo` days ago and valid for `validDays` days: a win of
 * last week, or one that has expired, without waiting for it, and without an SMS to the number.
 * Returns the prize's name.
 */
export async function savedWin(local: string, daysAgo: number, validDays: number): Promise<string> {
  const token = await staffIdToken('admin', staffPassword('admin'));
  const listed = await fetch(new URL('/api/slices', baseUrl()), {
    headers: { authorization: `Bearer ${token}` },
  });
  const [slice] = (await listed.json()) as Slice[];
  if (!slice) throw new Error('the stack has no prize');
  const wonAt = Date.now() - daysAgo * DAY_MS;
  const result = await putCustomerOnce(
    {
      phoneNumber: toInternational(local),
      localNumber: local,
      offer: slice.name,
      condition: slice.comment,
      sliceId: slice.id,
      isOfferClaimed: false,
      createdAt: new Date(wonAt).toISOString(),
      expiresAt: new Date(wonAt + validDays * DAY_MS).toISOString(),
    },
    slice,
  );
  if (result !== 'recorded') throw new Error(`saved win: ${result}`);
  return slice.name;
}

/** Signs the operator in through /login and waits for the All Users list's first row. */
export async function operatorDashboard(page: Page): Promise<void> {
  await page.goto(new URL('/login', baseUrl()).href);
  await page.getByLabel('Username').fill('operator');
  await page.getByLabel('Password').fill(staffPassword('operator'));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(new URL('/dashboard', baseUrl()).href);
  await page.getByRole('table', { name: 'All Users' }).getByRole('row').nth(1).waitFor();
}
