/**
 * Staff password changes. The password goes straight to Cognito (AdminSetUserPassword, permanent)
 * and is never stored, logged or returned by our code. The account is then signed out everywhere
 * (AdminUserGlobalSignOut): a device signed in with the old password cannot refresh its tokens.
 */
import { STAFF_USERS, TOKEN_VALIDITY } from '@shared/definitions';
import { badRequest, notFound } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { isStaffRole, type StaffRole } from '@shared/types';
import * as staffPool from '../repositories/staff-pool';
import { recordSetupFact } from '../repositories/settings';
import * as signOuts from '../repositories/staff-sign-outs';

/** A sign-out is kept a little longer than the longest-lived ID token it must refuse. */
const SIGN_OUT_RECORD_SLACK_S = 5 * 60;
/**
 * Sign-ins up to this many seconds after the sign-out are refused too: Cognito's `auth_time` is in
 * whole seconds, and its clock and the function's may differ by a fraction of one. Someone signing
 * in with the new password takes longer than that to type it.
 */
const SIGN_OUT_MARGIN_S = 1;

/** The role named by the {role} path parameter; 404 for anything but 'admin' or 'operator'. */
export function parseStaffRole(value: unknown): StaffRole {
  if (!isStaffRole(value)) throw notFound('UNKNOWN_ROLE', API_MESSAGES.unknownRole);
  return value;
}

/** The fixed account of a role: its username equals the role name (docs/product.md). */
function staffAccount(role: StaffRole): (typeof STAFF_USERS)[number] {
  const user = STAFF_USERS.find((u) => u.group === role);
  if (!user) throw notFound('UNKNOWN_ROLE', API_MESSAGES.unknownRole);
  return user;
}

/** The success message the page shows for a role (docs/product.md). */
export const passwordUpdatedMessage = (role: StaffRole): string =>
  role === 'admin' ? MESSAGES.adminPasswordUpdated : MESSAGES.operatorPasswordUpdated;

/**
 * Sets a role's password in the staff pool. An account that is missing (a kept session can delete
 * its own user with Cognito's self-service DeleteUser) is made again, in its group, with this
 * password. Cognito's policy refusal becomes a 400 with a clear message. Other failures propagate
 * (a logged 500).
 */
export async function setStaffPassword(
  userPoolId: string,
  role: StaffRole,
  password: string,
  pool: Pick<
    typeof staffPool,
    'setUserPassword' | 'signOutEverywhere' | 'recreateStaffUser'
  > = staffPool,
): Promise<void> {
  const account = staffAccount(role);
  const username = account.username;
  let result = await pool.setUserPassword(userPoolId, username, password);
  if (result === 'not-found') result = await pool.recreateStaffUser(userPoolId, account, password);
  if (result === 'invalid-password')
    throw badRequest('INVALID_PASSWORD', API_MESSAGES.passwordPolicy);
  if (result === 'not-found') throw notFound('ACCOUNT_NOT_FOUND', API_MESSAGES.accountNotFound);
  // The "Get ready" list's fact: the printed first password is replaced (the time only). Before
  // the sign-out, whose recorded time the refused tokens are measured against.
  await recordSetupFact(`${role}PasswordSetAt`, new Date().toISOString());
  await pool.signOutEverywhere(userPoolId, username);
  // ID tokens already issued, and those a kept refresh token got meanwhile, stay valid at API
  // Gateway until they expire: the staff routes refuse every token of a sign-in until now.
  await signOuts.recordStaffSignOut(
    username,
    Math.floor(Date.now() / 1000) + SIGN_OUT_MARGIN_S,
    TOKEN_VALIDITY.idMinutes * 60 + SIGN_OUT_RECORD_SLACK_S,
  );
}
