import { describe, expect, it } from 'vitest';
import { handler as listUserChanges } from '../../../lambdas/handlers/list-user-changes';
import { handler as redeemUser } from '../../../lambdas/handlers/redeem-user';
import type { UsersChanges } from '@shared/types';
import { bodyOf, httpEvent, OPERATOR_TOKEN } from '../../support/http-event';
import { customerFixture, seedCustomers, seedSlice } from './seed';

const poll = async (since?: string) => {
  const result = await listUserChanges(
    httpEvent({
      tokenFields: OPERATOR_TOKEN,
      method: 'GET',
      path: '/api/users/changes',
      ...(since === undefined ? {} : { query: { since } }),
    }),
  );
  return { status: result.statusCode, body: bodyOf(result) as { data: UsersChanges } };
};

describe('GET /api/users/changes', () => {
  it('starts the feed now, then returns new winners and redemptions made elsewhere', async () => {
    const slice = await seedSlice();
    const start = await poll();
    expect(start.status).toBe(200);
    expect(start.body.data.users).toEqual([]);
    expect(Date.now() - Date.parse(start.body.data.cursor)).toBeLessThan(60_000);

    const now = Date.now();
    const winner = customerFixture(501, slice.id, new Date(now).toISOString());
    const redeemed = customerFixture(502, slice.id, new Date(now + 1).toISOString());
    await seedCustomers([winner, redeemed], slice);
    await redeemUser(
      httpEvent({
        tokenFields: OPERATOR_TOKEN,
        path: '/api/users/redeem',
        body: { phoneNumber: redeemed.localNumber },
      }),
    );
    const next = await poll(start.body.data.cursor);

    expect(next.status).toBe(200);
    const byPhone = new Map(next.body.data.users.map((u) => [u.localNumber, u]));
    expect(byPhone.get(winner.localNumber)).toEqual(winner);
    expect(byPhone.get(redeemed.localNumber)).toMatchObject({
      isOfferClaimed: true,
      redeemedBy: 'operator',
    });
    expect(next.body.data.more).toBe(false);
    expect(next.body.data.users.every((u) => !('changedSort' in u))).toBe(true);
  });

  it('pages a burst of changes: every change comes, none is skipped', async () => {
    const slice = await seedSlice();
    const base = Date.now() - 5_000;
    const burst = Array.from({ length: 150 }, (_, n) =>
      customerFixture(600 + n, slice.id, new Date(base + n).toISOString()),
    );
    await seedCustomers(burst, slice);
    const seen = new Set<string>();
    let cursor = new Date(base - 1).toISOString();
    let polls = 0;
    for (;;) {
      const { status, body } = await poll(cursor);
      expect(status).toBe(200);
      for (const u of body.data.users) seen.add(u.localNumber);
      polls += 1;
      cursor = body.data.cursor;
      if (!body.data.more) break;
      expect(polls).toBeLessThan(10);
    }
    expect(burst.filter((c) => !seen.has(c.localNumber))).toEqual([]);
    expect(polls).toBeGreaterThanOrEqual(2);
  });

  it('refuses a cursor that is not a time, is over a day old or is in the future, with a 400', async () => {
    const day = 24 * 60 * 60 * 1000;
    for (const since of [
      'yesterday',
      '0412345678',
      new Date(Date.now() - 2 * day).toISOString(),
      new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      'x'.repeat(5000),
    ]) {
      const { status, body } = await poll(since);
      expect(status, since.slice(0, 30)).toBe(400);
      expect(body).toMatchObject({ code: 'INVALID_CURSOR' });
    }
  });
});
