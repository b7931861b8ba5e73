/**
 * Staff journeys in the browser against the local stack: the redemption journey, every login
 * error text, and the operator redirects (docs/product.md) "Sessions and redirects".
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatLocalNumber } from '@shared/phone-format';
import { MESSAGES } from '@shared/messages';
import { randomLocalMobile, visitorWins } from './staff-support';
import { baseUrl, newBrowserPage, staffPassword } from './support/stack';

type Page = Awaited<ReturnType<typeof newBrowserPage>>;

const url = (path: string) => new URL(path, baseUrl()).href;
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function login(
  page: Page,
  path: '/login' | '/operator-login',
  username: string,
  password: string,
) {
  await page.goto(url(path));
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const operatorKeys = (page: Page) =>
  page.evaluate(() =>
    ['operatorUsername', 'operatorRole', 'operatorEmail'].map((k) => localStorage.getItem(k)),
  );

describe('operator redemption journey', () => {
  it('a visitor wins; the operator finds the number, claims it, sees "Redeemed" in both tables and logs out', async () => {
    // Prepare: a visitor verifies by SMS code and spins through the real API.
    const phone = randomLocalMobile();
    const offer = await visitorWins(phone);
    const page = await newBrowserPage();

    // Act: log in at /login.
    await login(page, '/login', 'operator', staffPassword('operator'));
    await page.waitForURL(url('/dashboard'));
    expect(await operatorKeys(page)).toEqual(['operator', 'operator', expect.any(String)]);

    // Search for the number.
    await page.getByLabel('Phone number', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const result = page.getByRole('table', { name: 'Search Result' });
    const resultRow = result.getByRole('row', { name: new RegExp(formatLocalNumber(phone)) });
    await resultRow.waitFor();
    expect(await resultRow.textContent()).toContain(offer);

    // Claim and confirm.
    await resultRow.getByRole('button', { name: 'Claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // Assess: "Redeemed", disabled, in both tables.
    const redeemedInResult = resultRow.getByRole('button', { name: 'Redeemed' });
    await redeemedInResult.waitFor();
    expect(await redeemedInResult.isDisabled()).toBe(true);
    const listRow = page
      .getByRole('table', { name: 'All Users' })
      .getByRole('row', { name: new RegExp(formatLocalNumber(phone)) });
    expect(await listRow.getByRole('button', { name: 'Redeemed' }).isDisabled()).toBe(true);

    // A reload shows the server's state, not only the page's.
    await page.reload();
    const reloadedRow = page
      .getByRole('table', { name: 'All Users' })
      .getByRole('row', { name: new RegExp(formatLocalNumber(phone)) });
    await reloadedRow.getByRole('button', { name: 'Redeemed' }).waitFor();

    // Log out and land on /login.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/login'));
    expect(await operatorKeys(page)).toEqual([null, null, null]);
  });
});

describe('login error texts', () => {
  const cases: [string, '/login' | '/operator-login', () => [string, string], string][] = [
    [
      'a wrong password at /login',
      '/login',
      () => ['operator', 'not-the-password'],
      MESSAGES.invalidCredentials,
    ],
    [
      'an unknown user at /login',
      '/login',
      () => ['nobody', 'whatever-123'],
      MESSAGES.invalidCredentials,
    ],
    [
      'the admin at /login',
      '/login',
      () => ['admin', staffPassword('admin')],
      MESSAGES.invalidRole,
    ],
    [
      'a wrong password at /operator-login',
      '/operator-login',
      () => ['operator', 'nope-nope'],
      MESSAGES.invalidCredentials,
    ],
    [
      'an unknown user at /operator-login',
      '/operator-login',
      () => ['ghost', 'nope-nope'],
      MESSAGES.invalidCredentials,
    ],
    [
      'the admin at /operator-login',
      '/operator-login',
      () => ['admin', staffPassword('admin')],
      MESSAGES.operatorOnly,
    ],
  ];

  it.each(cases)('shows the required text for %s', async (_label, path, credentials, expected) => {
    const page = await newBrowserPage();
    const [username, password] = credentials();
    await login(page, path, username, password);
    const alert = page.getByRole('alert').filter({ hasText: expected });
    await alert.waitFor();
    expect(pathOf(page)).toBe(path);
    expect(await operatorKeys(page)).toEqual([null, null, null]);
  });

  it.each(['/login', '/operator-login'] as const)(
    'shows "Login failed" at %s when sign-in cannot be reached',
    async (path) => {
      const page = await newBrowserPage();
      await page.goto(url(path));
      // Every sign-in request (our API, which asks Cognito) fails at the network level.
      await page.route(
        (requested: URL) => requested.pathname === '/api/staff/sign-in',
        (route: Route) => route.abort('failed'),
      );
      await page.getByLabel('Username').fill('operator');
      await page.getByLabel('Password').fill(staffPassword('operator'));
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('alert').filter({ hasText: MESSAGES.loginFailed }).waitFor();
    },
  );
});

describe('operator sessions and redirects (docs/product.md)', () => {
  it('an unauthenticated /dashboard goes to /login', async () => {
    const page = await newBrowserPage();
    await page.goto(url('/dashboard'));
    await page.waitForURL(url('/login'));
  });

  it('/operator-login shows a welcome view and Logout; a signed-in operator visiting it goes to /dashboard', async () => {
    const page = await newBrowserPage();
    await login(page, '/operator-login', 'operator', staffPassword('operator'));
    await page.getByRole('heading', { name: 'Welcome, operator!' }).waitFor();
    expect(pathOf(page)).toBe('/operator-login');

    await page.goto(url('/operator-login'));
    await page.waitForURL(url('/dashboard'));

    await page.goto(url('/operator-login'));
    await page.waitForURL(url('/dashboard'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/login'));
  });

  it('Logout on the welcome view clears the keys and goes to /login', async () => {
    const page = await newBrowserPage();
    await login(page, '/operator-login', 'operator', staffPassword('operator'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/login'));
    expect(await operatorKeys(page)).toEqual([null, null, null]);
  });

  it('a token the server rejects clears the operator keys and goes to /admin', async () => {
    const page = await newBrowserPage();
    await login(page, '/login', 'operator', staffPassword('operator'));
    await page.waitForURL(url('/dashboard'));
    // Let the dashboard's own first calls finish: one still in flight after the tamper would be
    // refused and sign out before the reload below, which then rightly goes to /login instead.
    await page.waitForLoadState('networkidle');
    // Tamper with the stored ID token: the JWT authorizer refuses a bad signature.
    await page.evaluate(() => {
      const key = 'spinwin.session.operator';
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { idToken: string };
      const [header, payload] = session.idToken.split('.');
      localStorage.setItem(
        key,
        JSON.stringify({ ...session, idToken: `${header}.${payload}.AAAA` }),
      );
    });
    await page.goto(url('/dashboard'));
    await page.waitForURL(url('/admin'));
    expect(await operatorKeys(page)).toEqual([null, null, null]);
    expect(await page.evaluate(() => localStorage.getItem('spinwin.session.operator'))).toBeNull();
  });
});
