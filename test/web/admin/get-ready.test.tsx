import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { installFakeApi, makeSlice, type FakeApi } from '../support/admin-routes';
import { renderAppAt, signInAdmin } from '../support/staff';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  signInAdmin();
  api = installFakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const steps = ADMIN_TEXT.getReadySteps;
const at = '2026-11-28T01:00:00.000Z';

describe('"Get ready"', () => {
  it('opens the first sign-in on the list: each step links to its place, none ticked', async () => {
    renderAppAt('/admin/business');
    const list = await screen.findByRole('region', { name: /Get ready/ });
    expect(list).toHaveTextContent(ADMIN_TEXT.getReadyCount(0, 6));
    const hrefs = within(list)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      [steps.details, '/admin/business'],
      [steps.logo, '/admin/business'],
      [steps.prizes, '/admin/game'],
      [steps.passwords, '/admin/accounts/admin'],
      [steps.poster, '/admin/share'],
      [steps.wifi, '/admin/share'],
    ]);
    expect(within(list).getAllByText(ADMIN_TEXT.getReadyToDo)).toHaveLength(6);
  });

  it('ticks steps from the stored facts as the admin moves on, and goes once all are done', async () => {
    const user = setupUser();
    api.business = {
      ...api.business,
      businessName: "Joe's Pizza",
      logoUrl: '/media/business/1.png',
    };
    api.slices = [makeSlice({ name: 'Chips', weight: 10 }), makeSlice({ name: 'Pizza', stock: 5 })];
    api.setup = { passwordSetAt: { admin: at, operator: null }, printedAt: null };
    renderAppAt('/admin/business');
    const list = await screen.findByRole('region', { name: /Get ready/ });
    expect(list).toHaveTextContent(ADMIN_TEXT.getReadyCount(3, 6));
    // The admin's password is done: the step goes to the operator's.
    expect(within(list).getByRole('link', { name: steps.passwords })).toHaveAttribute(
      'href',
      '/admin/accounts/operator',
    );
    // Done elsewhere, shown on the next page opened.
    api.setup = { passwordSetAt: { admin: at, operator: at }, printedAt: at };
    await user.click(within(list).getByRole('link', { name: steps.prizes }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /Get ready/ })).toHaveTextContent(
        ADMIN_TEXT.getReadyCount(5, 6),
      ),
    );
    api.trusted = [{ id: 'a', address: '203.0.113.9', trustedAt: at }];
    await user.click(
      within(screen.getByRole('region', { name: /Get ready/ })).getByRole('link', {
        name: steps.wifi,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: ADMIN_TEXT.share });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Get ready/ })).toBeNull());
  });
});
