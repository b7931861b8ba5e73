/**
 * Staff sign-in shared by the operator logins (/login, /operator-login) and the admin login
 * (/admin). It signs in against the staff pool, decides whether the account may use the page,
 * maps every failure to the required texts, and keeps the required browser storage keys for display.
 * The server never trusts those keys: every API call carries the ID token, and the handlers check
 * the groups it names.
 *
 * What "role" means here: roles are the staff groups in the ID token's `cognito:groups` field.
 * A page that requires role R accepts an account whose groups include R, and the session is stored
 * as R (the account acts in that role on this page). The deployed users are each in exactly one
 * group, so an admin at /login is refused with the required "Invalid user role..." text; an account
 * placed in both groups by hand could use both areas, which is also what the server allows.
 */
import { MESSAGES } from '@shared/messages';
import { staffRolesOf, type StaffAccount, type StaffRole } from '@shared/types';
import type { StaffSignInResponse } from '@shared/types';
import { routeOf } from '@shared/routes';
import { ApiError, callRoute } from './api-client';
import { decodeJwtPayload } from './cognito';
import { endSession, hasSession, saveSession } from './session';

/** The page the sign-in happens on: it decides the wrong-role text (docs/product.md). */
export type StaffLoginPage = 'login' | 'operator-login' | 'admin';

export type StaffSignInResult =
  { ok: true; account: StaffAccount } | { ok: false; message: string };

/** The required browser storage keys (section 3), per role. */
const STAFF_STORAGE_KEYS = Object.freeze({
  operator: Object.freeze({
    username: 'operatorUsername',
    role: 'operatorRole',
    email: 'operatorEmail',
  }),
  admin: Object.freeze({ username: 'adminUsername', role: 'adminRole', email: 'adminEmail' }),
} satisfies Record<StaffRole, { username: string; role: string; email: string }>);

/** Signed in, but the account is not in the group the page requires. */
const WRONG_ROLE_MESSAGE: Record<StaffLoginPage, string> = {
  login: MESSAGES.invalidRole,
  'operator-login': MESSAGES.operatorOnly,
  admin: MESSAGES.adminOnly,
};

/**
 * The API's answer for a wrong username or password (POST /api/staff/sign-in). An unknown user and
 * a disabled one get it too, so the page never tells which usernames exist; everything else (a
 * budget of wrong passwords spent, Cognito's lockout, the network) is "Login failed".
 */
const BAD_CREDENTIALS = 'BAD_CREDENTIALS';

/**
 * Signs a staff member in for a page that requires `requiredRole`.
 *
 * On success the `requiredRole` session (ID and refresh tokens) and the required three storage keys
 * for that role are saved. On any failure nothing is saved and `message` is the required text:
 * wrong username or password -> invalidCredentials; signed in but not in the required group ->
 * invalidRole at /login, operatorOnly at /operator-login, adminOnly at /admin; anything else
 * (locked out after failed passwords, network, throttling, misconfiguration) -> loginFailed.
 *
 * @param username - as typed; surrounding spaces are trimmed.
 * @param password - as typed, never trimmed or logged.
 */
export async function signInStaff(
  username: string,
  password: string,
  requiredRole: StaffRole,
  page: StaffLoginPage,
): Promise<StaffSignInResult> {
  const name = username.trim();
  if (name === '' || password === '') return { ok: false, message: MESSAGES.invalidCredentials };
  let tokens: StaffSignInResponse;
  try {
    // Through our API, which passes the password to Cognito after its budgets (docs/cognito.md).
    tokens = await callRoute<StaffSignInResponse>(routeOf('staff-sign-in'), {
      body: { username: name, password },
    });
  } catch (error) {
    // 400: what was typed cannot be a username and password at all (too long, say).
    if (
      error instanceof ApiError &&
      (error.status === 400 || (error.status === 401 && error.code === BAD_CREDENTIALS))
    ) {
      return { ok: false, message: MESSAGES.invalidCredentials };
    }
    return { ok: false, message: MESSAGES.loginFailed };
  }
  const { idToken } = tokens;

  const fields = decodeJwtPayload(idToken);
  const accountName = fields['cognito:username'];
  if (fields.token_use !== 'id' || typeof accountName !== 'string' || accountName === '') {
    return { ok: false, message: MESSAGES.loginFailed };
  }
  if (!staffRolesOf(fields['cognito:groups']).includes(requiredRole)) {
    return { ok: false, message: WRONG_ROLE_MESSAGE[page] };
  }

  const account: StaffAccount = {
    username: accountName,
    role: requiredRole,
    email: typeof fields.email === 'string' ? fields.email : '',
  };
  saveSession(requiredRole, tokens);
  writeStaffAccount(account);
  return { ok: true, account };
}

function writeStaffAccount(account: StaffAccount): void {
  const keys = STAFF_STORAGE_KEYS[account.role];
  localStorage.setItem(keys.username, account.username);
  localStorage.setItem(keys.role, account.role);
  localStorage.setItem(keys.email, account.email);
}

/**
 * The signed-in staff account of `kind`, from the required storage keys, for display; undefined
 * unless both the token session and the keys are present and the stored role matches.
 */
export function readStaffAccount(kind: StaffRole): StaffAccount | undefined {
  if (!hasSession(kind)) return undefined;
  const keys = STAFF_STORAGE_KEYS[kind];
  const username = localStorage.getItem(keys.username);
  const role = localStorage.getItem(keys.role);
  if (!username || role !== kind) return undefined;
  return { username, role, email: localStorage.getItem(keys.email) ?? '' };
}

/** True when a `kind` staff member is signed in (token session and storage keys present). */
export const isStaffSignedIn = (kind: StaffRole): boolean => readStaffAccount(kind) !== undefined;

/**
 * Signs out: clears the `kind` token session and the required three storage keys for it at once,
 * and revokes its refresh token (the promise settles when Cognito has answered; never rejects).
 */
export function signOutStaff(kind: StaffRole): Promise<void> {
  const revoked = endSession(kind);
  const keys = STAFF_STORAGE_KEYS[kind];
  localStorage.removeItem(keys.username);
  localStorage.removeItem(keys.role);
  localStorage.removeItem(keys.email);
  return revoked;
}
