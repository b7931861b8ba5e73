/**
 * Wrong staff passwords in a row, per username, as Cognito counts them for its lockout (failures
 * since the last right password or since 15 minutes with no attempt; shared/definitions.ts
 * COGNITO_PASSWORD_LOCKOUT): one item in the limits table per username, `failures` and the time of
 * the last attempt that reached Cognito. A refused attempt never reaches Cognito, so it is not an
 * attempt here either.
 */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import * as z from '@shared/zod';
import { isConditionFailed } from '../lib/dynamo-errors';
import { defineItem, type Condition } from '../lib/items';

const keyOf = (username: string) => `staff-failures#${username}`;

/** A username's row as stored: failures in a row, the last attempt (ms) and the item's expiry (s). */
const FailuresItem = defineItem({
  name: 'staff-failures',
  table: 'limits',
  record: z.object({ failures: z.number(), lastAt: z.number(), expiresAt: z.number() }),
});

export interface FailureStreak {
  /** The failures in a row may not reach this (none: no limit, a trusted connection's attempt). */
  limit?: number;
  /** Quiet time after which Cognito has started from zero. */
  quietMs: number;
}

export type ReserveFailure = { ok: true } | { ok: false; quietAtMs: number };

/**
 * Counts one more failure in a row for `username` before its attempt reaches Cognito (given back
 * by clearFailures when the password was right), unless the row is already at the limit: then the
 * attempt must not be made, and `quietAtMs` says when Cognito will have started from zero.
 */
export async function reserveFailure(
  username: string,
  nowMs: number,
  streak: FailureStreak,
): Promise<ReserveFailure> {
  const cutoff = nowMs - streak.quietMs;
  const expiresAt = Math.ceil((nowMs + streak.quietMs) / 1000) + 60;
  const key = keyOf(username);
  const inRow: Condition[] = [
    { attr: 'key', exists: true },
    { attr: 'lastAt', gt: cutoff },
    ...(streak.limit === undefined ? [] : [{ attr: 'failures', lt: streak.limit }]),
  ];
  try {
    // Within the row: one more, if below the limit.
    await FailuresItem.build(UpdateItemCommand)
      .item({ key, failures: $add(1), lastAt: nowMs, expiresAt })
      .options({ condition: { and: inRow } })
      .send();
    return { ok: true };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  try {
    // No row, or a quiet one that Cognito has forgotten: the first of a new row.
    await FailuresItem.build(UpdateItemCommand)
      .item({ key, failures: 1, lastAt: nowMs, expiresAt })
      .options({
        condition: {
          or: [
            { attr: 'key', exists: false },
            { attr: 'lastAt', lte: cutoff },
          ],
        },
        returnValuesOnConditionFalse: 'ALL_OLD',
      })
      .send();
    return { ok: true };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // The SDK hands the item back as DynamoDB writes it ({N: '...'}), not as the document client reads.
    const lastAt = Number(
      (error as { Item?: { lastAt?: { N?: string } } }).Item?.lastAt?.N ?? nowMs,
    );
    return { ok: false, quietAtMs: lastAt + streak.quietMs };
  }
}

/** A right password: Cognito starts from zero, and so does the row. */
export async function clearFailures(username: string): Promise<void> {
  await FailuresItem.build(DeleteItemCommand)
    .key({ key: keyOf(username) })
    .send();
}
