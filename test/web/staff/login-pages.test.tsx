import { screen, waitFor } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { hasSession } from '../../../web/src/lib/session';
import { customer, fakeApi } from '../support/staff-routes';
import { renderStaffAt, signInOperator, WHEEL_STAND_IN } from '../support/staff';
import {
  cognitoError,
  cognitoTokens,
  installFakeNetwork,
  type FakeNetwork,
} from '../support/network';
import { staffIdToken } from '../support/tokens';

let network: FakeNetwork;

beforeEach(() => {
  localStorage.clear();
  network = installFakeNetwork({ answerLater: true });
  const api = fakeApi([customer(1, 'FREE SIDE')]);
  network.api = (call) => api.handle(call);
});

afterEach(() => vi.unstubAllGlobals());

/** Cognito answers as the staff pool would for these two users with password "right". */
function staffPool(): void {
  network.cognito = (_op, body) => {
    const { USERNAME, PASSWORD } = body.AuthParameters as { USERNAME: string; PASSWORD: string };
    if ((USERNAME !== 'admin' && USERNAME !== 'operator') || PASSWORD !== 'right') {
      return cognitoError('NotAuthorizedException', 'Incorrect username or password.');
    }
    return cognitoTokens(staffIdToken(USERNAME, [USERNAME]));
  };
}

async function login(username: string, password: string) {
  const user = setupUser();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const operatorKeys = () =>
  ['operatorUsername', 'operatorRole', 'operatorEmail'].map((k) => localStorage.getItem(k));

describe('/login', () => {
  it('links back to the wheel', async () => {
    const user = setupUser();
    const router = renderStaffAt('/login');
    await user.click(screen.getByRole('link', { name: 'Back to the wheel' }));
    expect(await screen.findByText(WHEEL_STAND_IN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('stores the three operator keys and goes to /dashboard', async () => {
    staffPool();
    const router = renderStaffAt('/login');
    await login('operator', 'right');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(operatorKeys()).toEqual(['operator', 'operator', 'operator@example.com']);
    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
  });

  it.each([
    ['a wrong password', 'operator', 'wrong'],
    ['an unknown user', 'nobody', 'right'],
  ])('shows the same invalid-credentials text for %s', async (_label, username, password) => {
    staffPool();
    const router = renderStaffAt('/login');
    await login(username, password);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(router.state.location.pathname).toBe('/login');
    expect(operatorKeys()).toEqual([null, null, null]);
  });

  it('refuses an admin with "Invalid user role. Please contact administrator."', async () => {
    staffPool();
    renderStaffAt('/login');
    await login('admin', 'right');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidRole);
    expect(hasSession('operator')).toBe(false);
    expect(hasSession('admin')).toBe(false);
  });

  it('shows "Login failed. Please try again." for any other failure', async () => {
    network.cognito = () => cognitoError('TooManyRequestsException', 'Rate exceeded');
    renderStaffAt('/login');
    await login('operator', 'right');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });
});

describe('/operator-login', () => {
  it('shows a welcome view with Logout once signed in, and Logout goes to /login', async () => {
    staffPool();
    const user = setupUser();
    const router = renderStaffAt('/operator-login');
    await login('operator', 'right');
    expect(await screen.findByRole('heading', { name: 'Welcome, operator!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/operator-login');
    expect(operatorKeys()).toEqual(['operator', 'operator', 'operator@example.com']);
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(operatorKeys()).toEqual([null, null, null]);
    expect(hasSession('operator')).toBe(false);
  });

  it('sends an operator who is already signed in to /dashboard', async () => {
    await signInOperator(network);
    const router = renderStaffAt('/operator-login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each([
    ['an admin', 'admin', 'right', MESSAGES.operatorOnly],
    ['a wrong password', 'operator', 'wrong', MESSAGES.invalidCredentials],
    ['an unknown user', 'nobody', 'right', MESSAGES.invalidCredentials],
  ])('shows the right text for %s', async (_label, username, password, expected) => {
    staffPool();
    renderStaffAt('/operator-login');
    await login(username, password);
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
  });

  it('shows "Login failed. Please try again." when Cognito cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderStaffAt('/operator-login');
    await login('operator', 'right');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });
});
