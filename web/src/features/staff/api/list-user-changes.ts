/** GET /api/users/changes?since=: customers won or redeemed since the previous poll. */
import type { UsersChanges } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

/** Changes since `since` (a cursor from the previous answer); without it, a fresh cursor. */
export async function listUserChanges(since?: string, signal?: AbortSignal): Promise<UsersChanges> {
  const response = await callRoute<{ data: UsersChanges }>(routeOf('list-user-changes'), {
    query: { since },
    signal,
  });
  return response.data;
}
