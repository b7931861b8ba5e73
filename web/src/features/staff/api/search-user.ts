/**
 * POST /api/users/search: the customer with this local number, or null; or the customers with a
 * prize still to redeem whose number ends in 3 or 4 digits. Always a POST body, never a URL.
 */
import type { LastDigitsRequest, SearchRequest } from '@shared/dashboard-search';
import type { Customer } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export async function searchUser(phoneNumber: string): Promise<Customer | null> {
  const body: SearchRequest = { phoneNumber };
  const response = await callRoute<{ data: Customer | null }>(routeOf('search-users'), { body });
  return response.data;
}

export async function searchLastDigits(
  lastDigits: string,
): Promise<{ users: Customer[]; more: boolean }> {
  const body: LastDigitsRequest = { lastDigits };
  const response = await callRoute<{ data: Customer[]; more: boolean }>(routeOf('search-users'), {
    body,
  });
  return { users: response.data, more: response.more };
}
