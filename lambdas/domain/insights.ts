/**
 * The owner's view of the promotion (GET /api/insights): totals, the funnel (visits, codes sent,
 * verified, spins, redeemed, each with the share kept from the step before), the same per
 * business day, and wins per prize against the wheel's odds, over a range of days. Computed from
 * the day counters and the prizes-owed counters (repositories/stats.ts). The customers table is
 * where the wins, redemptions and prizes owed come from: its change stream keeps those counters
 * (domain/stats-stream.ts), but a view never queries it, so it costs the same at 100 customers as
 * at 100,000.
 */
import { addDays, businessDay, dayCount, daysBetween, isCalendarDay } from '@shared/business-day';
import {
  INSIGHTS_DEFAULT_DAYS,
  INSIGHTS_MAX_DAYS,
  OWNER_CURRENCY_DEFAULT,
  SMS_PRICE_USD_DEFAULT,
  USD_RATE_DATE_DEFAULT,
  USD_RATE_DEFAULT,
} from '@shared/constants';
import { amountEnv, businessTimeZone, optionalEnv } from '../lib/env';
import { badRequest } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { oddsShare } from '@shared/slice';
import {
  FUNNEL_STEPS,
  REFUSAL_REASONS,
  type FunnelStep,
  type Insights,
  type Slice,
} from '@shared/types';
import * as z from '@shared/zod';
import { getGameSettings } from '../repositories/settings';
import { listSlices } from '../repositories/slices';
import type { DayStats } from '@shared/day-stats';
import { readOwed, readStats, redeemTimeOfBucket } from '../repositories/stats';
import { REFUSAL_COUNTERS } from './code-refusals';

/** "Expiring this week": prizes owed whose expiry falls within this long from now. */
const EXPIRING_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/** The owner's currency and what one USD is worth in it (OWNER_CURRENCY, USD_RATE, USD_RATE_DATE). */
export interface OwnerMoney {
  currency: string;
  usdRate: number;
  rateDate: string;
}

/** GET /api/insights query: optional from and to, calendar days YYYY-MM-DD. */
export const insightsQuerySchema = z.strictObject({
  from: z.string().refine(isCalendarDay).optional(),
  to: z.string().refine(isCalendarDay).optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** The price per SMS for the estimate: SMS_PRICE_USD when the deployment sets it. */
const smsPriceUsd = (): number => amountEnv('SMS_PRICE_USD', SMS_PRICE_USD_DEFAULT);

/** The owner's currency, as the deployment sets it (the product's default: AUD). */
const ownerMoney = (): OwnerMoney => ({
  currency: optionalEnv('OWNER_CURRENCY') ?? OWNER_CURRENCY_DEFAULT,
  usdRate: amountEnv('USD_RATE', USD_RATE_DEFAULT),
  rateDate: optionalEnv('USD_RATE_DATE') ?? USD_RATE_DATE_DEFAULT,
});

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** The median of the range's redeem-time histograms (the middle of the bucket it falls in). */
function medianRedeemSeconds(stats: readonly DayStats[]): number | null {
  const buckets = new Map<number, number>();
  for (const day of stats)
    for (const [bucket, count] of Object.entries(day.redeemTimes))
      buckets.set(Number(bucket), (buckets.get(Number(bucket)) ?? 0) + count);
  const total = [...buckets.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  let seen = 0;
  for (const [bucket, count] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
    seen += count;
    if (seen * 2 >= total) return Math.round(redeemTimeOfBucket(bucket));
  }
  return null;
}

/** Each source tag's steps over the range, most visits first (then most wins, then by name). */
function sourcesOf(stats: readonly DayStats[]): Insights['sources'] {
  const bySource = new Map<string, Insights['sources'][number]>();
  for (const day of stats) {
    for (const [source, counts] of Object.entries(day.sources)) {
      const row = bySource.get(source) ?? { source, visits: 0, codesSent: 0, wins: 0, redeemed: 0 };
      row.visits += counts.visits;
      row.codesSent += counts.codes;
      row.wins += counts.wins;
      row.redeemed += counts.redeemed;
      bySource.set(source, row);
    }
  }
  return [...bySource.values()].sort(
    (a, b) => b.visits - a.visits || b.wins - a.wins || a.source.localeCompare(b.source),
  );
}
const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The range's first and last day: the query's, or the default; a bad range is a 400. */
function rangeOf(query: InsightsQuery, now: Date, timeZone: string) {
  const to = query.to ?? businessDay(now, timeZone);
  const from = query.from ?? addDays(to, 1 - INSIGHTS_DEFAULT_DAYS);
  // Counted before any day is listed: a range may span the whole calendar. A default start
  // before year 0 is no calendar day, refused too.
  const days = dayCount(from, to);
  if (!isCalendarDay(from) || days === 0 || days > INSIGHTS_MAX_DAYS)
    throw badRequest('INVALID_RANGE', API_MESSAGES.insightsRange);
  return { from, to };
}

/** A counter added up over the range's days. */
const summed = (stats: readonly DayStats[]) => (counter: keyof DayStats['counts']) =>
  stats.reduce((total, day) => total + day.counts[counter], 0);

/**
 * The funnel follows people: numbers sent a code (resends left out), and of the range's wins those
 * redeemed (a prize won before the range and redeemed in it is not this range's step). A step
 * still above the one before (a device past its address's visits, a number verified on one day
 * and spun on the next) reads as 100 % kept, never more.
 */
function funnelOf(sum: ReturnType<typeof summed>): Insights['funnel'] {
  const steps: Record<FunnelStep, number> = {
    visits: sum('visits'),
    codesSent: sum('codeNumbers'),
    verified: sum('verified'),
    spins: sum('spins'),
    redeemed: sum('redeemedOfWins'),
  };
  return FUNNEL_STEPS.map((step, i) => {
    const kept = i === 0 ? null : ratio(steps[step], steps[FUNNEL_STEPS[i - 1]!]);
    return { step, count: steps[step], kept: kept === null ? null : Math.min(1, kept) };
  });
}

/** Each prize won in the range or on the wheel now, most won first (a deleted one named as won). */
function prizesOf(stats: readonly DayStats[], slices: readonly Slice[]): Insights['prizes'] {
  const spins = summed(stats)('spins');
  const won = new Map<string, { name: string; wins: number }>();
  for (const day of stats) {
    for (const [sliceId, entry] of Object.entries(day.wins)) {
      const total = won.get(sliceId) ?? { name: entry.name, wins: 0 };
      total.wins += entry.wins;
      won.set(sliceId, total);
    }
  }
  const current = new Map(slices.map((s) => [s.id, s]));
  return [
    ...slices.map((s) => ({
      sliceId: s.id,
      name: s.name,
      wins: won.get(s.id)?.wins ?? 0,
      winShare: ratio(won.get(s.id)?.wins ?? 0, spins),
      oddsShare: oddsShare(s, slices),
      deleted: false,
    })),
    ...[...won.entries()]
      .filter(([sliceId]) => !current.has(sliceId))
      .map(([sliceId, entry]) => ({
        sliceId,
        name: entry.name,
        wins: entry.wins,
        winShare: ratio(entry.wins, spins),
        oddsShare: null,
        deleted: true,
      })),
  ].sort((a, b) => b.wins - a.wins || a.name.localeCompare(b.name));
}

/** The range's totals. */
function totalsOf(sum: ReturnType<typeof summed>, smsPrice: number): Insights['totals'] {
  const spins = sum('spins');
  const redeemed = sum('redeemed');
  const codesSent = sum('codes');
  const previews = sum('previews');
  const ticketSpins = sum('ticketSpins');
  return {
    visits: sum('visits'),
    verified: sum('verified'),
    spins,
    redeemed,
    redemptionRate: ratio(redeemed, spins),
    codesSent,
    smsCostUsd: cents(codesSent * smsPrice),
    previews,
    ticketSpins,
    previewsPerTicketSpin: ratio(previews, ticketSpins),
    previewsRefused: sum('refusedPreviews'),
  };
}

/**
 * The insights for `query` (default: the last INSIGHTS_DEFAULT_DAYS days up to today, i.e. today). A range
 * ending before it starts, or longer than INSIGHTS_MAX_DAYS, is a 400.
 */
export async function buildInsights(query: InsightsQuery, now: Date): Promise<Insights> {
  const timeZone = businessTimeZone();
  const smsPrice = smsPriceUsd();
  const money = ownerMoney();
  const { from, to } = rangeOf(query, now, timeZone);
  const [stats, slices, game, owed] = await Promise.all([
    readStats(daysBetween(from, to)),
    listSlices(),
    getGameSettings(),
    readOwed(now.toISOString(), new Date(now.getTime() + EXPIRING_WITHIN_MS).toISOString()),
  ]);
  const sum = summed(stats);
  const totals = totalsOf(sum, smsPrice);
  return {
    from,
    to,
    timeZone,
    spinMode: game.spinMode,
    smsPriceUsd: smsPrice,
    totals,
    funnel: funnelOf(sum),
    refused: Object.fromEntries(
      REFUSAL_REASONS.map((reason) => [reason, sum(REFUSAL_COUNTERS[reason])]),
    ) as Insights['refused'],
    money: { ...money, smsCost: cents(totals.codesSent * smsPrice * money.usdRate) },
    owed: { total: owed.total, expiringThisWeek: owed.expiring },
    medianRedeemSeconds: medianRedeemSeconds(stats),
    sources: sourcesOf(stats),
    days: stats.map((day) => ({
      date: day.day,
      visits: day.counts.visits,
      codesSent: day.counts.codes,
      verified: day.counts.verified,
      spins: day.counts.spins,
      redeemed: day.counts.redeemed,
    })),
    prizes: prizesOf(stats, slices),
  };
}
