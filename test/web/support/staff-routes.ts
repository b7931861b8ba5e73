/** The staff routes of the fake network (network.ts): a stateful stand-in for the dashboard API. */
import type { Customer } from '@shared/types';
import { jsonResponse, type NetworkCall } from './network';
import { isUnredeemed } from '@shared/prize-validity';

/** Page size of the fake list (small, so paging shows with few rows). */
const FAKE_PAGE_SIZE = 2;

export function customer(n: number, offer: string, claimed = false): Customer {
  const localNumber = `04${String(n).padStart(8, '0')}`;
  return {
    phoneNumber: `+61${localNumber.slice(1)}`,
    localNumber,
    offer,
    sliceId: 'slice',
    isOfferClaimed: claimed,
    createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
  };
}

export interface FakeApi {
  /** Newest first, as the server lists them. */
  customers: Customer[];
  /** Every change made, in order; the change feed's cursor is a position in it. */
  changes: Customer[];
  /** A win or a redeem made on another device: stored, and in the change feed. */
  changeElsewhere: (customer: Customer) => void;
  /** Overrides one route's answer (e.g. a failure); return undefined to fall through. */
  override?: (call: NetworkCall) => Response | Promise<Response> | undefined;
  handle: (call: NetworkCall) => Response | Promise<Response>;
}

export function fakeApi(customers: Customer[]): FakeApi {
  const api: FakeApi = {
    customers,
    changes: [],
    changeElsewhere: (changed) => {
      const index = api.customers.findIndex((c) => c.phoneNumber === changed.phoneNumber);
      if (index >= 0) api.customers[index] = changed;
      else api.customers = [changed, ...api.customers];
      api.changes.push(changed);
    },
    handle: (call) => {
      const overridden = api.override?.(call);
      if (overridden) return overridden;
      if (call.authorization === null)
        return jsonResponse(401, { code: 'UNAUTHORIZED', message: 'no token' });
      if (call.path === '/api/staff/me') {
        return jsonResponse(200, {
          username: 'operator',
          role: 'operator',
          email: 'operator@example.com',
          roles: ['operator'],
        });
      }
      if (call.path === '/api/users/changes' && call.method === 'GET') {
        const since = call.query.get('since');
        const from = since === null ? api.changes.length : Number(since);
        return jsonResponse(200, {
          data: { users: api.changes.slice(from), cursor: String(api.changes.length), more: false },
        });
      }
      if (call.path === '/api/users' && call.method === 'GET') {
        const start = Number(call.query.get('cursor') ?? 0);
        const listed =
          call.query.get('filter') === 'unredeemed'
            ? api.customers.filter((c) => isUnredeemed(c, new Date()))
            : api.customers;
        const users = listed.slice(start, start + FAKE_PAGE_SIZE);
        const next = start + FAKE_PAGE_SIZE < listed.length ? String(start + FAKE_PAGE_SIZE) : null;
        return jsonResponse(200, { data: { users, nextCursor: next } });
      }
      const phone = (call.body as { phoneNumber?: string } | undefined)?.phoneNumber;
      const index = api.customers.findIndex((c) => c.localNumber === phone);
      if (call.path === '/api/users/search') {
        return jsonResponse(200, { data: api.customers[index] ?? null });
      }
      if (call.path === '/api/users/redeem') {
        const found = api.customers[index];
        if (!found)
          return jsonResponse(404, {
            code: 'CUSTOMER_NOT_FOUND',
            message: 'No customer with this phone number.',
          });
        if (found.isOfferClaimed) {
          return jsonResponse(409, {
            code: 'ALREADY_REDEEMED',
            message: 'This offer has already been redeemed.',
          });
        }
        const updated = {
          ...found,
          isOfferClaimed: true,
          redeemedBy: 'operator',
          redeemedAt: new Date().toISOString(),
        };
        api.customers[index] = updated;
        return jsonResponse(200, {
          message: `Offer for ${phone} marked as redeemed.`,
          data: updated,
        });
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not Found' });
    },
  };
  return api;
}
