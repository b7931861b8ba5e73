/**
 * Cursors of paged lists, kept on the server: the browser holds a random token that means nothing
 * by itself (no phone number in a URL, nothing to forge), and the page key it stands for waits in
 * the limits table until its TTL.
 */
import { randomBytes } from 'node:crypto';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import * as z from '@shared/zod';
import { defineItem, getItem } from '../lib/items';

/** 16 random bytes: 22 base64url characters. */
const TOKEN_BYTES = 16;
/** A cursor lasts a shift at the counter: the dashboard can stay open and still load more. */
export const CURSOR_TTL_S = 12 * 60 * 60;

const itemKey = (token: string) => `cursor#${token}`;

/** A cursor as stored: the page key it stands for (a table's key, as DynamoDB gave it), expiry. */
const cursorSchema = z.object({
  pageKey: z.record(z.string(), z.union([z.string(), z.number()])),
  expiresAt: z.number(),
});
const CursorItem = defineItem({ name: 'page-cursor', table: 'limits', record: cursorSchema });

/** Stores a page key; returns the token that stands for it. */
export async function savePageKey(pageKey: Record<string, unknown>, nowS: number): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await CursorItem.build(PutItemCommand)
    .item({ key: itemKey(token), pageKey, expiresAt: nowS + CURSOR_TTL_S })
    .options({ condition: { attr: 'key', exists: false } })
    .send();
  return token;
}

/** The page key a token stands for; undefined when unknown or expired. */
export async function loadPageKey(
  token: string,
  nowS: number,
): Promise<Record<string, unknown> | undefined> {
  const key = { key: itemKey(token) };
  const cursor = await getItem(CursorItem, key);
  return !cursor || cursor.expiresAt <= nowS ? undefined : cursor.pageKey;
}
