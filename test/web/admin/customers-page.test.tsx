import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { installFakeApi, type FakeApi } from '../support/admin-routes';
import { renderAppAt, signInAdmin } from '../support/staff';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  signInAdmin();
  api = installFakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('/admin/customers', () => {
  it('is in the sidebar and lists the newest customers, then more on request', async () => {
    const user = setupUser();
    renderAppAt('/admin/customers');
    expect(
      await screen.findByRole('heading', { level: 1, name: ADMIN_TEXT.customers }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: ADMIN_TEXT.navLabel })).getByRole('link', {
        name: ADMIN_TEXT.customers,
      }),
    ).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Phone numberPrizeStatusWon at',
      expect.stringMatching(/^0400 000 002ChipsNot redeemed yet/),
    ]);
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.customersMore }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/0400 000 001DrinkRedeemed/);
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.customersMore })).toBeNull();
    // Figures stay on Insights; the customers are here.
    expect(screen.queryByText(ADMIN_TEXT.trustHeading)).toBeNull();
  });

  it('downloads every page of the customers CSV as one file', async () => {
    const user = setupUser();
    const files: Blob[] = [];
    // jsdom has no object URLs: these two record the file instead.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => files.push(blob) && 'blob:customers',
      revokeObjectURL: () => undefined,
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAppAt('/admin/customers');
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.downloadCsv }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const text = await new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(files[0]!);
    });
    const csv = 'phoneNumber,offer\r\n+61400000002,Chips\r\n+61400000001,Drink\r\n';
    // The reader drops the UTF-8 byte-order mark it decodes; the file holds its 3 bytes.
    expect(text).toBe(csv);
    expect(files[0]!.size).toBe(csv.length + 3);
    const anchor = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(api.requests.filter((r) => r.path === '/api/customers/export')).toHaveLength(2);
  });

  it('erases a number only after the confirm dialog, and says what happened', async () => {
    const user = setupUser();
    renderAppAt('/admin/customers');
    const field = await screen.findByLabelText(ADMIN_TEXT.eraseLabel);
    await user.type(field, '04123');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.erase }));
    expect(screen.getByText(MESSAGES.searchInvalid)).toBeInTheDocument();
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '0412345678');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.erase }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent(ADMIN_TEXT.eraseConfirm('0412345678'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.some((r) => r.path === '/api/customers/erase')).toBe(false);
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.erase }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: ADMIN_TEXT.erase }),
    );
    expect(await screen.findByText(ADMIN_TEXT.erased('0412345678'))).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/api/customers/erase')).toEqual([
      expect.objectContaining({ body: { phoneNumber: '0412345678' } }),
    ]);
    await user.type(field, '0400000404');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.erase }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: ADMIN_TEXT.erase }),
    );
    expect(await screen.findByText(API_MESSAGES.customerNotFound)).toBeInTheDocument();
  });
});
