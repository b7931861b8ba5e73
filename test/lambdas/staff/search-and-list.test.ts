import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as searchUsers } from '../../../lambdas/handlers/search-users';
import { logger } from '../../../lambdas/lib/logger';
import { MESSAGES } from '@shared/messages';
import { bodyOf, httpEvent, OPERATOR_TOKEN } from '../../support/http-event';
import { listUsersPage } from './list-users';
import { customerFixture, seedCustomers, seedSlice } from './seed';

const search = (body: unknown) =>
  searchUsers(httpEvent({ tokenFields: OPERATOR_TOKEN, path: '/api/users/search', body }));

describe('POST /api/users/search', () => {
  it('finds a customer by local number', async () => {
    const slice = await seedSlice();
    const customer = customerFixture(5, slice.id, '2026-04-01T00:00:00.000Z');
    await seedCustomers([customer], slice);
    const result = await search({ phoneNumber: '0400000005' });
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ data: customer });
  });

  it.each([
    ['an unknown 04 number', '0400000999'],
    ['ten digits not starting 04', '1234567890'],
  ])('answers {data: null} for %s', async (_label, phoneNumber) => {
    const result = await search({ phoneNumber });
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ data: null });
  });

  it.each([
    ['no phone number', {}],
    ['11 digits', { phoneNumber: '04000000051' }],
    ['non-digits', { phoneNumber: '04-0000005' }],
    ['a number value', { phoneNumber: 400000005 }],
  ])('refuses %s with the required message', async (_label, body) => {
    const result = await search(body);
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ message: MESSAGES.searchInvalid });
  });
});

describe('POST /api/users/search by the last 3 or 4 digits', () => {
  it('finds the customers whose number ends so, redeemed and expired ones too, newest first, at most 10', async () => {
    const slice = await seedSlice();
    const at = (minute: number) => `2026-06-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
    // 14 numbers ending 4321 (04 1n 00 4321), one of them redeemed and one expired; 4321 inside
    // another number, and ending 321 only.
    const ending = Array.from({ length: 14 }, (_, i) => ({
      ...customerFixture(0, slice.id, at(i)),
      localNumber: `041${String(i).padStart(3, '0')}4321`,
      phoneNumber: `+6141${String(i).padStart(3, '0')}4321`,
    }));
    ending[13] = {
      ...ending[13]!,
      isOfferClaimed: true,
      redeemedBy: 'operator',
      redeemedAt: at(30),
    };
    ending[12] = { ...ending[12]!, expiresAt: '2026-06-02T00:00:00.000Z' };
    const inside = {
      ...customerFixture(0, slice.id, at(40)),
      localNumber: '0443210000',
      phoneNumber: '+61443210000',
    };
    const shorter = {
      ...customerFixture(0, slice.id, at(41)),
      localNumber: '0400005321',
      phoneNumber: '+61400005321',
    };
    await seedCustomers([...ending, inside, shorter], slice);

    const four = await search({ lastDigits: '4321' });
    expect(four.statusCode).toBe(200);
    const found = bodyOf(four) as {
      data: { localNumber: string; isOfferClaimed: boolean; redeemedBy?: string }[];
      more: boolean;
    };
    // 14 matches, the redeemed and the expired one among them (a dispute at the counter needs
    // them): the 10 newest, and more to find.
    expect(found.data.map((c) => c.localNumber)).toEqual(
      ending
        .slice()
        .reverse()
        .slice(0, 10)
        .map((c) => c.localNumber),
    );
    expect(found.data[0]).toMatchObject({ isOfferClaimed: true, redeemedBy: 'operator' });
    expect(found.more).toBe(true);

    const three = bodyOf(await search({ lastDigits: '321' })) as {
      data: { localNumber: string }[];
    };
    expect(three.data[0]?.localNumber).toBe('0400005321');
    expect(three.data.map((c) => c.localNumber)).not.toContain('0443210000');
  });

  it.each([
    ['2 digits', { lastDigits: '21' }],
    ['5 digits', { lastDigits: '54321' }],
    ['letters', { lastDigits: '43a1' }],
    ['a number value', { lastDigits: 4321 }],
    ['both fields', { lastDigits: '4321', phoneNumber: '0400004321' }],
  ])('refuses %s with a 400', async (_label, body) => {
    const result = await search(body);
    expect(result.statusCode).toBe(400);
  });
});

describe('GET /api/users', () => {
  it('hands out an opaque cursor that names no customer', async () => {
    // Prepare: more customers than one page holds.
    const slice = await seedSlice();
    const customers = Array.from({ length: 51 }, (_, i) =>
      customerFixture(700 + i, slice.id, `2026-05-01T00:00:${String(i).padStart(2, '0')}.000Z`),
    );
    await seedCustomers(customers, slice);
    // Act
    const first = bodyOf(await listUsersPage()) as { data: { nextCursor: string | null } };
    // Assess: no number, in either form, and nothing to decode; the token pages on.
    const cursor = first.data.nextCursor ?? '';
    expect(cursor).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
    for (const c of customers) {
      expect(cursor).not.toContain(c.localNumber.slice(2));
      expect(decoded).not.toContain(c.localNumber.slice(2));
    }
    expect((await listUsersPage(cursor)).statusCode).toBe(200);
  });

  it('treats an empty cursor as the first page', async () => {
    const result = await listUsersPage('');
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ data: { users: expect.any(Array) } });
  });

  it.each([
    ['not base64url', 'not a cursor!'],
    [
      'base64url of something else',
      Buffer.from('{"phoneNumber":"+61400000001"}').toString('base64url'),
    ],
    ['too long', 'a'.repeat(600)],
    ['JSON junk', Buffer.from('[1,2,3]').toString('base64url')],
  ])('refuses a forged cursor (%s) with a 400', async (_label, cursor) => {
    const result = await listUsersPage(cursor);
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ code: 'INVALID_CURSOR' });
  });
});

describe('GET /api/users is logged like the export', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('logs who read each page and how many rows, and nothing about the customers', async () => {
    // Prepare
    const info = vi.spyOn(logger, 'info');

    // Act
    const result = await listUsersPage();

    // Assess
    expect(result.statusCode).toBe(200);
    const rows = (bodyOf(result) as { data: { users: unknown[] } }).data.users.length;
    expect(info).toHaveBeenCalledWith('customers listed', {
      by: 'operator',
      firstPage: true,
      rows,
    });
  });
});
