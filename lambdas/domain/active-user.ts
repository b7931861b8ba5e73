/**
 * A token is only as good as its user. The HTTP API JWT authorizer accepts a token until it
 * expires (up to an hour), even after the user was deleted or disabled, so every non-public route
 * also checks that the token's user is still the account's user (same sub: a re-created account
 * does not inherit an old token) and is enabled. There is no cache: a deleted account is refused
 * at once.
 *
 * Staff (two accounts, little traffic) are checked with Cognito itself (AdminGetUser), and a staff
 * token issued before the account's password was last set is refused too. Visitors are checked
 * with their number's visitor record (repositories/visitor-users.ts), one DynamoDB GetItem: a
 * viral crowd would otherwise spend Cognito's account-wide UserRead quota on every visitor request
 * (docs/performance.md). Cognito is asked only when the record is missing (a user created before
 * the records) or holds another sub, and the answer then repairs the record.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { unauthorized } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import type { StaffRole } from '@shared/types';
import {
  tokenFieldsOf,
  staffIdentity,
  visitorIdentity,
  type StaffIdentity,
  type VisitorIdentity,
} from '../lib/identity';
import { staffSignedOutAt } from '../repositories/staff-sign-outs';
import { getVisitorRecord, repairVisitorRecord } from '../repositories/visitor-users';
import { cognito } from '../lib/cognito-client';
import { requireEnv } from '../lib/env';
import type { HttpEvent } from '../lib/http';

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
const lookupUser: UserLookup = async (pool, username) => {
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

/** 401 unless the pool still has this user, enabled, with this sub; the user otherwise. */
async function requireActiveUser(
  pool: UserPoolKind,
  username: string,
  sub: unknown,
): Promise<PoolUser> {
  const user = await lookupUser(pool, username);
  if (!user || !user.enabled || (user.sub !== undefined && user.sub !== sub))
    throw unauthorized(API_MESSAGES.unauthorized);
  return user;
}

/**
 * visitorIdentity, for a visitor whose number's user is still the token's user: the visitor record
 * holds the token's sub. An erased record refuses at once. No record (a user from before the
 * records), or another sub (a record left by a user since re-created outside otp/start), is
 * settled by Cognito once, and a confirmed user's record is written for the next request.
 */
export async function activeVisitor(event: HttpEvent): Promise<VisitorIdentity> {
  const visitor = visitorIdentity(event);
  const now = Date.now();
  const record = await getVisitorRecord(visitor.phoneNumber, now);
  if (record?.kind === 'user' && record.sub === visitor.sub) return visitor;
  if (record?.kind === 'erased') throw unauthorized(API_MESSAGES.unauthorized);
  const username = tokenFieldsOf(event)['cognito:username'];
  const user = await requireActiveUser(
    'visitor',
    typeof username === 'string' ? username : visitor.sub,
    visitor.sub,
  );
  if (user.sub !== undefined)
    await repairVisitorRecord(visitor.phoneNumber, user.sub, record?.sub, now);
  return visitor;
}

/**
 * staffIdentity, for a staff member who still exists in the staff pool, from a sign-in made after
 * the account's last sign-out everywhere (a password change), if it had one. The sign-in's time is
 * the token's `auth_time`, which a refresh keeps: a token refreshed from an old sign-in carries the
 * old time, whenever it was minted. Cognito's times are whole seconds, so a sign-in in the very
 * second of the sign-out is refused too (it signs in again a second later).
 */
export async function activeStaff(
  event: HttpEvent,
  allowed: readonly StaffRole[],
): Promise<StaffIdentity> {
  const staff = staffIdentity(event, allowed);
  const token = tokenFieldsOf(event);
  const [, signedOutAt] = await Promise.all([
    requireActiveUser('staff', staff.username, token.sub),
    staffSignedOutAt(staff.username),
  ]);
  if (signedOutAt !== undefined && !(Number(token.auth_time) > signedOutAt))
    throw unauthorized(API_MESSAGES.unauthorized);
  return staff;
}
