/**
 * The counter's prize references (lambdas/domain/prize-reference.ts): a random id naming the
 * customer whose prize a win popup's QR code shows, kept in the limits table for a few minutes
 * (TTL `expiresAt`; deletion is lazy, so readers check the expiry themselves).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { tableName } from '../lib/tables';

const keyOf = (id: string) => `prize-reference#${id}`;

/** What a stored reference names, and until when (epoch seconds). */
export interface StoredPrizeReference {
  phoneNumber: string;
  expiresAt: number;
}

/** Stores a new reference; fails if the id already exists (it never should: 128 random bits). */
export async function putPrizeReference(
  id: string,
  phoneNumber: string,
  expiresAtSeconds: number,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: { key: keyOf(id), phoneNumber, expiresAt: expiresAtSeconds },
      ConditionExpression: 'attribute_not_exists(#k)',
      ExpressionAttributeNames: { '#k': 'key' },
    }),
  );
}

/** The stored reference with this id, whatever its expiry; undefined when there is none. */
export async function getPrizeReference(id: string): Promise<StoredPrizeReference | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('limits'),
      Key: { key: keyOf(id) },
      ConsistentRead: true,
    }),
  );
  if (!Item || typeof Item.phoneNumber !== 'string' || typeof Item.expiresAt !== 'number')
    return undefined;
  return { phoneNumber: Item.phoneNumber, expiresAt: Item.expiresAt };
}
