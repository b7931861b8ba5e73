/** GET /api/users?cursor= (staff, the admin included): one page of customers, newest first. */
import type { UsersPage } from '@shared/types';
import { callRoute } from '../../../lib/api-client';

export async function listCustomers(cursor?: string, signal?: AbortSignal): Promise<UsersPage> {
  const response = await callRoute<{ data: UsersPage }>('list-users', {
    query: { cursor },
    session: 'admin',
    signal,
  });
  return response.data;
}
