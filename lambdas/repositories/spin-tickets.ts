/**
 * Spin tickets of the spin-first mode: a random id naming the slice the server drew, kept in the
 * limits table with a short expiry and taken (deleted) exactly once.
 */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import * as z from '@shared/zod';
import { isConditionFailed } from '../lib/dynamo-errors';
import { defineItem, reading, type Condition } from '../lib/items';
import { readItem } from '../lib/stored-items';

const keyOf = (ticket: string) => `spin-ticket#${ticket}`;

/** A ticket as stored: the slice drawn, its expiry (s), and who may exchange it. */
const ticketSchema = z.object({
  sliceId: z.string().min(1),
  expiresAt: z.number(),
  client: z.string().min(1),
  holder: z.string().min(1),
});
const TicketItem = defineItem({ name: 'spin-ticket', table: 'limits', record: ticketSchema });

/** The one open ticket of a client (an address, or a browser on a trusted connection). */
const openTicketSchema = z.object({ ticket: z.string().min(1), expiresAt: z.number() });
const OpenTicketItem = defineItem({
  name: 'open-ticket',
  table: 'limits',
  record: openTicketSchema,
});

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
  await TicketItem.build(PutItemCommand)
    .item({
      key: keyOf(ticket),
      sliceId,
      expiresAt: expiresAtSeconds,
      client: holder.client,
      holder: holder.holder,
    })
    .options({ condition: { attr: 'key', exists: false } })
    .send();
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
    const key = { key: keyOf(ticket) };
    const held: Condition[] = holder
      ? [
          { attr: 'client', eq: holder.client },
          { attr: 'holder', eq: holder.holder },
        ]
      : [];
    const { Attributes } = await reading('limits', () =>
      TicketItem.build(DeleteItemCommand)
        .key(key)
        .options({
          condition: { and: [{ attr: 'key', exists: true }, ...held] },
          returnValues: 'ALL_OLD',
        })
        .send(),
    );
    if (!Attributes) return undefined;
    const taken = readItem(ticketSchema, Attributes, 'limits', key);
    if (taken.expiresAt <= nowSeconds) return undefined;
    return { sliceId: taken.sliceId, expiresAt: taken.expiresAt };
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
  const key = { key: `open-ticket#${client}` };
  const { Attributes } = await reading('limits', () =>
    OpenTicketItem.build(PutItemCommand)
      .item({ ...key, ticket, expiresAt: expiresAtSeconds })
      .options({ returnValues: 'ALL_OLD' })
      .send(),
  );
  if (!Attributes) return undefined;
  const previous = readItem(openTicketSchema, Attributes, 'limits', key).ticket;
  return previous !== ticket ? previous : undefined;
}
