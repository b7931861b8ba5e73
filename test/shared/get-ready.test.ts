import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_BUSINESS } from '@shared/business-fields';
import { getReadyState } from '@shared/get-ready';

const never = { passwordSetAt: { admin: null, operator: null }, printedAt: null };
const prize = (weight: number, stock: number | null) => ({ weight, stock });
/** Whether the list ticks the prizes step for these slices. */
const prizesMakeSense = (slices: { weight: number; stock: number | null }[]): boolean =>
  getReadyState({ business: PLACEHOLDER_BUSINESS, slices, setup: never, trustedConnections: 0 })
    .done.prizes;

describe('the "Get ready" list', () => {
  it('ticks nothing on a fresh stack: placeholder name and logo, even prizes, nothing recorded', () => {
    expect(
      getReadyState({
        business: PLACEHOLDER_BUSINESS,
        slices: [prize(1, null), prize(1, null), prize(1, null)],
        setup: never,
        trustedConnections: 0,
      }),
    ).toEqual({
      done: {
        details: false,
        logo: false,
        prizes: false,
        passwords: false,
        poster: false,
        wifi: false,
      },
      passwordToChange: 'admin',
    });
  });

  it('ticks each step from its stored fact; passwords only once both were set', () => {
    const at = '2026-11-28T01:00:00.000Z';
    const { done, passwordToChange } = getReadyState({
      business: { businessName: "Joe's Pizza", logoUrl: '/media/business/1-joe.png' },
      slices: [prize(10, null), prize(1, 5)],
      setup: { passwordSetAt: { admin: at, operator: null }, printedAt: at },
      trustedConnections: 1,
    });
    expect(done).toEqual({
      details: true,
      logo: true,
      prizes: true,
      passwords: false,
      poster: true,
      wifi: true,
    });
    expect(passwordToChange).toBe('operator');
  });

  it('calls prizes sensible with two to win, a stock limit and odds that differ', () => {
    expect(prizesMakeSense([prize(10, null), prize(1, 5)])).toBe(true);
    expect(prizesMakeSense([prize(10, null), prize(1, null)])).toBe(false); // nothing limited
    expect(prizesMakeSense([prize(1, 5), prize(1, null)])).toBe(false); // all equally likely
    expect(prizesMakeSense([prize(10, null), prize(1, 0)])).toBe(false); // one left to win
  });
});
