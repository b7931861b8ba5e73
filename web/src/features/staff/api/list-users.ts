/** GET /api/users?cursor=: one page of customers, newest first. */
import type { UsersPage } from '../../../../../shared/types';
import { callRoute } from '../../../lib/api-client';

/** The page after `cursor` (the first page without one). Throws ApiError. */
export async function listUsers(cursor?: string, signal?: AbortSignal): Promise<UsersPage> {
  const response = await callRoute<{ data: UsersPage }>('list-users', {
    query: { cursor },
    signal,
  });
  return response.data;
}
