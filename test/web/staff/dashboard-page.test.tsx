import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { STAFF_TEXT } from '@shared/messages-staff';
import { formatLocalNumber } from '@shared/phone-format';
import { formatBusinessTime } from '@shared/prize-validity';
import { hasSession } from '../../../web/src/lib/session';
import { customer, fakeApi, type FakeApi } from '../support/staff-routes';
import { ADMIN_STAND_IN, renderStaffAt, signInOperator } from '../support/staff';
import { installFakeNetwork, jsonResponse, type FakeNetwork } from '../support/network';

/** A visible dashboard asks for changes every 5 seconds (docs/architecture.md). */
const LIVE_POLL_MS = 5000;

let network: FakeNetwork;
let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  network = installFakeNetwork({ answerLater: true });
  api = fakeApi([
    customer(5, 'BOGOF MAIN'),
    customer(4, 'FREE SIDE', true),
    customer(3, 'FREE SIDE'),
    customer(2, 'BOGOF MAIN'),
    customer(1, 'FREE SIDE'),
  ]);
  network.api = (call) => api.handle(call);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const allUsers = () => screen.getByRole('table', { name: 'All Users' });
/** A row by its number, local form: the table shows it grouped, 0400 000 005. */
const rowOf = (table: HTMLElement, local: string) =>
  within(table).getByRole('row', { name: new RegExp(formatLocalNumber(local)) });
const operatorKeys = () =>
  ['operatorUsername', 'operatorRole', 'operatorEmail'].map((k) => localStorage.getItem(k));

describe('/dashboard sessions and redirects', () => {
  it('sends an unauthenticated visit to /login', async () => {
    const router = renderStaffAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(network.apiCalls).toHaveLength(0);
  });

  it('sends a visit with storage keys but no token session to /login', async () => {
    localStorage.setItem('operatorUsername', 'operator');
    localStorage.setItem('operatorRole', 'operator');
    const router = renderStaffAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([401, 403])(
    'clears the operator keys and goes to /admin when the server answers %i',
    async (status) => {
      // Prepare
      await signInOperator(network);
      api.override = (call) =>
        call.path === '/api/staff/me'
          ? jsonResponse(status, { code: 'X', message: 'refused' })
          : undefined;
      // Act
      const router = renderStaffAt('/dashboard');
      // Assess
      expect(await screen.findByText(ADMIN_STAND_IN)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
      expect(operatorKeys()).toEqual([null, null, null]);
      expect(hasSession('operator')).toBe(false);
    },
  );

  it('also leaves for /admin when a later call is refused', async () => {
    await signInOperator(network);
    const user = setupUser();
    const router = renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 005/ });
    api.override = (call) =>
      call.path === '/api/users/search'
        ? jsonResponse(401, { code: 'UNAUTHORIZED', message: 'expired' })
        : undefined;
    await user.type(screen.getByLabelText(STAFF_TEXT.searchLabel), '0400000003');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(operatorKeys()).toEqual([null, null, null]);
  });

  it('keeps the session when the check fails for another reason', async () => {
    await signInOperator(network);
    api.override = (call) =>
      call.path === '/api/staff/me'
        ? jsonResponse(500, { code: 'INTERNAL', message: 'x' })
        : undefined;
    const router = renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 005/ });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(operatorKeys()).toEqual(['operator', 'operator', 'operator@example.com']);
  });

  it('logs out: clears the keys and the session and goes to /login', async () => {
    await signInOperator(network);
    const user = setupUser();
    const router = renderStaffAt('/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Spin & Win' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(operatorKeys()).toEqual([null, null, null]);
    expect(hasSession('operator')).toBe(false);
  });
});

describe('/dashboard All Users', () => {
  it('loads the list under StrictMode (the development build: effects run twice) and after a remount', async () => {
    await signInOperator(network);
    const first = renderStaffAt('/dashboard', { strict: true });
    await screen.findByRole('row', { name: /0400 000 005/ });
    expect(screen.queryByText(STAFF_TEXT.loadingUsers)).toBeNull();
    first.unmount();
    renderStaffAt('/dashboard', { strict: true });
    await screen.findByRole('row', { name: /0400 000 005/ });
  });

  it('lists users newest first with the required columns and pages on "Load more"', async () => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 005/ });
    const headers = within(allUsers())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Phone Number', 'Offer', 'Actions']);
    expect(network.apiCalls.every((c) => c.authorization?.startsWith('Bearer '))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('row', { name: /0400 000 003/ });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('row', { name: /0400 000 001/ });

    const phones = within(allUsers())
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(phones).toEqual([
      '0400 000 005',
      '0400 000 004',
      '0400 000 003',
      '0400 000 002',
      '0400 000 001',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText(/All users loaded/)).toBeInTheDocument();
    expect(
      network.apiCalls
        .filter((c) => c.path.startsWith('/api/users') && !c.path.startsWith('/api/users/changes'))
        .map((c) => c.url),
    ).toEqual(['/api/users', '/api/users?cursor=2', '/api/users?cursor=4']);
  });

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; element?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private entry: { callback: IntersectionObserverCallback; element?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observed.push(this.entry);
        }
        observe(element: Element) {
          this.entry.element = element;
        }
        disconnect() {
          observed.splice(observed.indexOf(this.entry), 1);
        }
      },
    );
    await signInOperator(network);
    renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 004/ });
    expect(screen.queryByRole('row', { name: /0400 000 003/ })).not.toBeInTheDocument();
    await waitFor(() => expect(observed.some((o) => o.element)).toBe(true));
    // Act: the sentinel becomes visible.
    act(() => {
      for (const o of [...observed]) {
        o.callback(
          [{ isIntersecting: true, target: o.element } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
      }
    });
    expect(await screen.findByRole('row', { name: /0400 000 003/ })).toBeInTheDocument();
  });

  it('shows "Failed to fetch users." and retries', async () => {
    await signInOperator(network);
    const user = setupUser();
    let fail = true;
    api.override = (call) =>
      call.url === '/api/users' && fail
        ? jsonResponse(500, { code: 'INTERNAL', message: 'x' })
        : undefined;
    renderStaffAt('/dashboard');
    expect(await screen.findByText(MESSAGES.fetchUsersFailed)).toHaveAttribute('role', 'alert');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /0400 000 005/ })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.fetchUsersFailed)).not.toBeInTheDocument();
  });

  it('shows a claimed row greyed with a disabled "Redeemed" button', async () => {
    await signInOperator(network);
    renderStaffAt('/dashboard');
    const row = await screen.findByRole('row', { name: /0400 000 004/ });
    expect(row).toHaveClass('is-claimed');
    expect(within(row).getByRole('button', { name: 'Redeemed' })).toBeDisabled();
    expect(
      within(rowOf(allUsers(), '0400000005')).getByRole('button', { name: 'Claim' }),
    ).toBeEnabled();
  });
});

describe('/dashboard live updates', () => {
  it('shows a new winner and a redeem made on another device at the next poll, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await signInOperator(network);
    renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 005/ });
    const redeemedElsewhere = {
      ...api.customers[0]!,
      isOfferClaimed: true,
      redeemedBy: 'admin',
      redeemedAt: new Date().toISOString(),
    };
    api.changeElsewhere(redeemedElsewhere);
    api.changeElsewhere({ ...customer(9, 'FREE DRINK'), createdAt: new Date().toISOString() });

    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));

    const newRow = await screen.findByRole('row', { name: /0400 000 009/ });
    expect(within(newRow).getByRole('button', { name: 'Claim' })).toBeEnabled();
    const rows = within(allUsers())
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows[0]).toBe('0400 000 009');
    const redeemedRow = rowOf(allUsers(), '0400000005');
    expect(within(redeemedRow).getByRole('button', { name: 'Redeemed' })).toBeDisabled();
    expect(redeemedRow).toHaveClass('is-claimed');
  });

  it('stops polling while the tab is hidden and catches up when it shows again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    await signInOperator(network);
    renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 005/ });
    const polls = () => network.apiCalls.filter((c) => c.path.startsWith('/api/users/changes'));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    const whileVisible = polls().length;

    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS * 6));
    expect(polls().length).toBe(whileVisible);
    api.changeElsewhere({ ...customer(8, 'FREE SIDE'), createdAt: new Date().toISOString() });
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));

    expect(await screen.findByRole('row', { name: /0400 000 008/ })).toBeInTheDocument();
    expect(polls().length).toBe(whileVisible + 1);
  });
});

describe('/dashboard live updates after a long sleep', () => {
  it('reloads the list when the server no longer takes its cursor, so what changed meanwhile shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await signInOperator(network);
    renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 005/ });
    // A redeem the feed never reports (the tab slept past the cursor's day), then a 400.
    api.customers[0] = {
      ...api.customers[0]!,
      isOfferClaimed: true,
      redeemedBy: 'admin',
      redeemedAt: new Date().toISOString(),
    };
    let stale = true;
    api.override = (call) =>
      stale && call.url.startsWith('/api/users/changes?since=')
        ? ((stale = false), jsonResponse(400, { code: 'INVALID_CURSOR', message: 'x' }))
        : undefined;

    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));

    await waitFor(() =>
      expect(
        within(rowOf(allUsers(), '0400000005')).getByRole('button', { name: 'Redeemed' }),
      ).toBeDisabled(),
    );
    // No error shown: the 400 is the feed's own business.
    for (const alert of screen.queryAllByRole('alert')) expect(alert).toBeEmptyDOMElement();
  });
});

describe('/dashboard who redeemed, and prize expiry', () => {
  const HOUR_MS = 60 * 60 * 1000;

  it('says who redeemed a row and when, until when a prize is valid, and disables Claim once expired', async () => {
    const redeemedAt = '2026-03-02T04:05:00.000Z';
    const valid = new Date(Date.now() + 48 * HOUR_MS).toISOString();
    const past = new Date(Date.now() - HOUR_MS).toISOString();
    api.customers = [
      { ...customer(7, 'FREE SIDE'), expiresAt: valid },
      { ...customer(6, 'BOGOF MAIN'), expiresAt: past },
      { ...customer(5, 'FREE SIDE', true), redeemedBy: 'admin', redeemedAt },
    ];
    await signInOperator(network);
    renderStaffAt('/dashboard');
    const validRow = await screen.findByRole('row', { name: /0400 000 007/ });
    expect(validRow).toHaveTextContent(STAFF_TEXT.validUntil(formatBusinessTime(valid)));
    expect(within(validRow).getByRole('button', { name: 'Claim' })).toBeEnabled();
    const expiredRow = rowOf(allUsers(), '0400000006');
    expect(expiredRow).toHaveTextContent(STAFF_TEXT.expiredOn(formatBusinessTime(past)));
    expect(within(expiredRow).getByRole('button', { name: 'Expired' })).toBeDisabled();
    expect(expiredRow).toHaveClass('is-claimed');
    await setupUser().click(screen.getByRole('button', { name: 'Load more' }));
    const redeemedRow = await screen.findByRole('row', { name: /0400 000 005/ });
    expect(redeemedRow).toHaveTextContent(
      STAFF_TEXT.redeemedByAt('admin', formatBusinessTime(redeemedAt)),
    );
    expect(formatBusinessTime(redeemedAt)).toBe('2 Mar 2026, 3:05 pm');
  });

  it('writes the dates in the deployment’s time zone (config.json)', async () => {
    const redeemedAt = '2026-03-02T04:05:00.000Z';
    api.customers = [{ ...customer(5, 'FREE SIDE', true), redeemedBy: 'admin', redeemedAt }];
    // A deployment in Perth: its /config.json says so, and the app is loaded afresh to read it.
    network.config = { ...network.config, timeZone: 'Australia/Perth' };
    vi.resetModules();
    const fresh = await import('../support/staff');
    await fresh.signInOperator(network);
    fresh.renderStaffAt('/dashboard');
    const row = await screen.findByRole('row', { name: /0400 000 005/ });
    await waitFor(() =>
      expect(row).toHaveTextContent(STAFF_TEXT.redeemedByAt('admin', '2 Mar 2026, 12:05 pm')),
    );
  });

  it('shows the server text when the prize expired before the redeem reached it, and keeps the row', async () => {
    await signInOperator(network);
    const user = setupUser();
    api.override = (call) =>
      call.path === '/api/users/redeem'
        ? jsonResponse(409, { code: 'PRIZE_EXPIRED', message: 'This prize expired on ...' })
        : undefined;
    renderStaffAt('/dashboard');
    const row = await screen.findByRole('row', { name: /0400 000 005/ });
    await user.click(within(row).getByRole('button', { name: 'Claim' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This prize expired on ...')).toHaveAttribute('role', 'alert');
    expect(
      within(rowOf(allUsers(), '0400000005')).queryByRole('button', { name: 'Redeemed' }),
    ).toBeNull();
  });
});

describe('/dashboard search', () => {
  it('applies the input rules and messages (docs/product.md)', async () => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    const input = screen.getByLabelText(STAFF_TEXT.searchLabel);

    await user.type(input, '04a');
    expect(screen.getByText(MESSAGES.searchDigitsOnly)).toHaveAttribute('role', 'alert');
    expect(input).toHaveValue('04');

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(MESSAGES.searchInvalid)).toBeInTheDocument();

    await user.type(input, '000000051');
    expect(screen.getByText(MESSAGES.searchTooLong)).toBeInTheDocument();
    expect(input).toHaveValue('0400000005');
    expect(network.apiCalls.filter((c) => c.path === '/api/users/search')).toHaveLength(0);
  });

  it('shows the found customer in "Search Result"', async () => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    await user.type(screen.getByLabelText(STAFF_TEXT.searchLabel), '0400000003{Enter}');
    const table = await screen.findByRole('table', { name: 'Search Result' });
    expect(
      within(table).getByRole('row', { name: /0400 000 003 FREE SIDE\s?Won .* Claim/ }),
    ).toBeInTheDocument();
    expect(network.apiCalls.find((c) => c.path === '/api/users/search')?.body).toEqual({
      phoneNumber: '0400000003',
    });
  });

  it.each([
    ['nobody has the number', undefined],
    ['the search fails', jsonResponse(500, { code: 'INTERNAL', message: 'x' })],
  ])('shows "No user found with this phone number." when %s', async (_label, failure) => {
    await signInOperator(network);
    const user = setupUser();
    if (failure) api.override = (call) => (call.path === '/api/users/search' ? failure : undefined);
    renderStaffAt('/dashboard');
    await user.type(screen.getByLabelText(STAFF_TEXT.searchLabel), '0499999999{Enter}');
    expect(await screen.findByText(MESSAGES.searchNoUser)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('table', { name: 'Search Result' })).not.toBeInTheDocument();
  });
});

describe('/dashboard Claim', () => {
  it('confirms, shows "Processing...", then "Redeemed" disabled in both tables', async () => {
    // Prepare: the redeem answer waits until released, so "Processing..." can be seen.
    await signInOperator(network);
    const user = setupUser();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.override = (call) =>
      call.path === '/api/users/redeem'
        ? gate.then(() => {
            api.override = undefined;
            return api.handle(call);
          })
        : undefined;
    renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 005/ });
    await user.type(screen.getByLabelText(STAFF_TEXT.searchLabel), '0400000005{Enter}');
    const result = await screen.findByRole('table', { name: 'Search Result' });

    // Act: Claim in the search result, then Confirm.
    await user.click(within(result).getByRole('button', { name: 'Claim' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('0400 000 005');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    // Assess
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(
      within(rowOf(allUsers(), '0400000005')).getByRole('button', { name: 'Processing...' }),
    ).toBeDisabled();
    release();
    await waitFor(() =>
      expect(within(result).getByRole('button', { name: 'Redeemed' })).toBeDisabled(),
    );
    expect(
      within(rowOf(allUsers(), '0400000005')).getByRole('button', { name: 'Redeemed' }),
    ).toBeDisabled();
    expect(rowOf(allUsers(), '0400000005')).toHaveClass('is-claimed');
    expect(screen.getByText(STAFF_TEXT.redeemSucceeded('0400 000 005'))).toHaveAttribute(
      'role',
      'status',
    );
    const redeem = network.apiCalls.find((c) => c.path === '/api/users/redeem');
    expect(redeem).toMatchObject({ method: 'POST', body: { phoneNumber: '0400000005' } });
    expect(redeem?.authorization).toMatch(/^Bearer ey/);
  });

  it('cancels with Cancel or Escape, keeping focus on the Claim button', async () => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    const claim = within(await screen.findByRole('row', { name: /0400 000 005/ })).getByRole(
      'button',
      { name: 'Claim' },
    );
    await user.click(claim);
    const dialog = screen.getByRole('dialog', { name: 'Confirm Action' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(claim).toHaveFocus();

    await user.click(claim);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(claim).toHaveFocus();
    expect(network.apiCalls.some((c) => c.path === '/api/users/redeem')).toBe(false);
  });

  it('shows the server text and "Redeemed" when someone else redeemed it first (409)', async () => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    const row = await screen.findByRole('row', { name: /0400 000 005/ });
    api.customers[0] = { ...api.customers[0]!, isOfferClaimed: true };
    await user.click(within(row).getByRole('button', { name: 'Claim' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(API_MESSAGES.alreadyRedeemed)).toHaveAttribute('role', 'alert');
    expect(
      within(rowOf(allUsers(), '0400000005')).getByRole('button', { name: 'Redeemed' }),
    ).toBeDisabled();
  });

  it('shows "Failed to mark user as redeemed." on a failure and keeps Claim', async () => {
    await signInOperator(network);
    const user = setupUser();
    api.override = (call) =>
      call.path === '/api/users/redeem'
        ? jsonResponse(500, { code: 'INTERNAL', message: 'x' })
        : undefined;
    renderStaffAt('/dashboard');
    const row = await screen.findByRole('row', { name: /0400 000 005/ });
    await user.click(within(row).getByRole('button', { name: 'Claim' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MESSAGES.redeemFailed)).toHaveAttribute('role', 'alert');
    expect(
      within(rowOf(allUsers(), '0400000005')).getByRole('button', { name: 'Claim' }),
    ).toBeEnabled();
  });
});
