/**
 * The insights funnel: visits counted by GET /api/wheel, numbers verified counted by the Verify
 * trigger once per number, then codes sent, spins and redemptions, each step with the share kept
 * from the one before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyCodeAnswer } from '../../../lambdas/domain/auth-challenge';
import { armKeyForSentCode, issueSignInKey } from '../../../lambdas/domain/sign-in-key';
import { digestCode } from '../../../lambdas/domain/otp-code';
import { drawAndRecord } from '../../../lambdas/domain/spin';
import { handler as getInsights } from '../../../lambdas/handlers/get-insights';
import { handler as getWheel } from '../../../lambdas/handlers/get-wheel';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lambdas/lib/dynamo-client';
import { tableName } from '../../../lambdas/lib/tables';
import { redeemCustomer } from '../../../lambdas/repositories/customers';
import { addStats, readStats } from '../../../lambdas/repositories/stats';
import {
  deleteVisitorRecord,
  getVisitorRecord,
  putVisitorRecord,
} from '../../../lambdas/repositories/visitor-users';
import { businessDay } from '@shared/business-day';
import { tableEnvName } from '@shared/definitions';
import { VISIT_DEVICE_HEADER, VISIT_SOURCE_HEADER, VISITS_PER_ADDRESS_A_DAY } from '@shared/visit';
import type { Insights, WheelResponse } from '@shared/types';
import { ADMIN_TOKEN, bodyOf, httpEvent } from '../../support/http-event';
import { addSlice, testPhone } from '../visitor/support';
import { drainStatsStream } from '../../support/stats-stream';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** A wheel page load, by default from a visitor of its own (a fresh address each call). */
let visitor = 0;
const wheel = (sourceIp = `198.51.100.${++visitor % 250}`) =>
  getWheel(httpEvent({ method: 'GET', path: '/api/wheel', sourceIp }));
const today = () => businessDay(new Date(), 'Australia/Sydney');
const countsToday = async () => (await readStats([today()]))[0]!.counts;

const insights = async (query: Record<string, string>) => {
  await drainStatsStream();
  const result = await getInsights(
    httpEvent({ tokenFields: ADMIN_TOKEN, method: 'GET', path: '/api/insights', query }),
  );
  return bodyOf(result) as unknown as { data: Insights };
};

describe('visits (GET /api/wheel)', () => {
  it('counts each visitor once a business day, keeping nothing about the visitor', async () => {
    const before = (await countsToday()).visits;
    for (let i = 0; i < 3; i++) expect((await wheel()).statusCode).toBe(200);
    expect((await countsToday()).visits).toBe(before + 3);
    // The same address again: the same visitor, not counted again.
    for (let i = 0; i < 3; i++) expect((await wheel('198.51.100.251')).statusCode).toBe(200);
    expect((await countsToday()).visits).toBe(before + 4);
    // Only a day and a number, on items of their own (never those the spin transactions write).
    const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName('stats') }));
    const visitItems = Items.filter((item) => 'visits' in item);
    expect(visitItems.length).toBeGreaterThan(0);
    for (const item of visitItems) {
      expect(Object.keys(item).sort()).toEqual(['id', 'visits']);
      expect(item.id).toMatch(/^day#\d{4}-\d{2}-\d{2}#v\d$/);
    }
  });

  it('counts five devices on one address as 5 visits, one device reloading 50 times as 1, and one address at most the stated number a day', async () => {
    const address = '198.51.100.252';
    const device = (n: number) => `device-${String(n).padStart(15, '0')}`;
    const fromDevice = (n: number | null, source?: string) =>
      getWheel(
        httpEvent({
          method: 'GET',
          path: '/api/wheel',
          sourceIp: address,
          headers: {
            ...(n === null ? {} : { [VISIT_DEVICE_HEADER]: device(n) }),
            ...(source ? { [VISIT_SOURCE_HEADER]: source } : {}),
          },
        }),
      );
    const visits = async () => (await countsToday()).visits;
    const start = await visits();
    // Five devices behind one address (a shop's Wi-Fi), two of them from the poster.
    for (let n = 1; n <= 5; n++) await fromDevice(n, n <= 2 ? 'poster' : undefined);
    expect(await visits()).toBe(start + 5);
    // One of them reloading 50 times.
    const reloaded = await visits();
    for (let i = 0; i < 50; i++) expect((await fromDevice(3)).statusCode).toBe(200);
    expect(await visits()).toBe(reloaded);
    // Per source: the poster's two visits.
    expect((await readStats([today()]))[0]!.sources.poster?.visits).toBe(2);
    // Made-up ids from the same address: counted up to the stated number a day, then no more.
    for (let n = 6; n <= VISITS_PER_ADDRESS_A_DAY + 20; n++) await fromDevice(n);
    expect(await visits()).toBe(start + VISITS_PER_ADDRESS_A_DAY);
    // A malformed id or tag is no id or tag: the address counts as one device, the tag is dropped.
    const other = (headers: Record<string, string>) =>
      getWheel(
        httpEvent({ method: 'GET', path: '/api/wheel', sourceIp: '198.51.100.253', headers }),
      );
    const beforeBad = await visits();
    expect(
      (await other({ [VISIT_DEVICE_HEADER]: 'x', [VISIT_SOURCE_HEADER]: 'Bad Tag!' })).statusCode,
    ).toBe(200);
    expect((await other({ [VISIT_DEVICE_HEADER]: 'y' })).statusCode).toBe(200);
    expect(await visits()).toBe(beforeBad + 1);
    expect(Object.keys((await readStats([today()]))[0]!.sources)).toEqual(['poster']);
  });

  it('still answers the page when the count cannot be written', async () => {
    await addSlice('Chips');
    // The stats table is gone for this call: the count fails, the page must not.
    vi.stubEnv(tableEnvName('stats'), 'no-such-table');
    const result = await wheel();
    expect(result.statusCode).toBe(200);
    expect((bodyOf(result) as unknown as WheelResponse).slices.map((s) => s.name)).toContain(
      'Chips',
    );
  });
});

/** Verify's answer for a number, carrying a sign-in key of it as the page's answers do. */
const answerWithKey = async (
  intl: string,
  params: Record<string, string>,
  answer: string,
): Promise<boolean> => {
  // Armed for the challenge's code, as CreateAuthChallenge arms the key of the grant it sends on.
  const { key, keyHash } = await issueSignInKey(intl, Date.now());
  await armKeyForSentCode(intl, keyHash, params.hash ?? '');
  return verifyCodeAnswer(intl, params, answer, false, key);
};

describe('verified (the Verify trigger)', () => {
  const code = '123456';
  const params = () => {
    const digest = digestCode(code);
    return { salt: digest.salt, hash: digest.hash };
  };

  it('counts a number once: not for a wrong answer, nor a retried trigger, nor a second sign-in', async () => {
    const { intl } = testPhone(5101);
    await putVisitorRecord(intl, 'sub-5101');
    const before = (await countsToday()).verified;

    expect(await answerWithKey(intl, params(), '654321')).toBe(false);
    expect((await countsToday()).verified).toBe(before);

    const first = params();
    expect(await answerWithKey(intl, first, code)).toBe(true);
    expect((await countsToday()).verified).toBe(before + 1);
    // Cognito calls a slow trigger again with the same answer: counted already.
    expect(await answerWithKey(intl, first, code)).toBe(true);
    // The visitor signs in again another day (otp/start writes the record again): still once.
    await putVisitorRecord(intl, 'sub-5101-again');
    expect(await answerWithKey(intl, params(), code)).toBe(true);
    expect((await countsToday()).verified).toBe(before + 1);
    // The record still names the newest user.
    expect(await getVisitorRecord(intl, Date.now())).toEqual({
      kind: 'user',
      sub: 'sub-5101-again',
    });
  });

  it('counts two numbers verified at the same moment as two', async () => {
    const before = (await countsToday()).verified;
    const numbers = [5201, 5202, 5203, 5204].map((n) => testPhone(n).intl);
    const results = await Promise.all(numbers.map((n) => answerWithKey(n, params(), code)));
    expect(results).toEqual([true, true, true, true]);
    expect((await countsToday()).verified).toBe(before + 4);
  });

  it('forgets the mark with the number on erasure', async () => {
    const { intl } = testPhone(5301);
    await putVisitorRecord(intl, 'sub-5301');
    await answerWithKey(intl, params(), code);
    const before = (await countsToday()).verified;
    await deleteVisitorRecord(intl);
    await putVisitorRecord(intl, 'sub-5301-new');
    await answerWithKey(intl, params(), code);
    expect((await countsToday()).verified).toBe(before + 1);
  });

  it('never fails the sign-in when the count cannot be written', async () => {
    vi.stubEnv(tableEnvName('stats'), 'no-such-table');
    expect(await answerWithKey(testPhone(5401).intl, params(), code)).toBe(true);
  });
});

describe('the funnel in GET /api/insights', () => {
  it('lists visits, codes sent, verified, spins and redeemed with the share kept at each step, per day too', async () => {
    const slice = await addSlice('Funnel prize');
    // A prize won on 1 Mar and redeemed on the 2nd: a redeem of the 2nd, not a step of its funnel.
    const before = new Date('2026-02-28T20:00:00.000Z');
    vi.useFakeTimers({ now: before, toFake: ['Date'] });
    await drawAndRecord(testPhone(5500).intl, { preferredSliceId: slice.id });
    // 2 Mar 2026 in Sydney (+11:00): 10 visits, 6 numbers sent 7 codes (one resend), 4 verified,
    // 3 spins, 1 of them redeemed.
    const at = new Date('2026-03-02T01:00:00.000Z');
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    for (let i = 0; i < 10; i++) await wheel();
    await addStats(at, { add: { codes: 7, codeNumbers: 6 } });
    for (const n of [5501, 5502, 5503, 5504]) {
      const digest = digestCode('111111');
      await answerWithKey(testPhone(n).intl, { ...digest }, '111111');
    }
    for (const n of [5501, 5502, 5503]) {
      await drawAndRecord(testPhone(n).intl, { preferredSliceId: slice.id });
    }
    await redeemCustomer(testPhone(5501).intl, 'operator', at.toISOString());
    await redeemCustomer(testPhone(5500).intl, 'operator', at.toISOString());
    vi.useRealTimers();

    const { data } = await insights({ from: '2026-03-02', to: '2026-03-02' });

    expect(data.funnel).toEqual([
      { step: 'visits', count: 10, kept: null },
      { step: 'codesSent', count: 6, kept: 0.6 },
      { step: 'verified', count: 4, kept: 4 / 6 },
      { step: 'spins', count: 3, kept: 0.75 },
      { step: 'redeemed', count: 1, kept: 1 / 3 },
    ]);
    expect(data.totals).toMatchObject({
      visits: 10,
      verified: 4,
      codesSent: 7,
      spins: 3,
      redeemed: 2,
    });
    expect(data.days).toEqual([
      { date: '2026-03-02', visits: 10, codesSent: 7, verified: 4, spins: 3, redeemed: 2 },
    ]);
    // Over both days the earlier win's redeem is its day's step: 2 of 4 wins.
    const both = await insights({ from: '2026-03-01', to: '2026-03-02' });
    expect(both.data.funnel.at(-1)).toEqual({ step: 'redeemed', count: 2, kept: 0.5 });
  });

  it('never reads a step above 100 % of the one before', async () => {
    // Nine visitors behind one address that has used its visits for the day: their codes still
    // count, and the step reads as all kept.
    const at = new Date('2026-03-10T01:00:00.000Z');
    await addStats(at, { add: { visits: 1, codes: 9, codeNumbers: 9 } });
    const { data } = await insights({ from: '2026-03-10', to: '2026-03-10' });
    expect(data.funnel.slice(0, 2)).toEqual([
      { step: 'visits', count: 1, kept: null },
      { step: 'codesSent', count: 9, kept: 1 },
    ]);
  });

  it('has no share after an empty step', async () => {
    const { data } = await insights({ from: '2025-01-01', to: '2025-01-02' });
    expect(data.funnel.map((s) => s.kept)).toEqual([null, null, null, null, null]);
  });
});
