/**
 * Every dashboard route checks the caller at handler level: no token -> 401, a visitor's or a
 * group-less token -> 401/403, staff of either group -> allowed. (Forged and expired tokens never
 * reach a handler: the JWT authorizer refuses them; see test/e2e/staff-api.e2e.ts.)
 */
import { describe, expect, it } from 'vitest';
import { handler as getStaffMe } from '../../../lambdas/handlers/get-staff-me';
import { handler as listUsers } from '../../../lambdas/handlers/list-users';
import { handler as redeemUser } from '../../../lambdas/handlers/redeem-user';
import { handler as searchUsers } from '../../../lambdas/handlers/search-users';
import type { HttpEvent, HttpResult } from '../../../lambdas/lib/http';
import { getCustomer } from '../../../lambdas/repositories/customers';
import { API_MESSAGES } from '@shared/messages-api';
import {
  ADMIN_TOKEN,
  bodyOf,
  httpEvent,
  OPERATOR_TOKEN,
  VISITOR_TOKEN,
  type TokenFields,
} from '../../support/http-event';
import { customerFixture, seedCustomers, seedSlice } from './seed';

type Route = {
  name: string;
  handler: (e: HttpEvent) => Promise<HttpResult>;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
};

const PHONE = '0400000777';

const ROUTES: Route[] = [
  {
    name: 'search-users',
    handler: searchUsers,
    method: 'POST',
    path: '/api/users/search',
    body: { phoneNumber: PHONE },
  },
  { name: 'list-users', handler: listUsers, method: 'GET', path: '/api/users' },
  {
    name: 'redeem-user',
    handler: redeemUser,
    method: 'POST',
    path: '/api/users/redeem',
    body: { phoneNumber: PHONE },
  },
  { name: 'get-staff-me', handler: getStaffMe, method: 'GET', path: '/api/staff/me' },
];

const REFUSED: [string, TokenFields | undefined, number][] = [
  ['an anonymous caller (no token)', undefined, 401],
  ['a verified visitor', VISITOR_TOKEN, 403],
  ['a staff token without groups', { ...OPERATOR_TOKEN, 'cognito:groups': '' }, 403],
  [
    'a token whose group is not a staff role',
    { ...OPERATOR_TOKEN, 'cognito:groups': '[visitor]' },
    403,
  ],
  ['a token without a username', { token_use: 'id', 'cognito:groups': '[operator]' }, 401],
];

const call = (route: Route, tokenFields: TokenFields | undefined) =>
  route.handler(
    httpEvent({ tokenFields, method: route.method, path: route.path, body: route.body }),
  );

describe('dashboard routes: who may call', () => {
  for (const route of ROUTES) {
    describe(route.name, () => {
      it.each(REFUSED)('refuses %s', async (_label, tokenFields, status) => {
        // Prepare: a customer exists, so a wrongly allowed redeem would change it.
        const slice = await seedSlice();
        await seedCustomers(
          [customerFixture(777, slice.id, new Date().toISOString())],
          slice,
        ).catch(() => undefined);
        // Act
        const result = await call(route, tokenFields);
        // Assess
        expect(result.statusCode).toBe(status);
        expect(bodyOf(result)).toEqual({
          code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
          message: status === 401 ? API_MESSAGES.unauthorized : API_MESSAGES.forbidden,
        });
        expect((await getCustomer('+61400000777'))?.isOfferClaimed).toBe(false);
      });
    });
  }

  it.each([
    ['operator', OPERATOR_TOKEN],
    ['admin', ADMIN_TOKEN],
    ['a user in both groups', { ...OPERATOR_TOKEN, 'cognito:groups': '[admin operator]' }],
  ] as const)('lets %s use every dashboard route', async (_label, tokenFields) => {
    for (const route of ROUTES.filter((r) => r.name !== 'redeem-user')) {
      expect((await call(route, tokenFields)).statusCode, route.name).toBe(200);
    }
  });

  it('answers /api/staff/me from the token', async () => {
    const me = await getStaffMe(
      httpEvent({ tokenFields: OPERATOR_TOKEN, method: 'GET', path: '/api/staff/me' }),
    );
    expect(bodyOf(me)).toEqual({
      username: 'operator',
      role: 'operator',
      email: 'operator@example.com',
      roles: ['operator'],
    });
    const both = await getStaffMe(
      httpEvent({
        tokenFields: { ...ADMIN_TOKEN, 'cognito:groups': '[operator admin]' },
        method: 'GET',
        path: '/api/staff/me',
      }),
    );
    expect(bodyOf(both)).toMatchObject({
      username: 'admin',
      role: 'admin',
      roles: ['operator', 'admin'],
    });
  });
});
