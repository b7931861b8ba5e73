import { randomBytes } from 'node:crypto';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createTables, LOCAL_AWS_ENV } from '../../local/dynamodb';
import { CUSTOMERS_BY_CHANGE_INDEX, CUSTOMERS_BY_CREATED_INDEX } from '@shared/definitions';

const endpoint = process.env.DYNAMODB_ENDPOINT!;
const client = new DynamoDBClient({
  endpoint,
  region: LOCAL_AWS_ENV.AWS_REGION,
  credentials: {
    accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
    secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
  },
});
afterAll(() => client.destroy());

describe('local tables kept from an older release', () => {
  it('get the indexes added since, with the data they already hold', async () => {
    // A customers table as the first release made it: the newest-first index only.
    const prefix = `u${randomBytes(4).toString('hex')}-`;
    const name = `${prefix}customers`;
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['phoneNumber', 'listPartition', 'createdSort'].map((a) => ({
          AttributeName: a,
          AttributeType: 'S',
        })),
        KeySchema: [{ AttributeName: 'phoneNumber', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [
          {
            IndexName: CUSTOMERS_BY_CREATED_INDEX,
            KeySchema: [
              { AttributeName: 'listPartition', KeyType: 'HASH' },
              { AttributeName: 'createdSort', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    await client.send(
      new PutItemCommand({
        TableName: name,
        Item: {
          phoneNumber: { S: '+61400000001' },
          listPartition: { S: 'CUSTOMER' },
          createdSort: { S: '2026-01-01T00:00:00.000Z#+61400000001' },
          changedSort: { S: '2026-01-02T00:00:00.000Z#+61400000001' },
        },
      }),
    );

    await createTables(endpoint, prefix, false);

    const table = await client.send(new DescribeTableCommand({ TableName: name }));
    expect(table.Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(
      [CUSTOMERS_BY_CHANGE_INDEX, CUSTOMERS_BY_CREATED_INDEX].sort(),
    );
    const byChange = await client.send(
      new QueryCommand({
        TableName: name,
        IndexName: CUSTOMERS_BY_CHANGE_INDEX,
        KeyConditionExpression: 'listPartition = :p',
        ExpressionAttributeValues: { ':p': { S: 'CUSTOMER' } },
      }),
    );
    expect(byChange.Items?.map((i) => i.phoneNumber?.S)).toEqual(['+61400000001']);
  });
});
