/**
 * Wrong staff passwords in a row, per username, as Cognito counts them for its lockout (failures
 * since the last right password or since 15 minutes with no attempt; shared/definitions.ts
 * COGNITO_PASSWORD_LOCKOUT): one item in the limits table per username, `failures` and the time of
 * the last attempt that reached Cognito. A refused attempt never reaches Cognito, so it is not an
 * attempt here either.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { isConditionFailed } from '../lib/dynamo-errors';
import { tableName } from '../lib/tables';

const keyOf = (username: string) => `staff-failures#${username}`;

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
  const base = {
    TableName: tableName('limits'),
    Key: { key: keyOf(username) },
    ExpressionAttributeNames: { '#k': 'key' },
  };
  try {
    // Within the row: one more, if below the limit.
    await dynamo().send(
      new UpdateCommand({
        ...base,
        UpdateExpression: 'SET failures = failures + :one, lastAt = :now, expiresAt = :exp',
        ConditionExpression:
          streak.limit === undefined
            ? 'attribute_exists(#k) AND lastAt > :cutoff'
            : 'attribute_exists(#k) AND lastAt > :cutoff AND failures < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': nowMs,
          ':exp': expiresAt,
          ':cutoff': cutoff,
          ...(streak.limit === undefined ? {} : { ':limit': streak.limit }),
        },
      }),
    );
    return { ok: true };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  try {
    // No row, or a quiet one that Cognito has forgotten: the first of a new row.
    await dynamo().send(
      new UpdateCommand({
        ...base,
        UpdateExpression: 'SET failures = :one, lastAt = :now, expiresAt = :exp',
        ConditionExpression: 'attribute_not_exists(#k) OR lastAt <= :cutoff',
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': nowMs,
          ':exp': expiresAt,
          ':cutoff': cutoff,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
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
  await dynamo().send(
    new DeleteCommand({ TableName: tableName('limits'), Key: { key: keyOf(username) } }),
  );
}
