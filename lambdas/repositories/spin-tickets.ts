/**
 * Spin tickets of the spin-first mode: a random id naming the slice the server drew, kept in the
 * limits table with a short expiry and taken (deleted) exactly once.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { isConditionFailed } from '../lib/dynamo-errors';
import { tableName } from '../lib/tables';

const keyOf = (ticket: string) => `spin-ticket#${ticket}`;

/**
 * Who may exchange a ticket: the client (address) that drew it, and the SHA-256 (hex) of the secret
 * its browser keeps beside it.
 */
export interface TicketHolder {
  client: string;
  holder: string;
}

/** Stores a new ticket; fails if the id already exists (it never should: 144 random bits). */
export async function putTicket(
  ticket: string,
  sliceId: string,
  expiresAtSeconds: number,
  holder: TicketHolder,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: {
        key: keyOf(ticket),
        sliceId,
        expiresAt: expiresAtSeconds,
        client: holder.client,
        holder: holder.holder,
      },
      ConditionExpression: 'attribute_not_exists(#k)',
      ExpressionAttributeNames: { '#k': 'key' },
    }),
  );
}

/** A ticket taken: the slice it names and when it expires (epoch seconds), to put it back. */
export interface TakenTicket {
  sliceId: string;
  expiresAt: number;
}

/**
 * Deletes a ticket and returns what it named, or undefined when it does not exist, has expired
 * (TTL deletion is lazy, so the expiry is checked here) or is held by someone else than `holder`
 * (then it stays, for its holder). Two concurrent takes: only one gets it. Without `holder` (an
 * address's earlier ticket, voided by its next preview) any ticket is taken.
 */
export async function takeTicket(
  ticket: string,
  nowSeconds: number,
  holder?: TicketHolder,
): Promise<TakenTicket | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: tableName('limits'),
        Key: { key: keyOf(ticket) },
        ConditionExpression: holder
          ? 'attribute_exists(#k) AND client = :client AND holder = :holder'
          : 'attribute_exists(#k)',
        ExpressionAttributeNames: { '#k': 'key' },
        ...(holder
          ? { ExpressionAttributeValues: { ':client': holder.client, ':holder': holder.holder } }
          : {}),
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (
      !Attributes ||
      typeof Attributes.expiresAt !== 'number' ||
      Attributes.expiresAt <= nowSeconds ||
      typeof Attributes.sliceId !== 'string'
    )
      return undefined;
    return { sliceId: Attributes.sliceId, expiresAt: Attributes.expiresAt };
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Records `ticket` as the open ticket of `client` (until `expiresAtSeconds`) and returns the one it
 * replaces, if any: an address (or, on a trusted connection, a browser there) holds one open
 * ticket at a time.
 */
export async function replaceOpenTicket(
  client: string,
  ticket: string,
  expiresAtSeconds: number,
): Promise<string | undefined> {
  const { Attributes } = await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: { key: `open-ticket#${client}`, ticket, expiresAt: expiresAtSeconds },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const previous: unknown = Attributes?.ticket;
  return typeof previous === 'string' && previous !== ticket ? previous : undefined;
}
