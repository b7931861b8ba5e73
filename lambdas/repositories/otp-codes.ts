/**
 * The last code sent to each number, as a salted hash (never the code), kept in the limits table
 * for a short while. It lets a retried or repeated CreateAuthChallenge reuse the code already on
 * its way by SMS instead of sending a second one (Cognito retries a slow trigger up to 3 times).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { isConditionFailed } from '../lib/dynamo-errors';
import { tableName } from '../lib/tables';

const keyOf = (phoneNumber: string) => `otp#${phoneNumber}`;

/** What is stored instead of a code: a random salt and sha256(salt:code), both hex. */
export interface CodeDigest {
  salt: string;
  hash: string;
}

export interface ReuseRule {
  /** Epoch ms now. */
  nowMs: number;
  /** A code sent at or before nowMs - windowMs is no longer reused. */
  windowMs: number;
}

/**
 * The number's recent code, if it was sent within the window; undefined otherwise. A read (strongly
 * consistent), never a write: a number with a recent code and a number never seen cost Create the
 * same calls with the same outcome kinds, so the time of Cognito's answer tells them apart no
 * better than a coin (docs/cognito.md).
 */
export async function recentCode(
  phoneNumber: string,
  rule: ReuseRule,
): Promise<CodeDigest | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('limits'),
      Key: { key: keyOf(phoneNumber) },
      ConsistentRead: true,
    }),
  );
  const salt = Item?.salt;
  const hash = Item?.hash;
  const sentAt = Item?.sentAt;
  return typeof salt === 'string' &&
    typeof hash === 'string' &&
    typeof sentAt === 'number' &&
    sentAt > rule.nowMs - rule.windowMs
    ? { salt, hash }
    : undefined;
}

/** Records a code just issued (`keyed` sign-in keys armed for it), replacing any earlier one. */
export async function saveSentCode(
  phoneNumber: string,
  digest: CodeDigest,
  sentAtMs: number,
  expiresAtSeconds: number,
  keyed = 0,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: {
        key: keyOf(phoneNumber),
        ...digest,
        sentAt: sentAtMs,
        keyed,
        expiresAt: expiresAtSeconds,
      },
    }),
  );
}

/**
 * Counts one more sign-in key armed for the number's code `hash`, if fewer than `max` are: false
 * when the code has its keys already (or is gone).
 */
export async function countCodeKey(
  phoneNumber: string,
  hash: string,
  max: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('limits'),
        Key: { key: keyOf(phoneNumber) },
        UpdateExpression: 'ADD keyed :one',
        ConditionExpression: '#h = :h AND (attribute_not_exists(keyed) OR keyed < :max)',
        ExpressionAttributeNames: { '#h': 'hash' },
        ExpressionAttributeValues: { ':one': 1, ':h': hash, ':max': max },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Forgets the number's stored code if it is still this one (after it was used or failed to send). */
export async function forgetCode(phoneNumber: string, hash: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName('limits'),
        Key: { key: keyOf(phoneNumber) },
        ConditionExpression: '#h = :h',
        ExpressionAttributeNames: { '#h': 'hash' },
        ExpressionAttributeValues: { ':h': hash },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
