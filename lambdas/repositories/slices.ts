/**
 * Prize slices. At most MAX_SLICES exist: a counter item in the settings table is raised and the
 * slice put in one transaction, so concurrent adds can never pass the limit.
 */
import { randomUUID } from 'node:crypto';
import {
  GetCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { MAX_SLICES } from '@shared/constants';
import { SLICE_COUNT_ID } from '@shared/definitions';
import {
  sliceSchema,
  type Slice,
  type SliceChanges,
  type SliceInput,
  type SliceVersion,
} from '@shared/slice';
import { dynamo } from '../lib/dynamo-client';
import { cancellationCodes, isConditionFailed } from '../lib/dynamo-errors';
import { readItem } from '../lib/stored-items';
import { tableName } from '../lib/tables';

/** A stored slice through its schema: a bad item is an error naming it, never a default. */
const toSlice = (item: Record<string, unknown>): Slice =>
  readItem(sliceSchema, item, 'slices', { id: item.id });

/** All slices, newest first (the admin list adds at the top). */
export async function listSlices(): Promise<Slice[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName('slices'),
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items
    .map(toSlice)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

export async function getSlice(id: string): Promise<Slice | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('slices'), Key: { id }, ConsistentRead: true }),
  );
  return Item ? toSlice(Item) : undefined;
}

export type CreateSliceResult =
  | { status: 'created'; slice: Slice }
  | { status: 'max-slices' }
  | { status: 'id-taken' }
  | { status: 'conflict' };

/** Adds a slice unless MAX_SLICES already exist. */
export async function createSlice(
  input: SliceInput,
  now: string,
  id: string = randomUUID(),
): Promise<CreateSliceResult> {
  const slice: Slice = { id, ...input, createdAt: now, updatedAt: now };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('settings'),
              Key: { id: SLICE_COUNT_ID },
              UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one',
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_SLICES },
            },
          },
          {
            Put: {
              TableName: tableName('slices'),
              Item: slice,
              ConditionExpression: 'attribute_not_exists(id)',
            },
          },
        ],
      }),
    );
    return { status: 'created', slice };
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') return { status: 'max-slices' };
    if (codes?.[1] === 'ConditionalCheckFailed') return { status: 'id-taken' };
    if (codes) return { status: 'conflict' };
    throw error;
  }
}

export type UpdateSliceResult =
  | { status: 'updated'; slice: Slice }
  | { status: 'not-found' }
  /** It exists, but not as `expected`: edited or won since. */
  | { status: 'changed' };

/**
 * Changes the fields `changes` names, and only those (a field it does not name keeps its stored
 * value, whatever fields slices gain), if the slice exists and is still the version `expected`.
 */
export async function updateSlice(
  id: string,
  changes: SliceChanges,
  expected: SliceVersion,
  now: string,
): Promise<UpdateSliceResult> {
  // Every name through a placeholder: NAME and COMMENT are DynamoDB reserved words.
  const set = Object.entries({ ...changes, updatedAt: now }).filter(([, v]) => v !== undefined);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('slices'),
        Key: { id },
        UpdateExpression: `SET ${set.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        // Only the version the admin loaded: same updatedAt (no other edit), same stock (no win).
        ConditionExpression:
          expected.stock === null
            ? '#at = :expectedAt AND (attribute_not_exists(#stock) OR #stock = :null)'
            : '#at = :expectedAt AND #stock = :expectedStock',
        ExpressionAttributeNames: {
          '#at': 'updatedAt',
          '#stock': 'stock',
          ...Object.fromEntries(set.map(([name], i) => [`#f${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':expectedAt': expected.updatedAt,
          ...(expected.stock === null ? { ':null': null } : { ':expectedStock': expected.stock }),
          ...Object.fromEntries(set.map(([, value], i) => [`:f${i}`, value])),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { status: 'updated', slice: toSlice(Attributes ?? {}) };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (await getSlice(id)) ? { status: 'changed' } : { status: 'not-found' };
  }
}

/**
 * A win's part of its transaction (the customers repository's putCustomerOnce): the slice must
 * still exist, and when it has stock, one is taken while any is left; a slice with unlimited stock
 * is only checked, so its item does not change.
 */
export function takeOneOfStock(slice: { id: string; stock: number | null }) {
  return slice.stock === null
    ? {
        ConditionCheck: {
          TableName: tableName('slices'),
          Key: { id: slice.id },
          ConditionExpression:
            'attribute_exists(id) AND (attribute_not_exists(stock) OR stock = :null)',
          ExpressionAttributeValues: { ':null': null },
        },
      }
    : {
        Update: {
          TableName: tableName('slices'),
          Key: { id: slice.id },
          UpdateExpression: 'SET stock = stock - :one',
          ConditionExpression: 'attribute_exists(id) AND stock > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      };
}

export type DeleteSliceResult = 'deleted' | 'not-found' | 'conflict';

/** Deletes a slice and lowers the count in one transaction, if it exists. */
export async function deleteSlice(id: string): Promise<DeleteSliceResult> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName('slices'),
              Key: { id },
              ConditionExpression: 'attribute_exists(id)',
            },
          },
          {
            Update: {
              TableName: tableName('settings'),
              Key: { id: SLICE_COUNT_ID },
              UpdateExpression: 'SET #count = #count - :one',
              ConditionExpression: '#count > :zero',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
            },
          },
        ],
      }),
    );
    return 'deleted';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') return 'not-found';
    if (codes) return 'conflict';
    throw error;
  }
}
