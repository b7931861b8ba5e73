/**
 * The API floor: a bare Node HTTP server that makes, for each benchmarked route, the same DynamoDB
 * calls the route makes, against the same DynamoDB Local and the same tables, and nothing else: no
 * JWT check, no Cognito lookup, no validation, no logging. What the real API costs beyond this is
 * what our code adds. Run as its own process with the stack's env (table names, endpoint):
 * tsx bench/floor-server.ts; prints its port on the first stdout line.
 *
 * - GET /api/wheel: GetItem settings "business" and "game", a consistent Scan of slices, and the
 *   visit count's UpdateItem on the stats table, at once.
 * - POST /api/spins: GetItem the customer, Scan the slices, TransactWriteItems (put the customer if
 *   absent + the slice's stock check or decrement). The number comes from the bearer token's
 *   payload, decoded, not verified, with a suffix so the floor's customers never collide with the
 *   API's.
 * - GET /api/users: one Query of the newest-first index, 50 items, and, when there is a next page,
 *   the PutItem that stores its cursor (lambdas/repositories/page-cursors.ts): a write on every
 *   first page once there are more than 50 customers, as the route does.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lambdas/lib/dynamo-client';
import { CURSOR_TTL_S } from '../lambdas/repositories/page-cursors';
import { takeOneOfStock } from '../lambdas/repositories/slices';
import { tableName } from '../lambdas/lib/tables';
import { CUSTOMERS_BY_CREATED_INDEX, CUSTOMERS_LIST_PARTITION } from '@shared/definitions';
import { USERS_PAGE_SIZE } from '@shared/constants';

const db = dynamo();

async function wheel(): Promise<unknown> {
  const [business, game, slices] = await Promise.all([
    db.send(new GetCommand({ TableName: tableName('settings'), Key: { id: 'business' } })),
    db.send(new GetCommand({ TableName: tableName('settings'), Key: { id: 'game' } })),
    db.send(new ScanCommand({ TableName: tableName('slices'), ConsistentRead: true })),
    db.send(
      new UpdateCommand({
        TableName: tableName('stats'),
        Key: { id: `day#floor#v${Math.floor(Math.random() * 4)}` },
        UpdateExpression: 'ADD visits :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    ),
  ]);
  return { business: business.Item, game: game.Item, slices: slices.Items };
}

function phoneOf(authorization: string | undefined): string {
  const payload = (authorization ?? '').split('.')[1] ?? '';
  const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8') || '{}') as {
    phone_number?: string;
  };
  return `${fields.phone_number ?? 'unknown'}#floor`;
}

async function spin(phoneNumber: string): Promise<unknown> {
  const customers = tableName('customers');
  const existing = await db.send(new GetCommand({ TableName: customers, Key: { phoneNumber } }));
  if (existing.Item) return existing.Item;
  const { Items = [] } = await db.send(
    new ScanCommand({ TableName: tableName('slices'), ConsistentRead: true }),
  );
  const slice = Items[Math.floor(Math.random() * Items.length)] as
    { id: string; name: string; stock?: number | null } | undefined;
  if (!slice) return {};
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: customers,
            Item: {
              phoneNumber,
              offer: slice.name,
              sliceId: slice.id,
              isOfferClaimed: false,
              createdAt: new Date().toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(phoneNumber)',
          },
        },
        takeOneOfStock({ id: slice.id, stock: slice.stock ?? null }),
      ],
    }),
  );
  return { sliceId: slice.id, offer: slice.name };
}

async function users(): Promise<unknown> {
  const { Items, LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: tableName('customers'),
      IndexName: CUSTOMERS_BY_CREATED_INDEX,
      KeyConditionExpression: 'listPartition = :p',
      ExpressionAttributeValues: { ':p': CUSTOMERS_LIST_PARTITION },
      ScanIndexForward: false,
      Limit: USERS_PAGE_SIZE,
    }),
  );
  let nextCursor: string | null = null;
  if (LastEvaluatedKey) {
    nextCursor = randomBytes(16).toString('base64url');
    await db.send(
      new PutCommand({
        TableName: tableName('limits'),
        Item: {
          key: `floor-cursor#${nextCursor}`,
          pageKey: LastEvaluatedKey,
          expiresAt: Math.floor(Date.now() / 1000) + CURSOR_TTL_S,
        },
        ConditionExpression: 'attribute_not_exists(#k)',
        ExpressionAttributeNames: { '#k': 'key' },
      }),
    );
  }
  return { data: { users: Items, nextCursor } };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

const server = createServer((req, res) => {
  // The body is read before answering, as the real API must read it.
  req.resume();
  req.on('end', () => {
    const route = `${req.method} ${(req.url ?? '/').split('?')[0]}`;
    const work =
      route === 'GET /api/wheel'
        ? wheel()
        : route === 'POST /api/spins'
          ? spin(phoneOf(req.headers.authorization))
          : route === 'GET /api/users'
            ? users()
            : undefined;
    if (!work) return send(res, 404, { message: 'Not Found' });
    work.then(
      (body) => send(res, 200, body),
      (error: unknown) => send(res, 500, { message: String(error) }),
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
