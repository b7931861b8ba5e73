/**
 * The day's figures (docs/architecture.md, "One schema per record"): what the stats repository
 * adds up from a business day's counter items for the owner's Insights. The record's one schema;
 * its type is read from it.
 */
import * as z from './zod';

/** The counters kept per business day (lambdas/repositories/stats.ts writes them). */
export const STAT_COUNTERS = [
  /** Numbers sent a code, each once a business day (the funnel's step: resends left out). */
  'codeNumbers',
  /** Of the day's wins, those since redeemed (counted on the win's day: the funnel's last step). */
  'redeemedOfWins',
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
  /** Spin-first previews refused (per-address, /48 or the deployment's hourly cap). */
  'refusedPreviews',
] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

/** The steps counted per source tag (shared/source-tag.ts). */
export const SOURCE_STEPS = ['visits', 'codes', 'wins', 'redeemed'] as const;
export type SourceStep = (typeof SOURCE_STEPS)[number];

const count = z.number().int().min(0);

/** One day's counters, all of its items added up. */
export const dayStatsSchema = z.strictObject({
  /** The business day, YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  counts: z.strictObject(
    Object.fromEntries(STAT_COUNTERS.map((counter) => [counter, count])) as Record<
      StatCounter,
      typeof count
    >,
  ),
  /** Wins per slice id, with the prize name as won. */
  wins: z.record(z.string(), z.strictObject({ name: z.string(), wins: count })),
  /** Per source tag, each step's count. */
  sources: z.record(
    z.string(),
    z.strictObject(
      Object.fromEntries(SOURCE_STEPS.map((step) => [step, count])) as Record<
        SourceStep,
        typeof count
      >,
    ),
  ),
  /** Redeem-time histogram: bucket -> redemptions. */
  redeemTimes: z.record(z.string(), count),
});
export type DayStats = z.infer<typeof dayStatsSchema>;
