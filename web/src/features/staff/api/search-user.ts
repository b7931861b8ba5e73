/** POST /api/users/search: the customer with this local number, or null. */
import type { SearchRequest } from '../../../../../shared/dashboard-search';
import type { Customer } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const SEARCH_USER_PATH = '/api/users/search';

/** Looks a customer up by 10-digit local number; null when nobody has it. Throws ApiError. */
export async function searchUser(phoneNumber: string): Promise<Customer | null> {
  const body: SearchRequest = { phoneNumber };
  const response = await apiFetch<{ data: Customer | null }>(SEARCH_USER_PATH, {
    method: 'POST',
    body,
    auth: 'operator',
  });
  return response.data;
}
