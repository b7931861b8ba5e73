import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { installFakeApi } from '../support/admin-routes';
import { cognitoTokens, type FakeNetwork } from '../support/network';
import { renderAppAt, signInAdmin } from '../support/staff';
import { staffIdToken } from '../support/tokens';

let network: FakeNetwork;

beforeEach(() => {
  localStorage.clear();
  network = installFakeApi().network;
});
afterEach(() => vi.unstubAllGlobals());

describe('admin shell and login', () => {
  it.each(['/admin/business', '/admin/game', '/admin/accounts/admin', '/admin/accounts/operator'])(
    'sends a signed-out visitor of %s to the admin login',
    async (path) => {
      const { router } = renderAppAt(path);
      expect(
        await screen.findByRole('heading', { name: ADMIN_TEXT.loginTitle }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
    },
  );

  it('sends a signed-in admin visiting /admin to Business Settings', async () => {
    signInAdmin();
    const { router } = renderAppAt('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: ADMIN_TEXT.businessSettings }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/business');
  });

  it('links the four pages, Share, Customers and Insights from the sidebar and marks the current one', async () => {
    signInAdmin();
    renderAppAt('/admin/game');
    const nav = await screen.findByRole('navigation', { name: ADMIN_TEXT.navLabel });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      [ADMIN_TEXT.businessSettings, '/admin/business'],
      [ADMIN_TEXT.gameSettings, '/admin/game'],
      [ADMIN_TEXT.share, '/admin/share'],
      [ADMIN_TEXT.customers, '/admin/customers'],
      [ADMIN_TEXT.insights, '/admin/insights'],
      [ADMIN_TEXT.adminPassword, '/admin/accounts/admin'],
      [ADMIN_TEXT.operatorPassword, '/admin/accounts/operator'],
    ]);
    expect(within(nav).getByRole('link', { name: ADMIN_TEXT.gameSettings })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens and closes the menu with a real button that reports its state', async () => {
    signInAdmin();
    const user = setupUser();
    renderAppAt('/admin/business');
    const button = await screen.findByRole('button', { name: ADMIN_TEXT.menu });
    const nav = screen.getByRole('navigation', { name: ADMIN_TEXT.navLabel });
    expect(button).toHaveAttribute('aria-controls', nav.id);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');
    await user.keyboard('{Tab}{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(within(nav).getByRole('link', { name: ADMIN_TEXT.gameSettings }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(
      await screen.findByRole('heading', { level: 1, name: ADMIN_TEXT.gameSettings }),
    ).toBeInTheDocument();
  });

  it('logs out: clears the admin keys and session and returns to /admin', async () => {
    signInAdmin();
    const user = setupUser();
    const { router } = renderAppAt('/admin/business');
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.logout }));
    expect(await screen.findByRole('heading', { name: ADMIN_TEXT.loginTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    for (const key of ['adminUsername', 'adminRole', 'adminEmail', 'spinwin.session.admin']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('signs out and returns to /admin when the server refuses the session', async () => {
    signInAdmin();
    const api = installFakeApi();
    api.failNext('GET', '/api/slices', 401);
    const { router } = renderAppAt('/admin/game');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('adminUsername')).toBeNull();
  });

  describe('login at /admin', () => {
    const cognitoAnswers = (groups: string[]) => {
      network.cognito = () => cognitoTokens(staffIdToken('someone', groups));
    };

    it('refuses a non-admin account with the required text and stores nothing', async () => {
      cognitoAnswers(['operator']);
      const user = setupUser();
      renderAppAt('/admin');
      expect(await screen.findByRole('main')).toContainElement(
        await screen.findByRole('heading', { name: ADMIN_TEXT.loginTitle }),
      );
      await user.type(await screen.findByLabelText('Username'), 'operator');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.adminOnly);
      expect(localStorage.getItem('adminUsername')).toBeNull();
    });

    it('lets an admin in and goes to Business Settings', async () => {
      cognitoAnswers(['admin']);
      const user = setupUser();
      const { router } = renderAppAt('/admin');
      await user.type(await screen.findByLabelText('Username'), 'admin');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: ADMIN_TEXT.businessSettings }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/business');
      expect(localStorage.getItem('adminRole')).toBe('admin');
    });
  });
});
