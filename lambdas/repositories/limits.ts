/**
 * Counters with an expiry (TTL attribute `expiresAt`, epoch seconds) for rate limits such as the
 * SMS cost guard. A set of counters is raised all together or not at all.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { retryingConflicts } from '../lib/conflict-retry';
import { dynamo } from '../lib/dynamo-client';
import { cancellationCodes, isConditionFailed } from '../lib/dynamo-errors';
import { tableName } from '../lib/tables';

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
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: specs.map((spec) => ({
              Update: {
                TableName: tableName('limits'),
                Key: { key: spec.key },
                UpdateExpression: 'SET #c = if_not_exists(#c, :zero) + :one, expiresAt = :exp',
                ConditionExpression: 'attribute_not_exists(#c) OR #c < :limit',
                ExpressionAttributeNames: { '#c': 'count' },
                ExpressionAttributeValues: {
                  ':zero': 0,
                  ':one': 1,
                  ':limit': spec.limit,
                  ':exp': spec.expiresAt,
                },
              },
            })),
          }),
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
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('limits'), Key: { key }, ConsistentRead: true }),
  );
  if (!Item || (typeof Item.expiresAt === 'number' && Item.expiresAt <= nowSeconds)) return 0;
  return typeof Item.count === 'number' ? Item.count : 0;
}

/**
 * Gives back one unit of each counter that reserveCounters raised, for work that then failed (an
 * SMS the provider refused). A counter back at zero is deleted, so a failed attempt leaves no trace.
 * Best effort: the counters still expire with their window.
 */
export async function releaseCounters(specs: readonly CounterSpec[]): Promise<void> {
  for (const spec of specs) {
    try {
      const { Attributes } = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('limits'),
          Key: { key: spec.key },
          UpdateExpression: 'SET #c = #c - :one',
          ConditionExpression: '#c > :zero',
          ExpressionAttributeNames: { '#c': 'count' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      if (Attributes?.count !== 0) continue;
      await dynamo().send(
        new DeleteCommand({
          TableName: tableName('limits'),
          Key: { key: spec.key },
          ConditionExpression: '#c = :zero',
          ExpressionAttributeNames: { '#c': 'count' },
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      );
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
    await dynamo().send(
      new PutCommand({
        TableName: tableName('limits'),
        Item: { key, expiresAt },
        ConditionExpression: 'attribute_not_exists(#k)',
        ExpressionAttributeNames: { '#k': 'key' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
