/** GET /api/users?cursor=: one page of customers, newest first. */
import type { UsersPage } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const LIST_USERS_PATH = '/api/users';

/** The page after `cursor` (the first page without one). Throws ApiError. */
export async function listUsers(cursor?: string, signal?: AbortSignal): Promise<UsersPage> {
  const path = cursor ? `${LIST_USERS_PATH}?cursor=${encodeURIComponent(cursor)}` : LIST_USERS_PATH;
  const response = await apiFetch<{ data: UsersPage }>(path, { auth: 'operator', signal });
  return response.data;
}
