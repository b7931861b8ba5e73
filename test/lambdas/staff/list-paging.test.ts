/** Paging in its own file: fresh tables, so exactly the seeded customers exist. */
import { describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE } from '@shared/constants';
import type { Customer, UsersPage } from '@shared/types';
import { bodyOf } from '../../support/http-event';
import { listUsersPage } from './list-users';
import { customerFixture, seedCustomers, seedSlice } from './seed';

describe('GET /api/users paging', () => {
  it('pages through 1,000 customers newest first, each exactly once', async () => {
    // Prepare: pairs share a createdAt, so ties are ordered too.
    const TOTAL = 1000;
    const slice = await seedSlice();
    const start = Date.parse('2026-05-01T00:00:00.000Z');
    const seeded = Array.from({ length: TOTAL }, (_, i) =>
      customerFixture(
        10_000 + i,
        slice.id,
        new Date(start + Math.floor(i / 2) * 1000).toISOString(),
      ),
    );
    await seedCustomers(seeded, slice);
    // Act
    const seen: Customer[] = [];
    const pageSizes: number[] = [];
    let cursor: string | undefined;
    do {
      const result = await listUsersPage(cursor);
      expect(result.statusCode).toBe(200);
      const { data } = bodyOf(result) as { data: UsersPage };
      pageSizes.push(data.users.length);
      seen.push(...data.users);
      cursor = data.nextCursor ?? undefined;
    } while (cursor);
    // Assess
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen.map((c) => c.phoneNumber)).size).toBe(TOTAL);
    expect(new Set(seen.map((c) => c.phoneNumber))).toEqual(
      new Set(seeded.map((c) => c.phoneNumber)),
    );
    const times = seen.map((c) => c.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(seen[0]?.createdAt).toBe(seeded[TOTAL - 1]?.createdAt);
    expect(Math.max(...pageSizes)).toBe(USERS_PAGE_SIZE);
    expect(pageSizes.slice(0, -1).every((n) => n === USERS_PAGE_SIZE)).toBe(true);
  }, 120_000);
});
