/**
 * The promotion's running counters, per business day, for the owner's insights: wheel page
 * visits, codes sent, numbers verified, spins (wins recorded), ticket spins (spin-first tickets
 * exchanged for their win), previews, redemptions, and wins per prize (with the
 * prize's name, so a prize deleted later still shows). A win and a redeem update them in the same
 * transaction that records them, so the figures never disagree with the customers.
 *
 * Every day is split over STATS_SHARDS items, one picked at random per update: concurrent spins
 * then rarely touch the same item (DynamoDB refuses a transaction on an item another transaction is
 * writing), and one day's writes spread over several keys. Reading a range is one BatchGetItem per
 * 100 of its day-shards, whatever the number of customers.
 */
import { randomInt } from 'node:crypto';
import { businessTimeZone } from '../lib/env';
import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { businessDay } from '@shared/business-day';
import { dynamo } from '../lib/dynamo-client';
import { tableName } from '../lib/tables';

/** Items each day's counters are spread over. */
const STATS_SHARDS = 8;
/** Keys per BatchGetItem, DynamoDB's maximum. */
const BATCH_GET_MAX = 100;

export type StatCounter =
  | 'spins'
  | 'ticketSpins'
  | 'previews'
  | 'redeemed'
  | 'codes'
  | 'visits'
  | 'verified'
  | 'refusedConnection'
  | 'refusedNumber'
  | 'refusedCap'
  | 'refusedPreviews';
const STAT_COUNTERS: readonly StatCounter[] = [
  'spins',
  'ticketSpins',
  'previews',
  'redeemed',
  'codes',
  'visits',
  'verified',
  'refusedConnection',
  'refusedNumber',
  'refusedCap',
  'refusedPreviews',
];

/**
 * Counters stored under another attribute name before they were renamed: read under both names and
 * added up, so days written before the rename still count. New writes use the new name only.
 */
const FORMER_ATTRIBUTE: Partial<Record<StatCounter, string>> = { ticketSpins: 'claims' };

/** One day's counters, all shards added up. */
export interface DayStats {
  day: string;
  counts: Record<StatCounter, number>;
  /** Wins per slice id, with the prize name as won. */
  wins: Record<string, { name: string; wins: number }>;
}

const WIN_PREFIX = 'w_';
const NAME_PREFIX = 'n_';

const itemId = (day: string, shard: number | string) => `day#${day}#${shard}`;

/**
 * Wheel page visits are counted on items of their own (`day#<day>#v<shard>`), never on those the
 * spin and redeem transactions write: a visit is a plain UpdateItem, and a plain write on an item
 * a transaction is writing makes one of the two fail (DynamoDB's transaction conflict,
 * docs/architecture.md), so a crowd opening the wheel would otherwise cost spins retries.
 */
const VISIT_SHARDS = 4;
const visitItemId = (day: string, shard: number) => itemId(day, `v${shard}`);

/** What a stats update adds: counters, and for a win, the slice won. */
export interface StatsChange {
  add: Partial<Record<StatCounter, number>>;
  win?: { sliceId: string; name: string };
}

/** The Update of a TransactWriteItems (or a lone UpdateItem) adding `change` at `at`. */
export function statsUpdate(at: Date, change: StatsChange) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  for (const [counter, amount] of Object.entries(change.add)) {
    names[`#${counter}`] = counter;
    values[`:${counter}`] = amount;
    adds.push(`#${counter} :${counter}`);
  }
  let set = '';
  if (change.win) {
    names['#win'] = `${WIN_PREFIX}${change.win.sliceId}`;
    names['#name'] = `${NAME_PREFIX}${change.win.sliceId}`;
    values[':win'] = 1;
    values[':name'] = change.win.name;
    adds.push('#win :win');
    set = 'SET #name = :name ';
  }
  return {
    TableName: tableName('stats'),
    Key: { id: itemId(businessDay(at, businessTimeZone()), randomInt(STATS_SHARDS)) },
    UpdateExpression: `${set}ADD ${adds.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Adds to the counters outside any transaction (codes sent, previews drawn). */
export async function addStats(at: Date, change: StatsChange): Promise<void> {
  await dynamo().send(new UpdateCommand(statsUpdate(at, change)));
}

/** Counts one wheel page visit on the visit items (see VISIT_SHARDS). */
export async function addVisit(at: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('stats'),
      Key: { id: visitItemId(businessDay(at, businessTimeZone()), randomInt(VISIT_SHARDS)) },
      UpdateExpression: 'ADD visits :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** The counters of each of `days` (zero for a day without any). */
export async function readStats(days: readonly string[]): Promise<DayStats[]> {
  const byDay = new Map<string, DayStats>(
    days.map((day) => [
      day,
      {
        day,
        counts: Object.fromEntries(STAT_COUNTERS.map((c) => [c, 0])) as Record<StatCounter, number>,
        wins: {},
      },
    ]),
  );
  let keys = days.flatMap((day) => [
    ...Array.from({ length: STATS_SHARDS }, (_, shard) => ({ id: itemId(day, shard) })),
    ...Array.from({ length: VISIT_SHARDS }, (_, shard) => ({ id: visitItemId(day, shard) })),
  ]);
  const table = tableName('stats');
  while (keys.length > 0) {
    const batch = keys.slice(0, BATCH_GET_MAX);
    keys = keys.slice(BATCH_GET_MAX);
    const { Responses, UnprocessedKeys } = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: batch } } }),
    );
    // Keys DynamoDB did not get to (throttling) go round again.
    keys.push(...((UnprocessedKeys?.[table]?.Keys ?? []) as { id: string }[]));
    for (const item of Responses?.[table] ?? []) addItem(byDay, item);
  }
  return days.map((day) => byDay.get(day)!);
}

function addItem(byDay: Map<string, DayStats>, item: Record<string, unknown>): void {
  const day = String(item.id).split('#')[1] ?? '';
  const stats = byDay.get(day);
  if (!stats) return;
  for (const counter of STAT_COUNTERS) {
    const former = FORMER_ATTRIBUTE[counter];
    for (const value of [item[counter], former === undefined ? undefined : item[former]]) {
      if (typeof value === 'number') stats.counts[counter] += value;
    }
  }
  for (const [name, value] of Object.entries(item)) {
    if (!name.startsWith(WIN_PREFIX) || typeof value !== 'number') continue;
    const sliceId = name.slice(WIN_PREFIX.length);
    const entry = (stats.wins[sliceId] ??= { name: '', wins: 0 });
    entry.wins += value;
    const won = item[`${NAME_PREFIX}${sliceId}`];
    if (typeof won === 'string') entry.name = won;
  }
}
