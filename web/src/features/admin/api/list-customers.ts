/** GET /api/users?cursor= (staff, the admin included): one page of customers, newest first. */
import type { UsersPage } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export async function listCustomers(cursor?: string, signal?: AbortSignal): Promise<UsersPage> {
  const response = await callRoute<{ data: UsersPage }>(routeOf('list-users'), {
    query: { cursor },
    session: 'admin',
    signal,
  });
  return response.data;
}
