/**
 * The business's days: the promotion's figures are counted per day as the shop sees it (its own
 * time zone, Australia/Sydney unless the deployment says otherwise), not per UTC day.
 */
import { BUSINESS_TIME_ZONE_DEFAULT } from './constants';

/** A calendar day, YYYY-MM-DD. */
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

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
  const at = new Date(`${day}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + count);
  return at.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** True for a real calendar day written YYYY-MM-DD. */
export const isCalendarDay = (value: string): boolean =>
  DAY_PATTERN.test(value) && addDays(value, 0) === value;
