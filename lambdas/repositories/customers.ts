/** Customers: one item per phone number (+61 form), one reward each. */
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { CUSTOMERS_BY_CREATED_INDEX, CUSTOMERS_LIST_PARTITION } from '../../shared/definitions';
import type { Customer } from '../../shared/types';
import { dynamo } from '../lib/dynamo-client';
import { cancellationCodes, isConditionFailed } from '../lib/dynamo-errors';
import { tableName } from '../lib/tables';

/** Index-only attributes stored beside the customer fields. */
interface CustomerItem extends Customer {
  listPartition: string;
  /** createdAt then phone number: unique and sortable newest first. */
  createdSort: string;
}

const toCustomer = (item: Record<string, unknown>): Customer => {
  const { listPartition: _p, createdSort: _s, ...customer } = item as unknown as CustomerItem;
  return customer;
};

/** The customer with this +61 number, if any. */
export async function getCustomer(phoneNumber: string): Promise<Customer | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('customers'),
      Key: { phoneNumber },
      ConsistentRead: true,
    }),
  );
  return Item ? toCustomer(Item) : undefined;
}

export type RecordWinResult =
  'recorded' | 'already-has-reward' | 'out-of-stock' | 'slice-gone' | 'conflict';

/**
 * Records a win in one transaction: the customer is put only if the number has no reward yet, and
 * the slice's stock, when it has one, is decremented only while above zero.
 */
export async function putCustomerOnce(
  customer: Customer,
  slice: { id: string; stock: number | null },
): Promise<RecordWinResult> {
  const item: CustomerItem = {
    ...customer,
    listPartition: CUSTOMERS_LIST_PARTITION,
    createdSort: `${customer.createdAt}#${customer.phoneNumber}`,
  };
  const sliceOp =
    slice.stock === null
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
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('customers'),
              Item: item,
              ConditionExpression: 'attribute_not_exists(phoneNumber)',
            },
          },
          sliceOp,
        ],
      }),
    );
    return 'recorded';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] === 'ConditionalCheckFailed') return 'already-has-reward';
    if (codes[1] === 'ConditionalCheckFailed')
      return slice.stock === null ? 'slice-gone' : 'out-of-stock';
    return 'conflict';
  }
}

/** A page of customers and the key after which the next page starts (none after the last). */
export interface CustomerPage {
  users: Customer[];
  lastKey?: Record<string, unknown>;
}

/** One page of customers, newest first, starting after `startKey` (a previous page's lastKey). */
export async function listCustomers(
  startKey: Record<string, unknown> | undefined,
  limit: number,
): Promise<CustomerPage> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName('customers'),
      IndexName: CUSTOMERS_BY_CREATED_INDEX,
      KeyConditionExpression: 'listPartition = :p',
      ExpressionAttributeValues: { ':p': CUSTOMERS_LIST_PARTITION },
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return {
    users: (Items ?? []).map(toCustomer),
    ...(LastEvaluatedKey ? { lastKey: LastEvaluatedKey } : {}),
  };
}

export type RedeemResult =
  | { status: 'redeemed'; customer: Customer }
  | { status: 'not-found' }
  | { status: 'already-redeemed' }
  | { status: 'expired'; expiresAt: string };

/** Marks an offer redeemed exactly once, recording who and when; never once it has expired. */
export async function redeemCustomer(
  phoneNumber: string,
  by: string,
  at: string,
): Promise<RedeemResult> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('customers'),
        Key: { phoneNumber },
        UpdateExpression: 'SET isOfferClaimed = :true, redeemedAt = :at, redeemedBy = :by',
        ConditionExpression:
          'attribute_exists(phoneNumber) AND isOfferClaimed = :false AND (attribute_not_exists(expiresAt) OR expiresAt > :at)',
        ExpressionAttributeValues: { ':true': true, ':false': false, ':at': at, ':by': by },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { status: 'redeemed', customer: toCustomer(Attributes ?? {}) };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const existing = await getCustomer(phoneNumber);
    if (!existing) return { status: 'not-found' };
    if (existing.isOfferClaimed) return { status: 'already-redeemed' };
    return existing.expiresAt
      ? { status: 'expired', expiresAt: existing.expiresAt }
      : { status: 'already-redeemed' };
  }
}
