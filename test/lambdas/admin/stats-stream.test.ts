/**
 * The insights' figures from the customers table's change stream (lambdas/triggers/stats-stream.ts
 * fed by DynamoDB Local's stream through local/streams.ts): the spin and redeem write no counter,
 * the consumer counts each change once whether its batch comes twice, twice at the same moment, or
 * again after failing half-way, and a new figure (the median time to redeem) is a reading of the
 * same records.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableEnvName } from '@shared/definitions';
import { drawAndRecord } from '../../../lambdas/domain/spin';
import { handler as statsStream } from '../../../lambdas/triggers/stats-stream';
import { applyRecords } from '../../../lambdas/domain/stats-stream';
import { dynamo } from '../../../lambdas/lib/dynamo-client';
import { tableName } from '../../../lambdas/lib/tables';
import { eraseCustomerRecord, redeemCustomer } from '../../../lambdas/repositories/customers';
import { readOwed, readStats } from '../../../lambdas/repositories/stats';
import { deleteSlice } from '../../../lambdas/repositories/slices';
import { feedStream } from '../../../local/streams';
import { addSlice, testPhone } from '../visitor/support';
import { sliceInput } from '../../support/records';

afterEach(() => vi.useRealTimers());

/** A feed of this file's customers stream into `handler`, drained once. */
const drainInto = async (handler: (event: DynamoDBStreamEvent) => Promise<void>) => {
  const feed = feedStream({
    endpoint: process.env.DYNAMODB_ENDPOINT!,
    table: process.env[tableEnvName('customers')]!,
    handler,
  });
  try {
    await feed.drain();
  } finally {
    await feed.stop();
  }
};

const spinAt = async (n: number, at: string, source?: string) => {
  vi.useFakeTimers({ now: new Date(at), toFake: ['Date'] });
  try {
    return await drawAndRecord(testPhone(n).intl, source ? { source } : {});
  } finally {
    vi.useRealTimers();
  }
};

const statItems = async () =>
  (await dynamo().send(new ScanCommand({ TableName: tableName('stats') }))).Items ?? [];

const HOUR_S = 60 * 60;

describe('statistics from the change stream', () => {
  it('leaves the spin and the redeem free of counters, then counts each change once: a batch delivered twice, twice at once, and again after failing half-way', async () => {
    const chips = await addSlice('Chips');
    // Sydney, 1 June 2026: three wins (two through the poster), two redeemed, one erased.
    await spinAt(901, '2026-06-01T00:00:00.000Z', 'poster');
    await spinAt(902, '2026-06-01T01:00:00.000Z', 'poster');
    await spinAt(903, '2026-06-01T02:00:00.000Z');
    await redeemCustomer(testPhone(901).intl, 'operator', '2026-06-01T00:30:00.000Z');
    await redeemCustomer(testPhone(903).intl, 'operator', '2026-06-01T04:00:00.000Z');
    expect(await eraseCustomerRecord(testPhone(902).intl, '2026-06-01T05:00:00.000Z')).toBe(
      'erased',
    );
    // The writes themselves counted nothing: no stats item exists yet.
    expect(await statItems()).toEqual([]);

    // A Lambda that dies after half of its first batch; then every batch twice at once, and once
    // more (the stream's retry and a second consumer racing it).
    let failed = false;
    await drainInto(async (event) => {
      if (!failed) {
        failed = true;
        await applyRecords(event.Records.slice(0, Math.ceil(event.Records.length / 2)));
        throw new Error('the function timed out');
      }
      await Promise.all([statsStream(event), statsStream(event)]);
      await statsStream(event);
    }).catch((error: unknown) => expect(String(error)).toContain('timed out'));
    await drainInto(async (event) => {
      await Promise.all([statsStream(event), statsStream(event)]);
      await statsStream(event);
    });

    const [day] = await readStats(['2026-06-01']);
    expect(day!.counts).toMatchObject({ spins: 3, redeemed: 2 });
    expect(day!.wins[chips.id]).toEqual({ name: 'Chips', wins: 3 });
    expect(day!.sources).toEqual({ poster: { visits: 0, codes: 0, wins: 2, redeemed: 1 } });
    // One prize still owed (903 redeemed, 901 redeemed, 902 erased): none.
    expect(await readOwed(new Date().toISOString(), new Date().toISOString())).toEqual({
      total: 0,
      expiring: 0,
    });
    // Waits of 30 minutes and 2 hours: the histogram holds one of each.
    expect(Object.values(day!.redeemTimes).sort()).toEqual([1, 1]);
    await deleteSlice(chips.id);
  });

  it('counts prizes owed by their expiry to the second, reading no customer', async () => {
    const soon = await addSlice('Soon');
    const now = Date.now();
    // An expiring prize: won now with a validity of 1 day (expires in 24 h).
    const { addSlice: addWithValidity } = await import('../../../lambdas/domain/slices-admin');
    const valid = await addWithValidity(sliceInput({ name: 'Valid', validDays: 1 }), new Date());
    await deleteSlice(soon.id);
    await spinAt(911, new Date(now).toISOString());
    await drainInto(statsStream);
    const at = (offsetS: number) => new Date(now + offsetS * 1000).toISOString();
    const before = await readOwed(at(0), at(7 * 24 * HOUR_S));
    expect(before).toEqual({ total: 1, expiring: 1 });
    // A second before its expiry it is owed; at its expiry it is not.
    expect((await readOwed(at(24 * HOUR_S - 1), at(24 * HOUR_S))).total).toBe(1);
    expect((await readOwed(at(24 * HOUR_S + 1), at(24 * HOUR_S + 2))).total).toBe(0);
    // Expiring within a window that ends before it: owed, not expiring.
    expect(await readOwed(at(0), at(HOUR_S))).toEqual({ total: 1, expiring: 0 });
    await deleteSlice(valid.id);
  });
});
