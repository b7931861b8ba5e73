/**
 * Prize slices. At most MAX_SLICES exist: a counter item in the settings table is raised and the
 * slice put in one transaction, so concurrent adds can never pass the limit.
 */
import { randomUUID } from 'node:crypto';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { MAX_SLICES } from '@shared/constants';
import { SLICE_COUNT_ID } from '@shared/definitions';
import {
  sliceSchema,
  type Slice,
  type SliceChanges,
  type SliceInput,
  type SliceVersion,
} from '@shared/slice';
import * as z from '@shared/zod';
import { cancellationCodes, isConditionFailed } from '../lib/dynamo-errors';
import { defineItem, getItem, reading, setFields, type Condition } from '../lib/items';
import { readItem } from '../lib/stored-items';

/** A prize slice, its fields from its schema (shared/slice.ts). */
const SliceItem = defineItem({ name: 'slice', table: 'slices', record: sliceSchema });

/** How many slices exist: one item in the settings table, raised and lowered with each slice. */
const SliceCountItem = defineItem({
  name: 'slice-count',
  table: 'settings',
  record: z.object({ count: z.number() }),
});

/** A stored slice through its schema: a bad item is an error naming it, never a default. */
const toSlice = (item: Record<string, unknown>): Slice =>
  readItem(sliceSchema, item, 'slices', { id: item.id });

/** All slices, newest first (the admin list adds at the top). */
export async function listSlices(): Promise<Slice[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await reading('slices', () =>
      // Items as stored, each then read through the slice's schema (a bad one named, not skipped).
      SliceItem.table
        .build(ScanCommand)
        .options({ consistent: true, exclusiveStartKey: start })
        .send(),
    );
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items
    .map(toSlice)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

export function getSlice(id: string): Promise<Slice | undefined> {
  return getItem(SliceItem, { id }, { consistent: true });
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
    await execute(
      SliceCountItem.build(UpdateTransaction)
        .item({ id: SLICE_COUNT_ID, count: $add(1) })
        .options({
          condition: {
            or: [
              { attr: 'count', exists: false },
              { attr: 'count', lt: MAX_SLICES },
            ],
          },
        }),
      SliceItem.build(PutTransaction)
        .item(slice)
        .options({ condition: { attr: 'id', exists: false } }),
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

/** Its stock as the admin loaded it: still unlimited, or still the same number left. */
const stockIs = (stock: number | null): Condition =>
  stock === null
    ? {
        or: [
          { attr: 'stock', exists: false },
          { attr: 'stock', type: 'NULL' },
        ],
      }
    : { attr: 'stock', eq: stock };

/**
 * Changes the fields `changes` names, and only those (a field it does not name keeps its stored
 * value, whatever fields slices gain: the toolbox sets only what it is given), if the slice exists
 * and is still the version `expected`.
 */
export async function updateSlice(
  id: string,
  changes: SliceChanges,
  expected: SliceVersion,
  now: string,
): Promise<UpdateSliceResult> {
  try {
    const { Attributes } = await reading('slices', () =>
      SliceItem.build(UpdateItemCommand)
        .item({ ...setFields(changes), id, updatedAt: now })
        .options({
          // Only the version the admin loaded: same updatedAt (no other edit), same stock (no win).
          condition: {
            and: [{ attr: 'updatedAt', eq: expected.updatedAt }, stockIs(expected.stock)],
          },
          returnValues: 'ALL_NEW',
        })
        .send(),
    );
    return { status: 'updated', slice: toSlice((Attributes ?? {}) as Record<string, unknown>) };
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
    ? SliceItem.build(ConditionCheck)
        .key({ id: slice.id })
        .condition({ and: [{ attr: 'id', exists: true }, stockIs(null)] })
    : SliceItem.build(UpdateTransaction)
        .item({ id: slice.id, stock: $add(-1) })
        .options({
          condition: {
            and: [
              { attr: 'id', exists: true },
              { attr: 'stock', gt: 0 },
            ],
          },
        });
}

export type DeleteSliceResult = 'deleted' | 'not-found' | 'conflict';

/** Deletes a slice and lowers the count in one transaction, if it exists. */
export async function deleteSlice(id: string): Promise<DeleteSliceResult> {
  try {
    await execute(
      SliceItem.build(DeleteTransaction)
        .key({ id })
        .options({ condition: { attr: 'id', exists: true } }),
      SliceCountItem.build(UpdateTransaction)
        .item({ id: SLICE_COUNT_ID, count: $add(-1) })
        .options({ condition: { attr: 'count', gt: 0 } }),
    );
    return 'deleted';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') return 'not-found';
    if (codes) return 'conflict';
    throw error;
  }
}
