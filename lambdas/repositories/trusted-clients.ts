/**
 * The connections the admin trusts (the shop's own Wi-Fi): one item in the limits table, without
 * an expiry, holding each trusted client (an address as lib/viewer.ts keys it) and when it was
 * trusted. A few entries at most, so every check reads the whole item.
 */
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { isConditionFailed } from '../lib/dynamo-errors';
import { defineItem, getItem } from '../lib/items';
import { trustedClientsItemSchema, type TrustedClient } from '@shared/trusted-connection';
import type * as z from '@shared/zod';

const KEY = 'trusted-clients';

type Stored = z.infer<typeof trustedClientsItemSchema>;

const TrustedClientsItem = defineItem({
  name: 'trusted-clients',
  table: 'limits',
  record: trustedClientsItemSchema,
});

/** The stored list (none yet: empty, version 0); a bad item is an error naming it. */
async function read(): Promise<Stored> {
  const key = { key: KEY };
  return (
    (await getItem(TrustedClientsItem, key, { consistent: true })) ?? { clients: [], version: 0 }
  );
}

/** The trusted clients, oldest first. */
export async function listTrustedClients(): Promise<TrustedClient[]> {
  return (await read()).clients;
}

/** Whether `client` is trusted. */
export async function isTrustedClient(client: string): Promise<boolean> {
  return (await read()).clients.some((entry) => entry.client === client);
}

export type TrustChange = 'changed' | 'unchanged' | 'full' | 'conflict';

/**
 * Applies `change` to the list over the version read: 'full' when the result would hold more than
 * `max`, 'conflict' when another write came between (the caller may try again).
 */
async function update(
  change: (clients: TrustedClient[]) => TrustedClient[],
  max: number,
): Promise<TrustChange> {
  const stored = await read();
  const next = change(stored.clients);
  if (next.length === stored.clients.length && next.every((c, i) => c === stored.clients[i]))
    return 'unchanged';
  if (next.length > max) return 'full';
  try {
    await TrustedClientsItem.build(PutItemCommand)
      .item({ key: KEY, clients: next, version: stored.version + 1 })
      .options({
        condition: {
          or: [
            { attr: 'key', exists: false },
            { attr: 'version', eq: stored.version },
          ],
        },
      })
      .send();
    return 'changed';
  } catch (error) {
    if (isConditionFailed(error)) return 'conflict';
    throw error;
  }
}

/** Trusts `client` (kept as it is when already trusted), up to `max` clients. */
export function trustClient(client: string, trustedAt: string, max: number): Promise<TrustChange> {
  return update(
    (clients) =>
      clients.some((c) => c.client === client) ? clients : [...clients, { client, trustedAt }],
    max,
  );
}

/** Stops trusting `client`. */
export function untrustClient(client: string): Promise<TrustChange> {
  return update((clients) => clients.filter((c) => c.client !== client), Infinity);
}
