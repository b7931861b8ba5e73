/** GET /api/users?cursor=&filter=: one page of customers, newest first. */
import type { UsersPage } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

/**
 * The page after `cursor` (the first page without one); with `unredeemedOnly`, only offers still
 * to redeem. Throws ApiError.
 */
export async function listUsers(
  cursor?: string,
  signal?: AbortSignal,
  unredeemedOnly = false,
): Promise<UsersPage> {
  const response = await callRoute<{ data: UsersPage }>(routeOf('list-users'), {
    query: { cursor, filter: unredeemedOnly ? 'unredeemed' : undefined },
    signal,
  });
  return response.data;
}
