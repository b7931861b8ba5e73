import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { hasSession } from '../../../web/src/lib/session';
import {
  isStaffSignedIn,
  readStaffAccount,
  signInStaff,
  signOutStaff,
} from '../../../web/src/lib/staff-auth';
import { staffIdToken, unsignedIdToken } from '../support/tokens';
import {
  cognitoError,
  cognitoTokens,
  installFakeNetwork,
  STAFF_CLIENT_ID,
  type FakeNetwork,
} from '../support/network';

let network: FakeNetwork;

beforeEach(() => {
  localStorage.clear();
  network = installFakeNetwork({ answerLater: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const storedKeys = () =>
  Object.fromEntries(
    // The browser storage keys the spec requires (section 3).
    [
      'operatorUsername',
      'operatorRole',
      'operatorEmail',
      'adminUsername',
      'adminRole',
      'adminEmail',
    ].map((key) => [key, localStorage.getItem(key)]),
  );

describe('signInStaff', () => {
  it('signs an operator in through POST /api/staff/sign-in and stores the session and the three operator keys', async () => {
    // Prepare
    network.cognito = () => cognitoTokens(staffIdToken('operator', ['operator']));
    // Act
    const result = await signInStaff(' operator ', 'secret-pass', 'operator', 'login');
    // Assess
    expect(result).toEqual({
      ok: true,
      account: { username: 'operator', role: 'operator', email: 'operator@example.com' },
    });
    // The password goes to our API only, never straight to Cognito.
    expect(network.staffSignIns).toEqual([{ username: 'operator', password: 'secret-pass' }]);
    expect(network.cognitoCalls).toEqual([]);
    expect(storedKeys()).toMatchObject({
      operatorUsername: 'operator',
      operatorRole: 'operator',
      operatorEmail: 'operator@example.com',
      adminUsername: null,
    });
    expect(hasSession('operator')).toBe(true);
    expect(hasSession('admin')).toBe(false);
    expect(readStaffAccount('operator')?.username).toBe('operator');
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', MESSAGES.invalidCredentials],
    ['UserNotFoundException', 'User does not exist.', MESSAGES.invalidCredentials],
    ['TooManyRequestsException', 'Rate exceeded', MESSAGES.loginFailed],
    // Cognito's lockout after 5 failed passwords: the right password would not help now.
    ['NotAuthorizedException', 'Password attempts exceeded', MESSAGES.loginFailed],
    ['InternalErrorException', 'boom', MESSAGES.loginFailed],
  ])('maps %s to the required text and stores nothing', async (type, text, expected) => {
    network.cognito = () => cognitoError(type, text);
    const result = await signInStaff('operator', 'wrong', 'operator', 'login');
    expect(result).toEqual({ ok: false, message: expected });
    expect(hasSession('operator')).toBe(false);
    expect(storedKeys().operatorUsername).toBeNull();
  });

  it('gives "Login failed" and keeps nothing for an account that still has a temporary password', async () => {
    // What Cognito (and the local stand-in) answer for a user in FORCE_CHANGE_PASSWORD.
    network.cognito = () =>
      new Response(
        JSON.stringify({
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: 'AYABsession',
          ChallengeParameters: { USER_ID_FOR_SRP: 'operator', requiredAttributes: '[]' },
        }),
        { status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' } },
      );
    expect(await signInStaff('operator', 'temporary-pw', 'operator', 'login')).toEqual({
      ok: false,
      message: MESSAGES.loginFailed,
    });
    expect(MESSAGES.loginFailed).toBe('Login failed. Please try again.');
    expect(hasSession('operator')).toBe(false);
    expect(storedKeys().operatorUsername).toBeNull();
  });

  it('gives "Login failed" when the network is down', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await signInStaff('operator', 'pw', 'operator', 'login')).toEqual({
      ok: false,
      message: MESSAGES.loginFailed,
    });
  });

  it.each([
    ['login', MESSAGES.invalidRole],
    ['operator-login', MESSAGES.operatorOnly],
  ] as const)(
    'refuses an admin at the %s page with its wrong-role text',
    async (page, expected) => {
      network.cognito = () => cognitoTokens(staffIdToken('admin', ['admin']));
      const result = await signInStaff('admin', 'right-password', 'operator', page);
      expect(result).toEqual({ ok: false, message: expected });
      expect(hasSession('operator')).toBe(false);
      expect(hasSession('admin')).toBe(false);
      expect(storedKeys()).toEqual(
        Object.fromEntries(Object.keys(storedKeys()).map((k) => [k, null])),
      );
    },
  );

  it('refuses an operator at /admin with the admin-only text', async () => {
    network.cognito = () => cognitoTokens(staffIdToken('operator', ['operator']));
    expect(await signInStaff('operator', 'pw', 'admin', 'admin')).toEqual({
      ok: false,
      message: MESSAGES.adminOnly,
    });
  });

  it('signs an admin in at /admin into the admin session and admin keys only', async () => {
    network.cognito = () => cognitoTokens(staffIdToken('admin', ['admin']));
    const result = await signInStaff('admin', 'pw', 'admin', 'admin');
    expect(result.ok).toBe(true);
    expect(storedKeys()).toMatchObject({
      adminUsername: 'admin',
      adminRole: 'admin',
      adminEmail: 'admin@example.com',
      operatorUsername: null,
    });
    expect(isStaffSignedIn('admin')).toBe(true);
    expect(isStaffSignedIn('operator')).toBe(false);
  });

  it('lets a user in both groups act in the role the page requires', async () => {
    network.cognito = () => cognitoTokens(staffIdToken('lead', ['admin', 'operator']));
    const result = await signInStaff('lead', 'pw', 'operator', 'login');
    expect(result).toMatchObject({ ok: true, account: { role: 'operator' } });
    expect(localStorage.getItem('operatorRole')).toBe('operator');
  });

  it('refuses a token without staff groups or that is not an ID token', async () => {
    network.cognito = () => cognitoTokens(staffIdToken('nobody', []));
    expect(await signInStaff('nobody', 'pw', 'operator', 'login')).toEqual({
      ok: false,
      message: MESSAGES.invalidRole,
    });
    network.cognito = () =>
      cognitoTokens(
        unsignedIdToken({
          'cognito:username': 'operator',
          'cognito:groups': ['operator'],
          token_use: 'access',
        }),
      );
    expect(await signInStaff('operator', 'pw', 'operator', 'login')).toEqual({
      ok: false,
      message: MESSAGES.loginFailed,
    });
  });

  it('does not call Cognito for empty fields', async () => {
    expect(await signInStaff('  ', 'pw', 'operator', 'login')).toEqual({
      ok: false,
      message: MESSAGES.invalidCredentials,
    });
    expect(network.cognitoCalls).toHaveLength(0);
  });
});

describe('signOutStaff', () => {
  it('clears the session and the three keys of that role only', async () => {
    network.cognito = (_op, body) => {
      const name = (body.AuthParameters as { USERNAME: string }).USERNAME;
      return cognitoTokens(staffIdToken(name, [name]));
    };
    await signInStaff('operator', 'pw', 'operator', 'login');
    await signInStaff('admin', 'pw', 'admin', 'admin');
    const revoked = signOutStaff('operator');
    // Signed out on this device at once, before Cognito answers.
    expect(hasSession('operator')).toBe(false);
    await revoked;
    expect(storedKeys()).toMatchObject({
      operatorUsername: null,
      operatorRole: null,
      operatorEmail: null,
      adminUsername: 'admin',
    });
    expect(isStaffSignedIn('admin')).toBe(true);
  });

  it('revokes the refresh token at Cognito, and signs out even when that fails', async () => {
    network.revoke = () => cognitoError('InternalErrorException', 'down');
    network.cognito = (_operation, body) => {
      const name = (body.AuthParameters as { USERNAME: string }).USERNAME;
      return cognitoTokens(staffIdToken(name, [name]));
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await signInStaff('admin', 'pw', 'admin', 'admin');
    await signOutStaff('admin');
    expect(network.cognitoCalls.at(-1)).toEqual({
      operation: 'RevokeToken',
      body: { ClientId: STAFF_CLIENT_ID, Token: 'refresh' },
    });
    expect(isStaffSignedIn('admin')).toBe(false);
    expect(hasSession('admin')).toBe(false);
  });

  it('treats keys without a token session as signed out', () => {
    localStorage.setItem('operatorUsername', 'operator');
    localStorage.setItem('operatorRole', 'operator');
    expect(isStaffSignedIn('operator')).toBe(false);
  });
});
