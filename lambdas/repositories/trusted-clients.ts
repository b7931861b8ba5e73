/**
 * The connections the admin trusts (the shop's own Wi-Fi): one item in the limits table, without
 * an expiry, holding each trusted client (an address as lib/viewer.ts keys it) and when it was
 * trusted. A few entries at most, so every check reads the whole item.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { isConditionFailed } from '../lib/dynamo-errors';
import { tableName } from '../lib/tables';

const KEY = 'trusted-clients';

export interface TrustedClient {
  client: string;
  /** ISO time it was trusted. */
  trustedAt: string;
}

interface Stored {
  clients: TrustedClient[];
  /** Raised on every change; a write is made only over the version it read. */
  version: number;
}

async function read(): Promise<Stored> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('limits'), Key: { key: KEY }, ConsistentRead: true }),
  );
  const clients = Array.isArray(Item?.clients)
    ? (Item.clients as unknown[]).filter(
        (entry): entry is TrustedClient =>
          typeof (entry as TrustedClient | undefined)?.client === 'string' &&
          typeof (entry as TrustedClient).trustedAt === 'string',
      )
    : [];
  return { clients, version: typeof Item?.version === 'number' ? Item.version : 0 };
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
    await dynamo().send(
      new PutCommand({
        TableName: tableName('limits'),
        Item: { key: KEY, clients: next, version: stored.version + 1 },
        ConditionExpression: 'attribute_not_exists(#k) OR version = :v',
        ExpressionAttributeNames: { '#k': 'key' },
        ExpressionAttributeValues: { ':v': stored.version },
      }),
    );
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
