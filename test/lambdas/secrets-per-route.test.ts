/**
 * Which function needs the erasure key (infra/route-permissions.ts `erasureKey`): the handlers not
 * given it answer their requests without it, and the ones given it cannot work without it. Some
 * bundles without the key still hold the code that reads it (a domain module takes the whole
 * customers repository), so this runs them rather than reading their bundles.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler as exportCustomers } from '../../lambdas/handlers/export-customers';
import { handler as listUserChanges } from '../../lambdas/handlers/list-user-changes';
import { handler as listUsers } from '../../lambdas/handlers/list-users';
import { handler as redeemUser } from '../../lambdas/handlers/redeem-user';
import { handler as searchUsers } from '../../lambdas/handlers/search-users';
import { handler as hasRewardRoute } from '../../lambdas/handlers/has-reward';
import { ROUTE_NEEDS } from '../../infra/route-permissions';
import { ADMIN_TOKEN, httpEvent, OPERATOR_TOKEN } from '../support/http-event';
import { customerFixture, seedCustomers, seedSlice } from './staff/seed';
import { solvedOtpAltcha } from './visitor/support';

let saved: string | undefined;
beforeEach(() => {
  saved = process.env.ERASURE_KEY_ARN;
});
/** The deployed function's environment: no erasure key. */
const withoutKey = () => delete process.env.ERASURE_KEY_ARN;
afterEach(() => {
  process.env.ERASURE_KEY_ARN = saved;
});

describe('handlers without the erasure key', () => {
  it.each([
    [
      'search-users',
      () =>
        searchUsers(
          httpEvent({
            tokenFields: OPERATOR_TOKEN,
            path: '/api/users/search',
            body: { phoneNumber: '0400000071' },
          }),
        ),
    ],
    [
      'list-users',
      () =>
        listUsers(httpEvent({ tokenFields: OPERATOR_TOKEN, method: 'GET', path: '/api/users' })),
    ],
    [
      'list-user-changes',
      () =>
        listUserChanges(
          httpEvent({ tokenFields: OPERATOR_TOKEN, method: 'GET', path: '/api/users/changes' }),
        ),
    ],
    [
      'redeem-user',
      () =>
        redeemUser(
          httpEvent({
            tokenFields: OPERATOR_TOKEN,
            path: '/api/users/redeem',
            body: { phoneNumber: '0400000071' },
          }),
        ),
    ],
    [
      'export-customers',
      () =>
        exportCustomers(
          httpEvent({ tokenFields: ADMIN_TOKEN, method: 'GET', path: '/api/customers/export' }),
        ),
    ],
  ] as const)(
    '%s answers 200 without ERASURE_KEY_ARN (it is not given one)',
    async (route, call) => {
      const n =
        71 +
        [
          'search-users',
          'list-users',
          'list-user-changes',
          'redeem-user',
          'export-customers',
        ].indexOf(route);
      expect(ROUTE_NEEDS[route].erasureKey).toBeFalsy();
      const slice = await seedSlice();
      await seedCustomers([customerFixture(n, slice.id, '2026-03-01T10:00:00.000Z')], slice);
      withoutKey();
      const result = await call();
      expect(result.statusCode, JSON.stringify(result.body)).toBe(200);
    },
  );

  it('a handler given the key cannot answer without it (has-reward reads the markers)', async () => {
    expect(ROUTE_NEEDS['has-reward'].erasureKey).toBe(true);
    withoutKey();
    const result = await hasRewardRoute(
      httpEvent({
        path: '/api/users/exists',
        body: { phoneNumber: '0400000072', altcha: await solvedOtpAltcha() },
      }),
    );
    expect(result.statusCode).toBe(500);
  });
});
