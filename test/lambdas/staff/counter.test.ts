/**
 * What the counter needs from the server: the prize's condition saved with the win, numbers as
 * staff type them, and the "Unredeemed only" list that stays one or two calls however long the
 * list of everybody is.
 */
import { describe, expect, it } from 'vitest';
import { drawAndRecord } from '../../../lambdas/domain/spin';
import { editSlice } from '../../../lambdas/domain/slices-admin';
import { handler as getMySpin } from '../../../lambdas/handlers/get-my-spin';
import { handler as listUsers } from '../../../lambdas/handlers/list-users';
import { handler as redeemUser } from '../../../lambdas/handlers/redeem-user';
import { handler as searchUsers } from '../../../lambdas/handlers/search-users';
import { redeemCustomer } from '../../../lambdas/repositories/customers';
import { MESSAGES } from '@shared/messages';
import type { Customer, UsersPage } from '@shared/types';
import {
  bodyOf,
  httpEvent,
  OPERATOR_TOKEN,
  statusAndBody,
  visitorTokenFor,
} from '../../support/http-event';
import { addSlice, testPhone } from '../visitor/support';
import { customerFixture, seedCustomers, seedSlice } from './seed';

const search = async (phoneNumber: unknown) =>
  statusAndBody(
    await searchUsers(
      httpEvent({ tokenFields: OPERATOR_TOKEN, path: '/api/users/search', body: { phoneNumber } }),
    ),
  );

const list = async (query: Record<string, string>) => {
  const result = await listUsers(
    httpEvent({ tokenFields: OPERATOR_TOKEN, method: 'GET', path: '/api/users', query }),
  );
  return { status: result.statusCode, body: bodyOf(result) as { data: UsersPage } };
};

describe('the condition saved with the win', () => {
  it('stays what was promised when the slice is edited later', async () => {
    const slice = await addSlice('Burger deal', 1, null, 'With any order over $20');
    const { intl, local } = testPhone(8101);
    await drawAndRecord(intl, { preferredSliceId: slice.id });
    await editSlice(
      slice.id,
      {
        name: 'Burger deal',
        comment: 'With any order over $40',
        imageSrc: '',
        bgColor: '#ffffff',
        weight: 1,
        stock: null,
        validDays: null,
        expectedUpdatedAt: slice.updatedAt,
        expectedStock: null,
      },
      new Date(),
    );

    const found = await search(local);
    expect(found.status).toBe(200);
    expect((found.body.data as Customer).condition).toBe('With any order over $20');
    // The visitor's own saved prize says the same.
    const mine = statusAndBody(
      await getMySpin(httpEvent({ method: 'GET', tokenFields: visitorTokenFor(intl) })),
    );
    expect(mine.body).toMatchObject({ comment: 'With any order over $20' });
  });

  it('is absent on a record written before conditions were saved', async () => {
    const slice = await seedSlice();
    await seedCustomers([customerFixture(8201, slice.id, '2026-04-01T00:00:00.000Z')], slice);
    const found = await search('0400008201');
    expect(found.body.data).not.toHaveProperty('condition');
  });
});

describe('numbers as staff type them', () => {
  it.each([
    ['spaces', '0400 008 301'],
    ['dashes', '0400-008-301'],
    ['a +61 prefix', '+61 400 008 301'],
  ])('finds and redeems a customer typed with %s', async (_label, typed) => {
    const slice = await seedSlice();
    const customer = customerFixture(8301, slice.id, '2026-04-02T00:00:00.000Z');
    await seedCustomers([customer], slice).catch(() => undefined); // once for the three cases
    const found = await search(typed);
    expect(found.status).toBe(200);
    expect((found.body.data as Customer).localNumber).toBe('0400008301');
  });

  it('redeems a number typed with spaces', async () => {
    const slice = await seedSlice();
    await seedCustomers([customerFixture(8302, slice.id, '2026-04-02T00:00:00.000Z')], slice);
    const result = statusAndBody(
      await redeemUser(
        httpEvent({
          tokenFields: OPERATOR_TOKEN,
          path: '/api/users/redeem',
          body: { phoneNumber: '0400 008 302' },
        }),
      ),
    );
    expect(result.status).toBe(200);
    expect((result.body.data as Customer).isOfferClaimed).toBe(true);
  });

  it.each([
    ['letters', '04ab008301'],
    ['too short', '0400 008 30'],
  ])('still refuses %s with the required message', async (_label, typed) => {
    const result = await search(typed);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message: MESSAGES.searchInvalid });
  });
});

describe('GET /api/users?filter=unredeemed', () => {
  it('lists only offers still to redeem, newest first, in one call even among 600 redeemed (12 pages of everybody)', async () => {
    // Prepare: 600 customers redeemed (12 pages of everybody) and 3 still to redeem among them,
    // plus one whose prize expired unredeemed.
    const slice = await seedSlice();
    const base = Date.UTC(2026, 8, 1);
    const customers = Array.from({ length: 604 }, (_, i) =>
      customerFixture(10_000 + i, slice.id, new Date(base + i * 1000).toISOString()),
    );
    const open = [customers[3]!, customers[300]!, customers[600]!];
    customers[450] = { ...customers[450]!, expiresAt: '2026-09-02T00:00:00.000Z' };
    await seedCustomers(customers, slice);
    const keep = new Set([...open, customers[450]!].map((c) => c.phoneNumber));
    const toRedeem = customers.filter((c) => !keep.has(c.phoneNumber));
    for (let i = 0; i < toRedeem.length; i += 32) {
      await Promise.all(
        toRedeem
          .slice(i, i + 32)
          .map((c) => redeemCustomer(c.phoneNumber, 'operator', '2026-09-03T00:00:00.000Z')),
      );
    }

    // Act
    const first = await list({ filter: 'unredeemed' });

    // Assess: the three, newest first, and nothing more to load.
    expect(first.status).toBe(200);
    const batch = new Set(customers.map((c) => c.phoneNumber));
    expect(
      first.body.data.users.filter((u) => batch.has(u.phoneNumber)).map((u) => u.localNumber),
    ).toEqual([...open].reverse().map((c) => c.localNumber));
    expect(first.body.data.users.every((u) => !u.isOfferClaimed)).toBe(true);
    expect(first.body.data.nextCursor).toBeNull();
    // Everybody is still 13 pages.
    const everybody = await list({});
    expect(everybody.body.data.users).toHaveLength(50);
    expect(everybody.body.data.nextCursor).not.toBeNull();
  }, 60_000);

  it('pages a long unredeemed list by 50 without repeating a row', async () => {
    const slice = await seedSlice();
    const base = Date.UTC(2026, 9, 1);
    const customers = Array.from({ length: 120 }, (_, i) =>
      customerFixture(20_000 + i, slice.id, new Date(base + i * 1000).toISOString()),
    );
    await seedCustomers(customers, slice);
    const seen: string[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const page = await list({ filter: 'unredeemed', ...(cursor ? { cursor } : {}) });
      expect(page.body.data.users.length).toBeLessThanOrEqual(50);
      seen.push(...page.body.data.users.map((u) => u.phoneNumber));
      cursor = page.body.data.nextCursor;
      calls += 1;
    } while (cursor);
    const ours = seen.filter((p) => customers.some((c) => c.phoneNumber === p));
    expect(new Set(seen).size).toBe(seen.length);
    expect(ours).toHaveLength(120);
    expect(calls).toBeLessThanOrEqual(Math.ceil(seen.length / 50) + 1);
  });

  it('refuses an unknown filter with a 400', async () => {
    const result = await list({ filter: 'everything' });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'INVALID_FILTER' });
  });
});
