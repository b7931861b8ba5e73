/**
 * A token is only as good as its user. The HTTP API JWT authorizer accepts a token until it
 * expires (up to an hour), even after the user was deleted or disabled, so every non-public route
 * also asks Cognito (AdminGetUser) whether the user still exists, is enabled and is the same user
 * (same sub: a re-created account does not inherit an old token). Staff traffic is tiny and a
 * visitor spins once, so there is no cache: a deleted account is refused at once. A staff token
 * issued before the account's password was last set is refused too.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { unauthorized } from '../../shared/errors';
import { API_MESSAGES } from '../../shared/messages';
import type { StaffRole } from '../../shared/types';
import {
  claimsOf,
  staffClaims,
  visitorClaims,
  type StaffIdentity,
  type VisitorIdentity,
} from './claims';
import { staffSignedOutAt } from '../repositories/staff-sign-outs';
import { cognito } from './cognito-client';
import { requireEnv } from './env';
import type { HttpEvent } from './http';

export type UserPoolKind = 'visitor' | 'staff';

/** What the check needs to know of a pool user. */
export interface PoolUser {
  sub: string | undefined;
  enabled: boolean;
}

/** Looks a user up by username; undefined when the pool has no such user. */
export type UserLookup = (pool: UserPoolKind, username: string) => Promise<PoolUser | undefined>;

const POOL_ID_ENV: Readonly<Record<UserPoolKind, string>> = {
  visitor: 'VISITOR_USER_POOL_ID',
  staff: 'STAFF_USER_POOL_ID',
};

/** The real lookup. The pool id is read per call so that public handlers never need it. */
const cognitoLookup: UserLookup = async (pool, username) => {
  try {
    const user = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: requireEnv(POOL_ID_ENV[pool]), Username: username }),
    );
    return {
      sub: user.UserAttributes?.find((a) => a.Name === 'sub')?.Value,
      enabled: user.Enabled !== false,
    };
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return undefined;
    throw error;
  }
};

let lookup: UserLookup = cognitoLookup;

/**
 * For handler tests whose claims are made up (no Cognito pool behind them): replaces the lookup;
 * `undefined` restores the real one.
 */
export function setUserLookupForTest(replacement: UserLookup | undefined): void {
  lookup = replacement ?? cognitoLookup;
}

/** 401 unless the pool still has this user, enabled, with this sub. */
async function requireActiveUser(
  pool: UserPoolKind,
  username: string,
  sub: unknown,
): Promise<void> {
  const user = await lookup(pool, username);
  if (!user || !user.enabled || (user.sub !== undefined && user.sub !== sub))
    throw unauthorized(API_MESSAGES.unauthorized);
}

/** visitorClaims, for a visitor who still exists in the visitor pool. */
export async function activeVisitorClaims(event: HttpEvent): Promise<VisitorIdentity> {
  const visitor = visitorClaims(event);
  const username = claimsOf(event)['cognito:username'];
  await requireActiveUser(
    'visitor',
    typeof username === 'string' ? username : visitor.sub,
    visitor.sub,
  );
  return visitor;
}

/**
 * staffClaims, for a staff member who still exists in the staff pool, with a token issued after
 * the account's last sign-out everywhere (a password change), if it had one.
 */
export async function activeStaffClaims(
  event: HttpEvent,
  allowed: readonly StaffRole[],
): Promise<StaffIdentity> {
  const staff = staffClaims(event, allowed);
  const claims = claimsOf(event);
  const [, signedOutAt] = await Promise.all([
    requireActiveUser('staff', staff.username, claims.sub),
    staffSignedOutAt(staff.username),
  ]);
  if (signedOutAt !== undefined && !(Number(claims.iat) >= signedOutAt))
    throw unauthorized(API_MESSAGES.unauthorized);
  return staff;
}
