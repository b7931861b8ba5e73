/**
 * When each staff account was last signed out everywhere (its password was set). Cognito then
 * refuses the account's refresh tokens, but an ID token already issued stays valid for API Gateway
 * until it expires; the staff handlers refuse those issued before this time (domain/active-user.ts).
 * Kept in the limits table only as long as such a token could live.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { tableName } from '../lib/tables';

const keyOf = (username: string) => `signed-out#staff#${username}`;

/** Records that `username` was signed out everywhere at `atS` (epoch seconds), for `keepS`. */
export async function recordStaffSignOut(
  username: string,
  atS: number,
  keepS: number,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: { key: keyOf(username), signedOutAt: atS, expiresAt: atS + keepS },
    }),
  );
}

/** Epoch seconds of the account's last sign-out everywhere still on record; undefined if none. */
export async function staffSignedOutAt(username: string): Promise<number | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('limits'), Key: { key: keyOf(username) } }),
  );
  return typeof Item?.signedOutAt === 'number' ? Item.signedOutAt : undefined;
}
