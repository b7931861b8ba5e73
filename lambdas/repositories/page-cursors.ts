/**
 * Cursors of paged lists, kept on the server: the browser holds a random token that means nothing
 * by itself (no phone number in a URL, nothing to forge), and the page key it stands for waits in
 * the limits table until its TTL.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { tableName } from '../lib/tables';

/** 16 random bytes: 22 base64url characters. */
const TOKEN_BYTES = 16;
/** A cursor lasts a shift at the counter: the dashboard can stay open and still load more. */
export const CURSOR_TTL_S = 12 * 60 * 60;

const itemKey = (token: string) => `cursor#${token}`;

/** Stores a page key; returns the token that stands for it. */
export async function savePageKey(pageKey: Record<string, unknown>, nowS: number): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: { key: itemKey(token), pageKey, expiresAt: nowS + CURSOR_TTL_S },
      ConditionExpression: 'attribute_not_exists(#k)',
      ExpressionAttributeNames: { '#k': 'key' },
    }),
  );
  return token;
}

/** The page key a token stands for; undefined when unknown or expired. */
export async function loadPageKey(
  token: string,
  nowS: number,
): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('limits'), Key: { key: itemKey(token) } }),
  );
  if (!Item || typeof Item.expiresAt !== 'number' || Item.expiresAt <= nowS) return undefined;
  const pageKey: unknown = Item.pageKey;
  return pageKey && typeof pageKey === 'object' ? (pageKey as Record<string, unknown>) : undefined;
}
