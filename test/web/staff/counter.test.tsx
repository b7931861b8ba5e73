/**
 * The dashboard at the counter: each row says what was promised (the condition saved with the
 * win) with the number grouped, search takes numbers as staff type them, "Unredeemed only" stays
 * true while the list updates live, and the confirm dialog reminds staff to see the win.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { STAFF_TEXT } from '@shared/messages-staff';
import { customer, fakeApi, type FakeApi } from '../support/staff-routes';
import { renderStaffAt, signInOperator } from '../support/staff';
import { installFakeNetwork, type FakeNetwork } from '../support/network';

/** A visible dashboard asks for changes every 5 seconds (docs/architecture.md). */
const LIVE_POLL_MS = 5000;

let network: FakeNetwork;
let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  network = installFakeNetwork({ answerLater: true });
  api = fakeApi([
    { ...customer(5, 'BURGER DEAL'), condition: 'With any order over $20' },
    customer(4, 'FREE SIDE', true),
    customer(3, 'FREE SIDE'),
    customer(2, 'BOGOF MAIN', true),
    customer(1, 'FREE SIDE'),
  ]);
  network.api = (call) => api.handle(call);
});

afterEach(() => {
  vi.useRealTimers();
});

const allUsers = () => screen.getByRole('table', { name: 'All Users' });
const listCalls = () =>
  network.apiCalls
    .filter((c) => c.path.startsWith('/api/users') && !c.path.startsWith('/api/users/changes'))
    .map((c) => c.url);
const phonesShown = () =>
  within(allUsers())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('a row at the counter', () => {
  it('shows the number grouped, the prize and its condition as won; an older record shows none', async () => {
    await signInOperator(network);
    renderStaffAt('/dashboard');
    const row = await screen.findByRole('row', { name: /0400 000 005/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent(/^0400 000 005$/);
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(
      'BURGER DEAL' + STAFF_TEXT.conditionLabel('With any order over $20'),
    );
    const old = within(allUsers()).getByRole('row', { name: /0400 000 004/ });
    expect(old).not.toHaveTextContent('Condition');
  });
});

describe('search as staff type', () => {
  it.each([
    ['spaces', '0400 000 003'],
    ['dashes', '0400-000-003'],
    ['a +61 prefix', '+61 400 000 003'],
  ])('takes a number written with %s and searches its 10 digits', async (_label, typed) => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    const input = screen.getByLabelText(STAFF_TEXT.searchLabel);
    await user.type(input, typed);
    expect(input).toHaveValue(typed);
    expect(screen.queryByText(MESSAGES.searchDigitsOnly)).not.toBeInTheDocument();
    await user.type(input, '{Enter}');
    const table = await screen.findByRole('table', { name: 'Search Result' });
    expect(within(table).getByRole('row', { name: /0400 000 003 FREE SIDE/ })).toBeInTheDocument();
    expect(network.apiCalls.find((c) => c.path === '/api/users/search')?.body).toEqual({
      phoneNumber: '0400000003',
    });
  });

  it('takes a pasted +61 number', async () => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    const input = screen.getByLabelText(STAFF_TEXT.searchLabel);
    await user.click(input);
    await user.paste('+61 400 000 003');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Search Result' });
    expect(network.apiCalls.find((c) => c.path === '/api/users/search')?.body).toEqual({
      phoneNumber: '0400000003',
    });
  });

  it('still refuses letters with "Please enter only numbers", keeping what was typed', async () => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    const input = screen.getByLabelText(STAFF_TEXT.searchLabel);
    await user.type(input, '0412 3x');
    expect(screen.getByText(MESSAGES.searchDigitsOnly)).toHaveAttribute('role', 'alert');
    expect(input).toHaveValue('0412 3');
  });
});

describe('"Unredeemed only"', () => {
  it('asks the server for offers still to redeem, and keeps the view true while it updates live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await signInOperator(network);
    const user = setupUser({ advanceTimers: vi.advanceTimersByTime });
    renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 005/ });

    // Act: switch it on.
    const toggle = screen.getByRole('switch', { name: STAFF_TEXT.unredeemedOnly });
    await user.click(toggle);

    // Assess: the list is read again from its first page, filtered by the server.
    expect(toggle).toBeChecked();
    await waitFor(() => expect(phonesShown()).toEqual(['0400 000 005', '0400 000 003']));
    expect(listCalls().at(-1)).toBe('/api/users?filter=unredeemed');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(phonesShown()).toEqual(['0400 000 005', '0400 000 003', '0400 000 001']),
    );
    expect(listCalls().at(-1)).toBe('/api/users?cursor=2&filter=unredeemed');

    // Another device redeems one and a new winner comes: the redeemed row leaves, the winner joins.
    api.changeElsewhere({
      ...api.customers.find((c) => c.localNumber === '0400000003')!,
      isOfferClaimed: true,
      redeemedBy: 'admin',
      redeemedAt: new Date().toISOString(),
    });
    api.changeElsewhere({ ...customer(9, 'FREE DRINK'), createdAt: new Date().toISOString() });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    await waitFor(() =>
      expect(phonesShown()).toEqual(['0400 000 009', '0400 000 005', '0400 000 001']),
    );
    expect(toggle).toBeChecked();

    // Redeemed here: it leaves too.
    const row = within(allUsers()).getByRole('row', { name: /0400 000 005/ });
    await user.click(within(row).getByRole('button', { name: 'Claim' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(phonesShown()).toEqual(['0400 000 009', '0400 000 001']));

    // Switched off: everybody again, from the first page.
    await user.click(toggle);
    await waitFor(() => expect(phonesShown()).toEqual(['0400 000 009', '0400 000 005']));
    expect(listCalls().at(-1)).toBe('/api/users');
  });

  it('says when nothing is left to redeem', async () => {
    api.customers = [customer(4, 'FREE SIDE', true)];
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    await screen.findByRole('row', { name: /0400 000 004/ });
    await user.click(screen.getByRole('switch', { name: STAFF_TEXT.unredeemedOnly }));
    expect(await screen.findByText(STAFF_TEXT.noUnredeemed)).toBeInTheDocument();
  });
});

describe('the confirm dialog', () => {
  it('reminds staff to see the win on the customer’s phone, with the condition promised', async () => {
    await signInOperator(network);
    const user = setupUser();
    renderStaffAt('/dashboard');
    const row = await screen.findByRole('row', { name: /0400 000 005/ });
    await user.click(within(row).getByRole('button', { name: 'Claim' }));
    const dialog = screen.getByRole('dialog', { name: STAFF_TEXT.confirmTitle });
    expect(dialog).toHaveAccessibleDescription(
      new RegExp(STAFF_TEXT.confirmCheckPhone.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    expect(dialog).toHaveTextContent(STAFF_TEXT.conditionLabel('With any order over $20'));
    expect(dialog).toHaveTextContent('0400 000 005');
  });
});
