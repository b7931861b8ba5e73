/**
 * Customers: one item per phone number (+61 form), one reward each.
 *
 * Over 400 lines: it is the one repository of the customers table, and each of its access patterns
 * (the reward check, the once-only win, the listings by date and by change, the last-digit search,
 * the redeem and the erasure) is a query of that table's item and indexes.
 *
 * The wins and redeems write no counter: the insights count them from the table's change stream
 * (domain/stats-stream.ts), which is why a win keeps how it came (`ticketSpin`, `source`) on its item.
 */
import { createHmac } from 'node:crypto';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import {
  CUSTOMERS_BY_CHANGE_INDEX,
  CUSTOMERS_BY_CREATED_INDEX,
  CUSTOMERS_LIST_PARTITION,
} from '@shared/definitions';
import { customerSchema, type Customer } from '@shared/customer';
import * as z from '@shared/zod';
import { retryingConflicts } from '../lib/conflict-retry';
import { erasureKey } from '../lib/secrets';
import { cancellationCodes } from '../lib/dynamo-errors';
import { defineItem, reading, type Condition } from '../lib/items';
import { readItem } from '../lib/stored-items';
import { takeOneOfStock } from './slices';

/** The attributes a customer's item holds beside the record, for its indexes and the insights. */
const customerStorage = z.object({
  listPartition: z.string().min(1),
  /** createdAt then phone number: unique and sortable newest first. */
  createdSort: z.string().min(1),
  /** Time of the last change (the win, then the redeem), then phone number: the change feed's order. */
  changedSort: z.string().min(1),
  /** A spin-first ticket exchanged for this win (the insights' ticket spins). */
  ticketSpin: z.literal(true).optional(),
  /** The placement's source tag the win came through (shared/source-tag.ts), if any. */
  source: z.string().optional(),
});
type CustomerItem = Customer & z.infer<typeof customerStorage>;
const CustomerEntity = defineItem({
  name: 'customer',
  table: 'customers',
  record: customerSchema.extend(customerStorage.shape),
});

/** What an erased number leaves: its keyed hash as the key, and when it was erased. */
const ErasedEntity = defineItem({
  name: 'erased-number',
  table: 'customers',
  record: z.object({ erasedAt: z.string().min(1) }),
});

/**
 * A stored customer through the record's schema: the index attributes, `ticketSpin` and `source`
 * are left out; a bad item is an error naming its (masked) key, never a default.
 */
const toCustomer = (item: Record<string, unknown>): Customer =>
  readItem(customerSchema, item, 'customers', { phoneNumber: item.phoneNumber });

/**
 * The key an erased number leaves behind: a keyed hash (HMAC-SHA256 with the deployment's erasure
 * key), so the number itself is gone but the same number still finds it and cannot win again.
 * The marker holds no index attributes: it is in no list.
 */
const erasedKey = async (phoneNumber: string): Promise<string> =>
  `erased#${createHmac('sha256', await erasureKey())
    .update(phoneNumber)
    .digest('hex')}`;

/** True when this +61 number had a reward and was erased on request. */
async function isErased(phoneNumber: string): Promise<boolean> {
  const key = { phoneNumber: await erasedKey(phoneNumber) };
  const { Item } = await reading('customers', () =>
    ErasedEntity.build(GetItemCommand).key(key).options({ consistent: true }).send(),
  );
  return Item !== undefined;
}

/**
 * True when this +61 number has its one reward: a customer record, or the marker a record erased
 * on request left (both read at once).
 */
export async function hasReward(phoneNumber: string): Promise<boolean> {
  const [customer, erased] = await Promise.all([getCustomer(phoneNumber), isErased(phoneNumber)]);
  return customer !== undefined || erased;
}

/**
 * Erases a customer on request: the record goes and only the keyed-hash marker stays, in one
 * transaction. 'not-found' when the number has no record.
 */
export async function eraseCustomerRecord(
  phoneNumber: string,
  at: string,
): Promise<'erased' | 'not-found'> {
  try {
    const marker = { phoneNumber: await erasedKey(phoneNumber), erasedAt: at };
    await execute(
      CustomerEntity.build(DeleteTransaction)
        .key({ phoneNumber })
        .options({ condition: { attr: 'phoneNumber', exists: true } }),
      ErasedEntity.build(PutTransaction).item(marker),
    );
    return 'erased';
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return 'not-found';
    throw error;
  }
}

/** The change-feed sort value of a change at `at` (ISO) to `phoneNumber`. */
const changeSort = (at: string, phoneNumber: string) => `${at}#${phoneNumber}`;

/** The customer with this +61 number, if any. */
export async function getCustomer(phoneNumber: string): Promise<Customer | undefined> {
  const { Item } = await reading('customers', () =>
    CustomerEntity.build(GetItemCommand).key({ phoneNumber }).options({ consistent: true }).send(),
  );
  return Item ? toCustomer(Item as Record<string, unknown>) : undefined;
}

export type RecordWinResult =
  'recorded' | 'already-has-reward' | 'erased' | 'out-of-stock' | 'slice-gone' | 'conflict';

/**
 * Records a win in one transaction: the customer is put only if the number has no reward yet, and
 * the slice's stock, when it has one, is decremented only while above zero. The item keeps whether
 * a spin-first ticket was exchanged (`ticketSpin`) and the source tag, for the insights.
 */
export async function putCustomerOnce(
  customer: Customer,
  slice: { id: string; stock: number | null },
  options: { ticketSpin?: boolean; source?: string } = {},
): Promise<RecordWinResult> {
  const item: CustomerItem = {
    ...customer,
    listPartition: CUSTOMERS_LIST_PARTITION,
    createdSort: `${customer.createdAt}#${customer.phoneNumber}`,
    changedSort: changeSort(customer.createdAt, customer.phoneNumber),
    ...(options.ticketSpin ? { ticketSpin: true as const } : {}),
    ...(options.source ? { source: options.source } : {}),
  };
  try {
    await execute(
      CustomerEntity.build(PutTransaction)
        .item(item)
        .options({ condition: { attr: 'phoneNumber', exists: false } }),
      // The slice's part is the slices repository's: it alone writes slices.
      takeOneOfStock(slice),
      // A number erased on request had its reward: it cannot win again.
      ErasedEntity.build(ConditionCheck)
        .key({ phoneNumber: await erasedKey(customer.phoneNumber) })
        .condition({ attr: 'phoneNumber', exists: false }),
    );
    return 'recorded';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] === 'ConditionalCheckFailed') return 'already-has-reward';
    if (codes[2] === 'ConditionalCheckFailed') return 'erased';
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

/** Which customers a list shows: all, or only offers still to redeem (not redeemed, not expired). */
export type CustomerFilter = { kind: 'all' } | { kind: 'unredeemed'; at: string };

/**
 * A filtered page reads the list in growing steps (the first twice a page, then doubling, each
 * at most 1 MB by DynamoDB's rule) until it has a page, and answers with what it has after this
 * many reads: at most about 100,000 customers looked at per call, so even a long list with few
 * offers left to redeem needs one or two calls, never one per page of everybody.
 */
const FILTERED_MAX_READS = 10;

/**
 * One page of customers, newest first, starting after `startKey` (a previous page's lastKey).
 * With the 'unredeemed' filter, DynamoDB leaves out redeemed and expired offers as it reads: the
 * filter expression below is shared/prize-validity.ts isUnredeemed written for DynamoDB.
 */
export async function listCustomers(
  startKey: Record<string, unknown> | undefined,
  limit: number,
  filter: CustomerFilter = { kind: 'all' },
): Promise<CustomerPage> {
  if (filter.kind === 'all') {
    const page = await queryByCreated(startKey, limit);
    return {
      users: page.items.map(toCustomer),
      ...(page.lastKey ? { lastKey: page.lastKey } : {}),
    };
  }
  const users: Customer[] = [];
  let key = startKey;
  for (let read = 0; read < FILTERED_MAX_READS; read++) {
    const page = await queryByCreated(key, limit * 2 ** (read + 1), {
      and: [
        { attr: 'isOfferClaimed', eq: false },
        {
          or: [
            { attr: 'expiresAt', exists: false },
            { attr: 'expiresAt', gt: filter.at },
          ],
        },
      ],
    });
    for (const [i, item] of page.items.entries()) {
      users.push(toCustomer(item));
      if (users.length === limit) {
        const last = i === page.items.length - 1 && !page.lastKey;
        return last ? { users } : { users, lastKey: createdIndexKey(item) };
      }
    }
    if (!page.lastKey) return { users };
    key = page.lastKey;
  }
  return { users, ...(key ? { lastKey: key } : {}) };
}

/**
 * Customers whose number ends in `digits`, whatever their prize's state (to redeem, redeemed,
 * expired), newest first, at most `max`; `more` when more may match. DynamoDB leaves out numbers
 * without the digits as it reads (contains; the end is checked here), in the filtered list's
 * growing steps, at most FILTERED_MAX_READS reads.
 */
export async function findByLastDigits(
  digits: string,
  max: number,
): Promise<{ users: Customer[]; more: boolean }> {
  const users: Customer[] = [];
  let key: Record<string, unknown> | undefined;
  for (let read = 0; read < FILTERED_MAX_READS; read++) {
    const page = await queryByCreated(key, max * 2 ** (read + 1), {
      attr: 'phoneNumber',
      contains: digits,
    });
    for (const item of page.items) {
      if (!String(item.phoneNumber).endsWith(digits)) continue;
      if (users.length === max) return { users, more: true };
      users.push(toCustomer(item));
    }
    if (!page.lastKey) return { users, more: false };
    key = page.lastKey;
  }
  return { users, more: true };
}

/** The byCreated index's key of an item: where a page that ends on it goes on from. */
const createdIndexKey = (item: Record<string, unknown>): Record<string, unknown> => ({
  phoneNumber: item.phoneNumber,
  listPartition: item.listPartition,
  createdSort: item.createdSort,
});

/**
 * One Query of the byCreated index, newest first. Items come as stored and each is then read
 * through the customer's schema (toCustomer), so a bad one is an error naming it.
 */
async function queryByCreated(
  startKey: Record<string, unknown> | undefined,
  limit: number,
  filter?: Condition,
): Promise<{ items: Record<string, unknown>[]; lastKey?: Record<string, unknown> }> {
  const { Items, LastEvaluatedKey } = await CustomerEntity.table
    .build(QueryCommand)
    .query({ index: CUSTOMERS_BY_CREATED_INDEX, partition: CUSTOMERS_LIST_PARTITION })
    .options({
      reverse: true,
      limit,
      ...(startKey ? { exclusiveStartKey: startKey } : {}),
      ...(filter ? { filter } : {}),
    })
    .send();
  return {
    items: (Items ?? []) as Record<string, unknown>[],
    ...(LastEvaluatedKey ? { lastKey: LastEvaluatedKey } : {}),
  };
}

/** Customers changed (won or redeemed) at or after `since` (ISO), oldest change first. */
export async function listCustomersChangedSince(
  since: string,
  limit: number,
): Promise<{ users: Customer[]; lastChangedAt?: string; more: boolean }> {
  const { Items, LastEvaluatedKey } = await CustomerEntity.table
    .build(QueryCommand)
    .query({
      index: CUSTOMERS_BY_CHANGE_INDEX,
      partition: CUSTOMERS_LIST_PARTITION,
      range: { gte: since },
    })
    .options({ limit })
    .send();
  const items = (Items ?? []) as unknown as CustomerItem[];
  const last = items.at(-1);
  return {
    users: items.map((item) => toCustomer(item as unknown as Record<string, unknown>)),
    ...(last ? { lastChangedAt: last.changedSort.slice(0, last.changedSort.indexOf('#')) } : {}),
    more: LastEvaluatedKey !== undefined,
  };
}

export type RedeemResult =
  | { status: 'redeemed'; customer: Customer }
  | { status: 'not-found' }
  | { status: 'already-redeemed' }
  | { status: 'expired'; expiresAt: string };

/** Attempts of a redeem whose transaction met another on the customer (an erasure, say). */
const REDEEM_ATTEMPTS = 4;
const REDEEM_BACKOFF_MS = 20;

/**
 * Marks an offer redeemed exactly once, recording who and when; never once it has expired. The
 * insights count it from the change stream.
 */
export function redeemCustomer(phoneNumber: string, by: string, at: string): Promise<RedeemResult> {
  return retryingConflicts<RedeemResult>(
    async () => {
      const result = await redeemOnce(phoneNumber, by, at);
      return result === 'conflict' ? { retry: 'after-pause' } : { result };
    },
    {
      attempts: REDEEM_ATTEMPTS,
      backoffMs: REDEEM_BACKOFF_MS,
      exhausted: () => new Error('redeem: transaction conflicts persisted'),
    },
  );
}

async function redeemOnce(
  phoneNumber: string,
  by: string,
  at: string,
): Promise<RedeemResult | 'conflict'> {
  try {
    await execute(
      CustomerEntity.build(UpdateTransaction)
        .item({
          phoneNumber,
          isOfferClaimed: true,
          redeemedAt: at,
          redeemedBy: by,
          changedSort: changeSort(at, phoneNumber),
        })
        .options({
          condition: {
            and: [
              { attr: 'phoneNumber', exists: true },
              { attr: 'isOfferClaimed', eq: false },
              {
                or: [
                  { attr: 'expiresAt', exists: false },
                  { attr: 'expiresAt', gt: at },
                ],
              },
            ],
          },
        }),
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] !== 'ConditionalCheckFailed') return 'conflict';
    const existing = await getCustomer(phoneNumber);
    if (!existing) return { status: 'not-found' };
    if (existing.isOfferClaimed) return { status: 'already-redeemed' };
    return existing.expiresAt
      ? { status: 'expired', expiresAt: existing.expiresAt }
      : { status: 'already-redeemed' };
  }
  // A transaction returns no values: read the record as it now is.
  const customer = await getCustomer(phoneNumber);
  if (!customer) throw new Error('redeem: customer gone after its redeem');
  return { status: 'redeemed', customer };
}
