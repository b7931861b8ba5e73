/** Business days (shared/business-day.ts): counting and listing calendar days, to the calendar's edges. */
import { describe, expect, it } from 'vitest';
import { addDays, dayCount, daysBetween, isCalendarDay } from '@shared/business-day';

describe('business days', () => {
  it('lists every day of a range, both ends included, across a month and a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(dayCount('2028-02-28', '2028-03-01')).toBe(3);
  });

  it('has no days in a range that ends before it starts', () => {
    expect(daysBetween('2026-05-03', '2026-05-01')).toEqual([]);
    expect(dayCount('2026-05-03', '2026-05-01')).toBe(0);
  });

  it('ends at the last calendar day: the day after 9999-12-31 is not a day that sorts before it', () => {
    expect(isCalendarDay('9999-12-31')).toBe(true);
    expect(daysBetween('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
    expect(addDays('0001-01-02', -1)).toBe('0001-01-01');
  });

  it('counts the whole calendar without listing it', () => {
    expect(dayCount('0001-01-01', '9999-12-31')).toBe(3_652_059);
  });
});
