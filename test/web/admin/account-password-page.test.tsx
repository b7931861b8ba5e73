import { screen, waitFor } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const puts = () => api.requests.filter((r) => r.method === 'PUT');

describe('Account password pages', () => {
  it('sets the admin’s own password, says they will sign in again, and takes them to the login, which signs this browser out and says why', async () => {
    const user = setupUser();
    const { router } = renderAppAt('/admin/accounts/admin');
    expect(await screen.findByText(ADMIN_TEXT.ownPasswordNextLogin)).toBeInTheDocument();
    await user.type(screen.getByLabelText(ADMIN_TEXT.newPassword), 'brand-new-pw');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.save }));
    const notice = await screen.findByText(
      `${MESSAGES.adminPasswordUpdated} ${ADMIN_TEXT.signInAgain}`,
    );
    expect(notice).toHaveAttribute('role', 'status');
    expect(router.state.location.pathname).toBe('/admin');
    expect(puts()).toEqual([
      expect.objectContaining({
        path: '/api/accounts/admin/password',
        body: { password: 'brand-new-pw' },
      }),
    ]);
    await waitFor(() => expect(localStorage.getItem('adminUsername')).toBeNull());
    expect(localStorage.getItem('spinwin.session.admin')).toBeNull();
  });

  it.each([['operator', ADMIN_TEXT.operatorPassword, MESSAGES.operatorPasswordUpdated]])(
    'sets the %s password and says so',
    async (role, title, success) => {
      const user = setupUser();
      renderAppAt(`/admin/accounts/${role}`);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      const field = screen.getByLabelText(ADMIN_TEXT.newPassword);
      await user.type(field, 'brand-new-pw');
      await user.click(screen.getByRole('button', { name: ADMIN_TEXT.save }));
      expect(await screen.findByText(success)).toBeInTheDocument();
      expect(puts()).toEqual([
        expect.objectContaining({
          path: `/api/accounts/${role}/password`,
          body: { password: 'brand-new-pw' },
        }),
      ]);
      expect(field).toHaveValue('');
      // Typing a new password takes the old success notice away.
      await user.type(field, 'n');
      expect(screen.queryByText(success)).not.toBeInTheDocument();
    },
  );

  it('applies the password rules before sending anything', async () => {
    const user = setupUser();
    renderAppAt('/admin/accounts/operator');
    const save = await screen.findByRole('button', { name: ADMIN_TEXT.save });
    await user.click(save);
    expect(await screen.findByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    const field = screen.getByLabelText(ADMIN_TEXT.newPassword);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '12345');
    await user.click(save);
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('shows and hides the password', async () => {
    const user = setupUser();
    renderAppAt('/admin/accounts/admin');
    const field = await screen.findByLabelText(ADMIN_TEXT.newPassword);
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.showPassword }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.hidePassword }));
    expect(field).toHaveAttribute('type', 'password');
  });

  it('shows "Failed to update password. Please try again." when the server fails', async () => {
    api.failNext('PUT', '/api/accounts/admin/password', 500);
    const user = setupUser();
    renderAppAt('/admin/accounts/admin');
    await user.type(await screen.findByLabelText(ADMIN_TEXT.newPassword), 'another-pw');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.save }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(MESSAGES.passwordUpdateFailed),
    );
  });

  it('starts empty when switching between the two pages', async () => {
    const user = setupUser();
    renderAppAt('/admin/accounts/admin');
    await user.type(await screen.findByLabelText(ADMIN_TEXT.newPassword), 'typed-here');
    await user.click(screen.getByRole('link', { name: ADMIN_TEXT.operatorPassword }));
    expect(
      await screen.findByRole('heading', { level: 1, name: ADMIN_TEXT.operatorPassword }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(ADMIN_TEXT.newPassword)).toHaveValue('');
  });
});
