/**
 * The business's days: the promotion's figures are counted per day as the shop sees it (its own
 * time zone, Australia/Sydney unless the deployment says otherwise), not per UTC day.
 */
import { BUSINESS_TIME_ZONE_DEFAULT } from './constants';

/** A calendar day, YYYY-MM-DD. */
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day in ms (UTC days have no DST). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC starting `day`, in ms: calendar days are counted in UTC. */
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** The business day (YYYY-MM-DD) a moment falls on. */
export function businessDay(at: Date, timeZone = BUSINESS_TIME_ZONE_DEFAULT): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The day `count` days after `day` (negative: before), YYYY-MM-DD. */
export function addDays(day: string, count: number): string {
  return new Date(dayStart(day) + count * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included (0 when `to` comes first); lists nothing. */
export const dayCount = (from: string, to: string): number =>
  Math.max(0, Math.round((dayStart(to) - dayStart(from)) / DAY_MS) + 1);

/**
 * Every day from `from` to `to`, both included. Counted, not compared as text: the day after
 * 9999-12-31 is written "+010000-01-01", which sorts before it.
 */
export function daysBetween(from: string, to: string): string[] {
  return Array.from({ length: dayCount(from, to) }, (_, i) => addDays(from, i));
}

/** True for a real calendar day written YYYY-MM-DD. */
export const isCalendarDay = (value: string): boolean =>
  DAY_PATTERN.test(value) && addDays(value, 0) === value;
