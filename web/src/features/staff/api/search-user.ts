/** POST /api/users/search: the customer with this local number, or null. */
import type { SearchRequest } from '@shared/dashboard-search';
import type { Customer } from '@shared/types';
import { callRoute } from '../../../lib/api-client';

export async function searchUser(phoneNumber: string): Promise<Customer | null> {
  const body: SearchRequest = { phoneNumber };
  const response = await callRoute<{ data: Customer | null }>('search-users', { body });
  return response.data;
}
