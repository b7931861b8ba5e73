/**
 * The promotion's running counters, per business day, for the owner's insights: wheel page
 * visits, codes sent, numbers verified, spins (wins recorded), ticket spins (spin-first tickets
 * exchanged for their win), previews, redemptions, wins per prize (with the prize's name, so a
 * prize deleted later still shows), visits, codes, wins and redemptions per source tag, and how
 * long redeemed prizes waited (a histogram). Wins and redemptions are counted from the customers
 * table's change stream (lambdas/triggers/stats-stream.ts), never inside the spin and redeem
 * transactions: applyStreamChange below, once per stream record.
 *
 * Every day is split over STATS_SHARDS items, one picked at random per update: concurrent writes
 * then rarely touch the same item, and one day's writes spread over several keys. Reading a range
 * is one BatchGetItem per 100 of its day-shards, whatever the number of customers.
 *
 * The one repository whose writes are not made by DynamoDB-Toolbox (docs/architecture.md, "Stored
 * items"): its items' attribute names are made from data (a counter per prize id, per source tag,
 * per histogram bucket, per expiry day and second), so that one UpdateItem's ADD raises any of them
 * from nothing; the toolbox knows only attributes named in advance, and nested maps would need
 * their map made first, a second write. Every item it reads goes through its schema all the same
 * (storedCountersSchema, then the day's figures through shared/day-stats.ts).
 */
import { randomInt } from 'node:crypto';
import { businessTimeZone } from '../lib/env';
import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { businessDay } from '@shared/business-day';
import {
  dayStatsSchema,
  SOURCE_STEPS,
  STAT_COUNTERS,
  type DayStats,
  type SourceStep,
  type StatCounter,
} from '@shared/day-stats';
import * as z from '@shared/zod';
import { dynamo } from '../lib/dynamo-client';
import { cancellationCodes } from '../lib/dynamo-errors';
import { readItem } from '../lib/stored-items';
import { tableName } from '../lib/tables';

/** Items each day's counters are spread over. */
const STATS_SHARDS = 8;
/** Keys per BatchGetItem, DynamoDB's maximum. */
const BATCH_GET_MAX = 100;

/**
 * Counters stored under another attribute name before they were renamed: read under both names and
 * added up, so days written before the rename still count. New writes use the new name only.
 */
const FORMER_ATTRIBUTE: Partial<Record<StatCounter, string>> = { ticketSpins: 'claims' };

/** The steps counted per source tag (shared/source-tag.ts), each under its own attribute prefix. */
const SOURCE_PREFIX: Record<SourceStep, string> = {
  visits: 'sv_',
  codes: 'sc_',
  wins: 'sw_',
  redeemed: 'sr_',
};

/**
 * How long a redeemed prize waited since its win, kept as a histogram per day of the redeem: a
 * bucket is a sixteenth of a doubling (about 4.4 % wide), so a median read from it is within
 * about 2.2 % of the exact one, and a day holds at most a few hundred buckets however many
 * prizes are redeemed.
 */
const REDEEM_TIME_PREFIX = 'rt_';
const BUCKETS_PER_DOUBLING = 16;
const redeemTimeBucket = (seconds: number): number =>
  Math.floor(BUCKETS_PER_DOUBLING * Math.log2(Math.max(1, seconds)));
/** The middle of a bucket (geometric), in seconds. */
export const redeemTimeOfBucket = (bucket: number): number =>
  2 ** ((bucket + 0.5) / BUCKETS_PER_DOUBLING);

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

/**
 * What a stats update adds: counters; for a win, the slice won; a step of a source tag; a
 * redeemed prize's wait in seconds.
 */
export interface StatsChange {
  add: Partial<Record<StatCounter, number>>;
  win?: { sliceId: string; name: string };
  source?: { tag: string; step: SourceStep };
  redeemSeconds?: number;
}

/** The Update of a TransactWriteItems (or a lone UpdateItem) adding `change` at `at`. */
export function statsUpdate(at: Date, change: StatsChange, shard = randomInt(STATS_SHARDS)) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  for (const [counter, amount] of Object.entries(change.add)) {
    names[`#${counter}`] = counter;
    values[`:${counter}`] = amount;
    adds.push(`#${counter} :${counter}`);
  }
  if (change.source) {
    names['#source'] = `${SOURCE_PREFIX[change.source.step]}${change.source.tag}`;
    values[':source'] = 1;
    adds.push('#source :source');
  }
  if (change.redeemSeconds !== undefined) {
    names['#wait'] = `${REDEEM_TIME_PREFIX}${redeemTimeBucket(change.redeemSeconds)}`;
    values[':wait'] = 1;
    adds.push('#wait :wait');
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
    Key: { id: itemId(businessDay(at, businessTimeZone()), shard) },
    UpdateExpression: `${set}ADD ${adds.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Adds to the counters outside any transaction (codes sent, previews drawn). */
export async function addStats(at: Date, change: StatsChange): Promise<void> {
  await dynamo().send(new UpdateCommand(statsUpdate(at, change)));
}

/** Counts one wheel page visit on the visit items (see VISIT_SHARDS), under its source if any. */
export async function addVisit(at: Date, source?: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('stats'),
      Key: { id: visitItemId(businessDay(at, businessTimeZone()), randomInt(VISIT_SHARDS)) },
      UpdateExpression: source ? 'ADD visits :one, #source :one' : 'ADD visits :one',
      ...(source
        ? { ExpressionAttributeNames: { '#source': `${SOURCE_PREFIX.visits}${source}` } }
        : {}),
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
        sources: {},
        redeemTimes: {},
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
    for (const item of Responses?.[table] ?? []) addItem(byDay, storedCounters(item));
  }
  // Each day as the record's schema has it: a count that is not a whole number is an error.
  return days.map((day) =>
    readItem(dayStatsSchema, byDay.get(day)!, 'stats', { id: `day#${day}` }),
  );
}

/**
 * A stats item as stored, through its schema: every attribute a number (a counter) but its id
 * and the prize names beside win counters; a counter stored as text is an error naming the item.
 */
const storedCountersSchema = z
  .object({ id: z.string().min(1) })
  .catchall(z.union([z.number(), z.string()]))
  .superRefine((item, ctx) => {
    for (const [name, value] of Object.entries(item)) {
      if (name === 'id') continue;
      const text = name.startsWith(NAME_PREFIX);
      if (typeof value !== (text ? 'string' : 'number'))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: text ? 'a prize name must be text' : 'a counter must be a number',
        });
    }
  });
const storedCounters = (item: Record<string, unknown>) =>
  readItem(storedCountersSchema, item, 'stats', { id: item.id });

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
    if (typeof value !== 'number') continue;
    if (name.startsWith(REDEEM_TIME_PREFIX)) {
      const bucket = Number(name.slice(REDEEM_TIME_PREFIX.length));
      stats.redeemTimes[bucket] = (stats.redeemTimes[bucket] ?? 0) + value;
      continue;
    }
    const step = SOURCE_STEPS.find((s) => name.startsWith(SOURCE_PREFIX[s]));
    if (step) {
      const tag = name.slice(SOURCE_PREFIX[step].length);
      const counts = (stats.sources[tag] ??= { visits: 0, codes: 0, wins: 0, redeemed: 0 });
      counts[step] += value;
      continue;
    }
    if (!name.startsWith(WIN_PREFIX)) continue;
    const sliceId = name.slice(WIN_PREFIX.length);
    const entry = (stats.wins[sliceId] ??= { name: '', wins: 0 });
    entry.wins += value;
    const won = item[`${NAME_PREFIX}${sliceId}`];
    if (typeof won === 'string') entry.name = won;
  }
}

/**
 * Prizes still owed, kept by expiry so that a count needs no customer read: the `owed` item holds
 * per UTC day of expiry (`d_<day>`) the prizes won and not yet redeemed or erased, and `none` those
 * that never expire; an item per hour of expiry (`owed#<day>T<hour>`) holds the same per second
 * (`t_<epoch seconds>`), so the hours around now are counted to the second. Expired prizes are
 * never taken off: they sit in days already past, which no count reads.
 */
const OWED_ID = 'owed';
const NO_EXPIRY = 'none';
const owedHourId = (hour: string) => `owed#${hour}`;
const HOURS_A_DAY = 24;

/** A change to the prizes owed: one more (a win) or one fewer (a redeem, an erasure). */
export interface OwedChange {
  delta: 1 | -1;
  expiresAt?: string;
}

/** One ADD of `delta` to `attribute` of the stats item `id`. */
const owedAdd = (id: string, attribute: string, delta: number) => ({
  TableName: tableName('stats'),
  Key: { id },
  UpdateExpression: 'ADD #a :d',
  ExpressionAttributeNames: { '#a': attribute },
  ExpressionAttributeValues: { ':d': delta },
});

function owedUpdates(change: OwedChange) {
  if (change.expiresAt === undefined) return [owedAdd(OWED_ID, NO_EXPIRY, change.delta)];
  const iso = new Date(change.expiresAt).toISOString();
  const second = Math.floor(Date.parse(iso) / 1000);
  return [
    owedAdd(OWED_ID, `d_${iso.slice(0, 10)}`, change.delta),
    owedAdd(owedHourId(iso.slice(0, 13)), `t_${second}`, change.delta),
  ];
}

/**
 * Prizes owed at `at` (ISO): won, not redeemed, not erased, expiring after `at` or never; and how
 * many of those expire at or before `expiringBy` (ISO). Three reads whatever the number of
 * customers: the `owed` item, then the hours of the two days the limits fall in.
 */
export async function readOwed(
  at: string,
  expiringBy: string,
): Promise<{ total: number; expiring: number }> {
  const table = tableName('stats');
  const { Item: stored } = await dynamo().send(
    new GetCommand({ TableName: table, Key: { id: OWED_ID }, ConsistentRead: true }),
  );
  const summary: Record<string, unknown> = stored ? storedCounters(stored) : {};
  const nowSecond = Math.floor(Date.parse(at) / 1000);
  const bySecond = Math.floor(Date.parse(expiringBy) / 1000);
  const nowDay = new Date(at).toISOString().slice(0, 10);
  const byDay = new Date(expiringBy).toISOString().slice(0, 10);
  let total = typeof summary[NO_EXPIRY] === 'number' ? summary[NO_EXPIRY] : 0;
  let expiring = 0;
  for (const [name, value] of Object.entries(summary)) {
    if (!name.startsWith('d_') || typeof value !== 'number') continue;
    const day = name.slice(2);
    if (day <= nowDay) continue;
    total += value;
    if (day < byDay) expiring += value;
  }
  // The two boundary days, hour by hour, to the second.
  const hours = [nowDay, byDay].flatMap((day) =>
    Array.from({ length: HOURS_A_DAY }, (_, h) => `${day}T${String(h).padStart(2, '0')}`),
  );
  let keys = [...new Set(hours)].map((hour) => ({ id: owedHourId(hour) }));
  while (keys.length > 0) {
    const { Responses, UnprocessedKeys } = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
    );
    keys = (UnprocessedKeys?.[table]?.Keys ?? []) as { id: string }[];
    for (const item of (Responses?.[table] ?? []).map(storedCounters)) {
      const day = String(item.id).slice('owed#'.length, 'owed#'.length + 10);
      for (const [name, value] of Object.entries(item)) {
        if (!name.startsWith('t_') || typeof value !== 'number') continue;
        const second = Number(name.slice(2));
        // The day of now: only what expires after now is owed, all of it within the week.
        if (day === nowDay && second > nowSecond) {
          total += value;
          if (second <= bySecond) expiring += value;
        }
        // The day a week on (counted whole above): what expires by then.
        if (day === byDay && day !== nowDay && second <= bySecond) expiring += value;
      }
    }
  }
  return { total, expiring };
}

/** What one change on the customers table does to the figures (domain/stats-stream.ts). */
export interface StreamChange {
  /** When the counters' day is taken from: the win's or the redeem's time. */
  at: Date;
  stats?: StatsChange;
  /** A redeem's count on its win's day too (the funnel follows each day's winners). */
  onWinDay?: { at: Date; stats: StatsChange };
  owed?: OwedChange;
}

/** A stream record's mark outlives the stream's 24 hours of retention, then expires. */
const STREAM_MARK_LIFETIME_S = 2 * 24 * 60 * 60;

/**
 * Applies one stream record's change exactly once: a mark keyed by the record's event id is put
 * in the same transaction as the counters, only where absent, so a record delivered again (a
 * retried batch, a second consumer) adds nothing. 'applied', 'already-applied', or 'conflict'
 * when another transaction held one of the items (the caller tries again).
 */
export async function applyStreamChange(
  eventId: string,
  change: StreamChange,
  nowSeconds: number,
): Promise<'applied' | 'already-applied' | 'conflict'> {
  // Two updates of one day must not name the same item (a transaction touches an item once).
  const shard = randomInt(STATS_SHARDS);
  const otherShard = (shard + 1 + randomInt(STATS_SHARDS - 1)) % STATS_SHARDS;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('limits'),
              Item: {
                key: `stats-stream#${eventId}`,
                expiresAt: nowSeconds + STREAM_MARK_LIFETIME_S,
              },
              ConditionExpression: 'attribute_not_exists(#k)',
              ExpressionAttributeNames: { '#k': 'key' },
            },
          },
          ...(change.stats ? [{ Update: statsUpdate(change.at, change.stats, shard) }] : []),
          ...(change.onWinDay
            ? [{ Update: statsUpdate(change.onWinDay.at, change.onWinDay.stats, otherShard) }]
            : []),
          ...(change.owed ? owedUpdates(change.owed).map((update) => ({ Update: update })) : []),
        ],
      }),
    );
    return 'applied';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] === 'ConditionalCheckFailed') return 'already-applied';
    return 'conflict';
  }
}
