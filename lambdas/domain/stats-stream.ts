/**
 * The insights' figures from the customers table's change stream: a customer put is a win (a
 * spin, a win of its prize, a ticket spin when a spin-first ticket was exchanged, a win of its
 * source, one more prize owed); an update that marks it redeemed is a redemption (its source's
 * too, how long the prize waited, one fewer owed); a customer deleted unredeemed (an erasure)
 * is one fewer owed. Nothing else on the table counts. The spin and redeem transactions write no
 * counter: a new figure is a new reading of these records, and touches neither.
 *
 * Each record is applied once by its event id (repositories/stats.ts applyStreamChange), so a
 * batch the stream delivers again, whole or in part, counts nothing twice.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { parseSourceTag } from '@shared/source-tag';
import { retryingConflicts } from '../lib/conflict-retry';
import { applyStreamChange, type StreamChange } from '../repositories/stats';

/** The stream image of a customer item, as far as the figures read it. */
interface CustomerImage {
  listPartition?: unknown;
  sliceId?: unknown;
  offer?: unknown;
  createdAt?: unknown;
  expiresAt?: unknown;
  isOfferClaimed?: unknown;
  redeemedAt?: unknown;
  ticketSpin?: unknown;
  source?: unknown;
}

const imageOf = (image: Record<string, unknown> | undefined): CustomerImage | undefined =>
  image ? (unmarshall(image as Record<string, AttributeValue>) as CustomerImage) : undefined;

/** A customer record (an erased number's marker is in no list and counts for nothing). */
const isCustomer = (image: CustomerImage | undefined): image is CustomerImage =>
  image !== undefined && typeof image.listPartition === 'string';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** What one stream record changes in the figures; undefined when it changes nothing. */
function changeOf(record: DynamoDBRecord): StreamChange | undefined {
  const before = imageOf(record.dynamodb?.OldImage);
  const after = imageOf(record.dynamodb?.NewImage);
  const expiresAt = (image: CustomerImage) => text(image.expiresAt);
  if (record.eventName === 'INSERT' && isCustomer(after)) {
    const createdAt = text(after.createdAt);
    const sliceId = text(after.sliceId);
    if (!createdAt || !sliceId) return undefined;
    const source = parseSourceTag(after.source);
    return {
      at: new Date(createdAt),
      stats: {
        add: { spins: 1, ...(after.ticketSpin === true ? { ticketSpins: 1 } : {}) },
        win: { sliceId, name: text(after.offer) ?? '' },
        ...(source ? { source: { tag: source, step: 'wins' as const } } : {}),
      },
      ...(after.isOfferClaimed === true ? {} : { owed: { delta: 1, expiresAt: expiresAt(after) } }),
    };
  }
  if (record.eventName === 'MODIFY' && isCustomer(before) && isCustomer(after)) {
    if (before.isOfferClaimed === true || after.isOfferClaimed !== true) return undefined;
    const redeemedAt = text(after.redeemedAt);
    const createdAt = text(after.createdAt);
    if (!redeemedAt) return undefined;
    const source = parseSourceTag(after.source);
    const waited = createdAt ? (Date.parse(redeemedAt) - Date.parse(createdAt)) / 1000 : undefined;
    return {
      at: new Date(redeemedAt),
      stats: {
        add: { redeemed: 1 },
        ...(source ? { source: { tag: source, step: 'redeemed' as const } } : {}),
        ...(waited !== undefined && waited >= 0 ? { redeemSeconds: waited } : {}),
      },
      owed: { delta: -1, expiresAt: expiresAt(before) },
      ...(createdAt
        ? { onWinDay: { at: new Date(createdAt), stats: { add: { redeemedOfWins: 1 } } } }
        : {}),
    };
  }
  if (record.eventName === 'REMOVE' && isCustomer(before) && before.isOfferClaimed !== true) {
    const createdAt = text(before.createdAt);
    return createdAt
      ? { at: new Date(createdAt), owed: { delta: -1, expiresAt: expiresAt(before) } }
      : undefined;
  }
  return undefined;
}

/** Attempts of one record whose transaction met another on the same counters. */
const APPLY_ATTEMPTS = 5;
const APPLY_BACKOFF_MS = 25;

/**
 * Applies the records in order; throws when one cannot be applied (the stream then delivers the
 * batch again, and what was applied is skipped). Returns how many changed the figures.
 */
export async function applyRecords(
  records: readonly DynamoDBRecord[],
  now: () => number = Date.now,
): Promise<{ applied: number; repeated: number }> {
  let applied = 0;
  let repeated = 0;
  for (const record of records) {
    const change = changeOf(record);
    const eventId = record.eventID;
    if (!change || !eventId) continue;
    const outcome = await retryingConflicts(
      async () => {
        const result = await applyStreamChange(eventId, change, Math.floor(now() / 1000));
        return result === 'conflict' ? { retry: 'after-pause' as const } : { result };
      },
      {
        attempts: APPLY_ATTEMPTS,
        backoffMs: APPLY_BACKOFF_MS,
        exhausted: () => new Error('stats stream: transaction conflicts persisted'),
      },
    );
    if (outcome === 'applied') applied += 1;
    else repeated += 1;
  }
  return { applied, repeated };
}
