/**
 * Counters with an expiry (TTL attribute `expiresAt`, epoch seconds) for rate limits such as the
 * SMS cost guard. A set of counters is raised all together or not at all.
 */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import * as z from '@shared/zod';
import { retryingConflicts } from '../lib/conflict-retry';
import { cancellationCodes, isConditionFailed } from '../lib/dynamo-errors';
import { defineItem, getItem } from '../lib/items';

/** A counter as stored: how many so far, and when DynamoDB may delete it (epoch seconds). */
const counterSchema = z.object({ count: z.number().int().min(0), expiresAt: z.number() });
const CounterItem = defineItem({ name: 'counter', table: 'limits', record: counterSchema });

/** A marker: only its key and its expiry. */
const MarkerItem = defineItem({
  name: 'marker',
  table: 'limits',
  record: z.object({ expiresAt: z.number() }),
});

export interface CounterSpec {
  key: string;
  /** The counter may be raised while below this. */
  limit: number;
  /** Epoch seconds after which DynamoDB may delete the counter. */
  expiresAt: number;
}

export type ReserveResult = { ok: true } | { ok: false; failedIndex: number };

/** Attempts on TransactionConflict (two reservations touching one counter at the same instant). */
const CONFLICT_ATTEMPTS = 5;
const CONFLICT_BACKOFF_MS = 20;

/**
 * Raises every counter by one if all are below their limits. Returns the index of the first
 * counter at its limit otherwise.
 */
export function reserveCounters(specs: readonly CounterSpec[]): Promise<ReserveResult> {
  return retryingConflicts<ReserveResult>(
    async () => {
      try {
        await execute(
          ...specs.map((spec) =>
            CounterItem.build(UpdateTransaction)
              .item({ key: spec.key, count: $add(1), expiresAt: spec.expiresAt })
              .options({
                condition: {
                  or: [
                    { attr: 'count', exists: false },
                    { attr: 'count', lt: spec.limit },
                  ],
                },
              }),
          ),
        );
        return { result: { ok: true } };
      } catch (error) {
        const codes = cancellationCodes(error);
        if (!codes) throw error;
        const failedIndex = codes.indexOf('ConditionalCheckFailed');
        if (failedIndex >= 0) return { result: { ok: false, failedIndex } };
        return { retry: 'after-pause', error };
      }
    },
    // Conflicts that persist: the last one's error, as DynamoDB gave it.
    { attempts: CONFLICT_ATTEMPTS, backoffMs: CONFLICT_BACKOFF_MS, exhausted: (error) => error },
  );
}

/** A counter's current value (0 when absent or expired). */
export async function readCounter(key: string, nowSeconds: number): Promise<number> {
  const counter = await getItem(CounterItem, { key }, { consistent: true });
  return !counter || counter.expiresAt <= nowSeconds ? 0 : counter.count;
}

/**
 * Gives back one unit of each counter that reserveCounters raised, for work that then failed (an
 * SMS the provider refused). A counter back at zero is deleted, so a failed attempt leaves no trace.
 * Best effort: the counters still expire with their window.
 */
export async function releaseCounters(specs: readonly CounterSpec[]): Promise<void> {
  for (const spec of specs) {
    try {
      const { Attributes } = await CounterItem.build(UpdateItemCommand)
        .item({ key: spec.key, count: $add(-1) })
        .options({ condition: { attr: 'count', gt: 0 }, returnValues: 'UPDATED_NEW' })
        .send();
      if ((Attributes as { count?: unknown } | undefined)?.count !== 0) continue;
      await CounterItem.build(DeleteItemCommand)
        .key({ key: spec.key })
        .options({ condition: { attr: 'count', eq: 0 } })
        .send();
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
}

/**
 * Writes a marker under `key` (kept until `expiresAt`, epoch seconds) unless one is there: true
 * the first time, false when it was already marked.
 */
export async function markOnce(key: string, expiresAt: number): Promise<boolean> {
  try {
    await MarkerItem.build(PutItemCommand)
      .item({ key, expiresAt })
      .options({ condition: { attr: 'key', exists: false } })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Removes the marker under `key` (what it marked may happen again). */
export async function forgetMark(key: string): Promise<void> {
  await MarkerItem.build(DeleteItemCommand).key({ key }).send();
}
