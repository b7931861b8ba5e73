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

/**
 * The business's wall clock at a moment, as parts (year, month, day, hour, minute, second). One
 * formatter per zone, kept: building one costs far more than using it (about 65 us against a few,
 * and the customers CSV reads three times on every one of its rows).
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, timeZone: string): Record<string, string> {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    // en-CA writes dates as YYYY-MM-DD.
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, clock);
  }
  return Object.fromEntries(clock.formatToParts(at).map((part) => [part.type, part.value]));
}

/** The business day (YYYY-MM-DD) a moment falls on. */
export function businessDay(at: Date, timeZone = BUSINESS_TIME_ZONE_DEFAULT): string {
  const { year, month, day } = wallClock(at, timeZone);
  return `${year}-${month}-${day}`;
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

/**
 * A moment as ISO 8601 in the business's time zone, with that zone's offset then:
 * "2026-11-25T09:30:00+11:00" (whole seconds).
 */
export function businessIsoTime(iso: string, timeZone = BUSINESS_TIME_ZONE_DEFAULT): string {
  const at = new Date(iso);
  const parts = wallClock(at, timeZone);
  const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  // The offset is how far the wall clock is from UTC at that moment (whole seconds).
  const offsetMinutes = Math.round(
    (Date.parse(`${local}Z`) - Math.floor(at.getTime() / 1000) * 1000) / 60_000,
  );
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}
