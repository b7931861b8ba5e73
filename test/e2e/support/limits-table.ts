/**
 * The stack's limits table in DynamoDB Local, for the few browser tests that must set the clock
 * of a stored item (a reference that has expired, a business day begun afresh) rather than wait.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { LOCAL_AWS_ENV } from '../../../local/dynamodb';

type Item = Record<string, unknown> & { key: string };

async function withLimitsTable<T>(
  use: (client: DynamoDBDocumentClient, TableName: string) => Promise<T>,
): Promise<T> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('dynamoEndpoint'),
      region: LOCAL_AWS_ENV.AWS_REGION,
      credentials: {
        accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
        secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
      },
    }),
  );
  try {
    return await use(client, inject('limitsTable'));
  } finally {
    client.destroy();
  }
}

/** The items whose key starts with `prefix` and whose other attributes equal `matching`. */
async function itemsOf(
  client: DynamoDBDocumentClient,
  TableName: string,
  prefix: string,
  matching: Record<string, unknown>,
): Promise<Item[]> {
  const names = Object.keys(matching);
  const { Items = [] } = await client.send(
    new ScanCommand({
      TableName,
      FilterExpression: [
        'begins_with(#k, :prefix)',
        ...names.map((_, i) => `#a${i} = :a${i}`),
      ].join(' AND '),
      ExpressionAttributeNames: {
        '#k': 'key',
        ...Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':prefix': prefix,
        ...Object.fromEntries(names.map((name, i) => [`:a${i}`, matching[name]])),
      },
    }),
  );
  return Items as Item[];
}

/** Makes the items under `prefix` (with `matching` attributes) expired, as time would; their count. */
export const expireLimits = (prefix: string, matching: Record<string, unknown> = {}) =>
  withLimitsTable(async (client, TableName) => {
    const items = await itemsOf(client, TableName, prefix, matching);
    for (const { key } of items)
      await client.send(
        new UpdateCommand({
          TableName,
          Key: { key },
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
        }),
      );
    return items.length;
  });

/** Deletes the items under `prefix`, as a new business day would leave them; their count. */
export const forgetLimits = (prefix: string) =>
  withLimitsTable(async (client, TableName) => {
    const items = await itemsOf(client, TableName, prefix, {});
    for (const { key } of items) await client.send(new DeleteCommand({ TableName, Key: { key } }));
    return items.length;
  });
