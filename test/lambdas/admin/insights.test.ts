import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawAndRecord } from '../../../lambdas/domain/spin';
import { handler as getInsights } from '../../../lambdas/handlers/get-insights';
import { redeemCustomer } from '../../../lambdas/repositories/customers';
import { mergeGameSettings } from '../../../lambdas/repositories/settings';
import { deleteSlice } from '../../../lambdas/repositories/slices';
import { addStats } from '../../../lambdas/repositories/stats';
import {
  INSIGHTS_DEFAULT_DAYS,
  OWNER_CURRENCY_DEFAULT,
  SMS_PRICE_USD_DEFAULT,
  USD_RATE_DATE_DEFAULT,
  USD_RATE_DEFAULT,
} from '@shared/constants';
import { businessDay } from '@shared/business-day';
import { addSlice as addSliceAsAdmin } from '../../../lambdas/domain/slices-admin';
import { API_MESSAGES } from '@shared/messages-api';
import type { Insights } from '@shared/types';
import { ADMIN_TOKEN, bodyOf, httpEvent, OPERATOR_TOKEN } from '../../support/http-event';
import { addSlice } from '../visitor/support';
import { drainStatsStream } from '../../support/stats-stream';
import { sliceInput } from '../../support/records';

/** The insights once the change stream's consumer has counted every change so far. */
const insights = async (query: Record<string, string> = {}, tokenFields = ADMIN_TOKEN) => {
  await drainStatsStream();
  const result = await getInsights(
    httpEvent({ tokenFields, method: 'GET', path: '/api/insights', query }),
  );
  return { status: result.statusCode, body: bodyOf(result) as { data: Insights } };
};

/** Slices a test made, deleted after it. */
const made: { id: string }[] = [];
afterEach(async () => {
  for (const slice of made.splice(0)) await deleteSlice(slice.id);
});

/**
 * Draws for `phone` with the clock at `at`; with `ticketFor`, as the exchange of a spin-first
 * ticket for that slice (its win is certain). Without one, the caller makes the draw certain.
 */
const spinAt = async (phone: string, at: string, ticketFor?: string) => {
  vi.useFakeTimers({ now: new Date(at), toFake: ['Date'] });
  try {
    return await drawAndRecord(phone, ticketFor ? { preferredSliceId: ticketFor } : {});
  } finally {
    vi.useRealTimers();
  }
};

describe('GET /api/insights', () => {
  it('answers zeros over a range before any spin, and today by default, listing the wheel’s prizes', async () => {
    const { status, body } = await insights({ from: '2025-01-01', to: '2025-01-30' });

    expect(status).toBe(200);
    expect(body.data.days).toHaveLength(30);
    expect(body.data.days.every((d) => d.spins === 0 && d.redeemed === 0)).toBe(true);
    expect(body.data.totals).toEqual({
      visits: 0,
      verified: 0,
      spins: 0,
      redeemed: 0,
      redemptionRate: null,
      codesSent: 0,
      smsCostUsd: 0,
      previews: 0,
      ticketSpins: 0,
      previewsPerTicketSpin: null,
      previewsRefused: 0,
    });
    expect(body.data.timeZone).toBe('Australia/Sydney');
    expect(body.data.smsPriceUsd).toBe(SMS_PRICE_USD_DEFAULT);
    expect(body.data.refused).toEqual({ connection: 0, number: 0, cap: 0 });
    expect(body.data.owed).toEqual({ total: 0, expiringThisWeek: 0 });
    expect(body.data.money).toEqual({
      currency: OWNER_CURRENCY_DEFAULT,
      usdRate: USD_RATE_DEFAULT,
      rateDate: USD_RATE_DATE_DEFAULT,
      smsCost: 0,
    });
    const defaultRange = await insights();
    expect(defaultRange.body.data.days).toHaveLength(INSIGHTS_DEFAULT_DAYS);
    expect(defaultRange.body.data.to).toBe(businessDay(new Date(), 'Australia/Sydney'));
  });

  it('counts spins, redemptions, codes and previews per business day, and wins per prize against the odds, a deleted prize included', async () => {
    const chips = await addSlice('Chips', 3);
    await mergeGameSettings({ spinMode: 'spin-first' }, new Date().toISOString());
    // A plain spin while Chips is the only prize: the draw is certain.
    await spinAt('+61400000701', '2026-05-01T01:00:00.000Z'); // 11:00 on 1 May in Sydney
    const drink = await addSlice('Drink', 1);
    await spinAt('+61400000702', '2026-05-01T15:30:00.000Z', chips.id); // 01:30 on 2 May in Sydney
    await spinAt('+61400000703', '2026-05-02T03:00:00.000Z', drink.id);
    await redeemCustomer('+61400000701', 'operator', '2026-05-02T04:00:00.000Z');
    await addStats(new Date('2026-05-01T02:00:00.000Z'), { add: { codes: 3, previews: 5 } });
    await addStats(new Date('2026-05-02T02:00:00.000Z'), { add: { codes: 2, previews: 1 } });
    await deleteSlice(drink.id);

    const { status, body } = await insights({ from: '2026-05-01', to: '2026-05-03' });

    expect(status).toBe(200);
    expect(body.data.days).toEqual([
      { date: '2026-05-01', visits: 0, codesSent: 3, verified: 0, spins: 1, redeemed: 0 },
      { date: '2026-05-02', visits: 0, codesSent: 2, verified: 0, spins: 2, redeemed: 1 },
      { date: '2026-05-03', visits: 0, codesSent: 0, verified: 0, spins: 0, redeemed: 0 },
    ]);
    expect(body.data.totals).toEqual({
      visits: 0,
      verified: 0,
      spins: 3,
      redeemed: 1,
      redemptionRate: 1 / 3,
      codesSent: 5,
      smsCostUsd: Math.round(5 * SMS_PRICE_USD_DEFAULT * 100) / 100,
      previews: 6,
      ticketSpins: 2,
      previewsPerTicketSpin: 3,
      previewsRefused: 0,
    });
    expect(body.data.spinMode).toBe('spin-first');
    const byName = Object.fromEntries(body.data.prizes.map((p) => [p.name, p]));
    expect(byName.Chips).toEqual({
      sliceId: chips.id,
      name: 'Chips',
      wins: 2,
      winShare: 2 / 3,
      oddsShare: 1,
      deleted: false,
    });
    expect(byName.Drink).toEqual({
      sliceId: drink.id,
      name: 'Drink',
      wins: 1,
      winShare: 1 / 3,
      oddsShare: null,
      deleted: true,
    });
    await deleteSlice(chips.id);
  });

  it('gives a sold-out prize 0 % of the odds and the others the whole, as Game Settings shows them', async () => {
    const soup = await addSlice('Soup', 2, 0);
    const bread = await addSlice('Bread', 1, 4);
    const tea = await addSlice('Tea', 3);

    const { body } = await insights({ from: '2026-05-01', to: '2026-05-03' });

    const live = body.data.prizes.filter((p) => !p.deleted);
    const odds = Object.fromEntries(live.map((p) => [p.name, p.oddsShare]));
    expect(odds).toEqual({ Soup: 0, Bread: 0.25, Tea: 0.75 });
    for (const slice of [soup, bread, tea]) await deleteSlice(slice.id);
  });

  it('refuses a bad range with a 400 and the reason, and anyone but the admin', async () => {
    const badRanges: Record<string, string>[] = [
      { from: '2026-05-03', to: '2026-05-01' },
      { from: '2024-01-01', to: '2026-01-01' },
      { from: '0001-01-01', to: '9999-12-31' },
      { from: '2026-02-30' },
      { to: '1 May' },
      { days: '7' },
    ];
    for (const query of badRanges) {
      const { status } = await insights(query);
      expect(status, JSON.stringify(query)).toBe(400);
    }
    const reversed = await insights({ from: '2026-05-03', to: '2026-05-01' });
    expect(reversed.body).toMatchObject({ message: API_MESSAGES.insightsRange });
    expect((await insights({}, OPERATOR_TOKEN)).status).toBe(403);
  });

  it('answers a range that ends on the last calendar day', async () => {
    const { status, body } = await insights({ from: '9999-12-30', to: '9999-12-31' });
    expect(status).toBe(200);
    expect(body.data.days.map((d) => d.date).slice(-2)).toEqual(['9999-12-30', '9999-12-31']);
  });

  it('counts the prizes still owed now (won, not redeemed, not expired) and those expiring within 7 days, and the SMS cost in the owner’s currency', async () => {
    const before = (await insights()).body.data.owed;
    const valid = (name: string, validDays: number | null) =>
      addSliceAsAdmin(sliceInput({ name, validDays }), new Date());
    const soon = await valid('Soon', 3);
    const later = await valid('Later', 30);
    made.push(soon, later);
    const day = 24 * 60 * 60 * 1000;
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    await spinAt('+61400000801', ago(0), soon.id); // expires in 3 days: owed, this week
    await spinAt('+61400000802', ago(0), later.id); // expires in 30 days: owed
    await spinAt('+61400000803', ago(5), later.id); // expires in 25 days: owed
    await spinAt('+61400000804', ago(10), soon.id); // expired a week ago: not owed
    await spinAt('+61400000805', ago(1), soon.id); // expires in 2 days, but redeemed
    await redeemCustomer('+61400000805', 'operator', new Date().toISOString());
    vi.stubEnv('OWNER_CURRENCY', 'NZD');
    vi.stubEnv('USD_RATE', '1.75');
    vi.stubEnv('USD_RATE_DATE', '2026-01-02');
    await addStats(new Date(), { add: { codes: 10 } });
    const { body } = await insights();
    expect(body.data.owed).toEqual({
      total: before.total + 3,
      expiringThisWeek: before.expiringThisWeek + 1,
    });
    expect(body.data.money).toEqual({
      currency: 'NZD',
      usdRate: 1.75,
      rateDate: '2026-01-02',
      smsCost: Math.round(body.data.totals.codesSent * SMS_PRICE_USD_DEFAULT * 1.75 * 100) / 100,
    });
  });
});
