import { describe, expect, it } from 'vitest';
import { drawAndRecord } from '../../../lambdas/domain/spin';
import { handler as getInsights } from '../../../lambdas/handlers/get-insights';
import { redeemCustomer } from '../../../lambdas/repositories/customers';
import { mergeGameSettings } from '../../../lambdas/repositories/settings';
import { deleteSlice } from '../../../lambdas/repositories/slices';
import { addStats } from '../../../lambdas/repositories/stats';
import { SMS_PRICE_USD_DEFAULT } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages';
import type { Insights } from '@shared/types';
import { ADMIN_CLAIMS, bodyOf, httpEvent, OPERATOR_CLAIMS } from '../../support/http-event';
import { addSlice } from '../visitor/support';

const insights = async (query: Record<string, string> = {}, claims = ADMIN_CLAIMS) => {
  const result = await getInsights(
    httpEvent({ claims, method: 'GET', path: '/api/insights', query }),
  );
  return { status: result.statusCode, body: bodyOf(result) as { data: Insights } };
};

/**
 * Draws for `phone` at `at` with the draw forced onto the slice at `pick` of the weighted list;
 * with `ticketFor`, as the claim of a spin-first preview of that slice.
 */
const spinAt = (phone: string, at: string, pick: number, ticketFor?: string) =>
  drawAndRecord(phone, ticketFor ? { preferredSliceId: ticketFor } : {}, {
    randomInt: () => pick,
    now: () => new Date(at),
  });

describe('GET /api/insights', () => {
  it('answers zeros over the last 30 days before any spin, listing the wheel’s prizes', async () => {
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
      claims: 0,
      previewsPerClaim: null,
    });
    expect(body.data.timeZone).toBe('Australia/Sydney');
    expect(body.data.smsPriceUsd).toBe(SMS_PRICE_USD_DEFAULT);
    const defaultRange = await insights();
    expect(defaultRange.body.data.days).toHaveLength(30);
  });

  it('counts spins, redemptions, codes and previews per business day, and wins per prize against the odds, a deleted prize included', async () => {
    const chips = await addSlice('Chips', 3);
    const drink = await addSlice('Drink', 1);
    await mergeGameSettings({ spinMode: 'spin-first' }, new Date().toISOString());
    // Slices list newest first: Drink (weight 1) then Chips (weight 3); a pick of 0 draws Drink,
    // 1 to 3 draw Chips.
    await spinAt('+61400000701', '2026-05-01T01:00:00.000Z', 1); // 11:00 on 1 May in Sydney
    await spinAt('+61400000702', '2026-05-01T15:30:00.000Z', 2, chips.id); // 01:30 on 2 May in Sydney
    await spinAt('+61400000703', '2026-05-02T03:00:00.000Z', 0, drink.id);
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
      claims: 2,
      previewsPerClaim: 3,
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
      { to: '0000-01-05' },
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
    expect((await insights({}, OPERATOR_CLAIMS)).status).toBe(403);
  });

  it('answers a range that ends on the last calendar day', async () => {
    const { status, body } = await insights({ to: '9999-12-31' });
    expect(status).toBe(200);
    expect(body.data.days.map((d) => d.date).slice(-2)).toEqual(['9999-12-30', '9999-12-31']);
  });
});
