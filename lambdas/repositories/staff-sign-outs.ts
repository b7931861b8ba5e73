/**
 * When each staff account was last signed out everywhere (its password was set). Cognito then
 * refuses the account's refresh tokens, but an ID token already issued stays valid for API Gateway
 * until it expires; the staff handlers refuse those issued before this time (domain/active-user.ts).
 * Kept in the limits table only as long as such a token could live.
 */
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import * as z from '@shared/zod';
import { defineItem, getItem } from '../lib/items';

const keyOf = (username: string) => `signed-out#staff#${username}`;

/** A sign-out as stored: when (epoch seconds), and until when it is kept. */
const signOutSchema = z.object({ signedOutAt: z.number(), expiresAt: z.number() });
const SignOutItem = defineItem({ name: 'staff-sign-out', table: 'limits', record: signOutSchema });

/** Records that `username` was signed out everywhere at `atS` (epoch seconds), for `keepS`. */
export async function recordStaffSignOut(
  username: string,
  atS: number,
  keepS: number,
): Promise<void> {
  await SignOutItem.build(PutItemCommand)
    .item({ key: keyOf(username), signedOutAt: atS, expiresAt: atS + keepS })
    .send();
}

/** Epoch seconds of the account's last sign-out everywhere still on record; undefined if none. */
export async function staffSignedOutAt(username: string): Promise<number | undefined> {
  return (await getItem(SignOutItem, { key: keyOf(username) }))?.signedOutAt;
}
