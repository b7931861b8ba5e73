/**
 * Proof-of-work challenges already spent: each one buys one preview, so its nonce is recorded (a
 * conditional write) until the challenge would have expired anyway. Kept in the limits table.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { isConditionFailed } from '../lib/dynamo-errors';
import { tableName } from '../lib/tables';

/** Records `nonce` as used; false when it already was. */
export async function useChallengeOnce(nonce: string, expiresAtS: number): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('limits'),
        Item: { key: `challenge#${nonce}`, expiresAt: expiresAtS },
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

/** Forgets that `nonce` was used (its request failed on our side and may be sent again). */
export async function forgetChallengeUse(nonce: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName('limits'), Key: { key: `challenge#${nonce}` } }),
  );
}
