/**
 * GET /api/setup (admin): {data: GetReadyState}, the admin's "Get ready" list from what is stored
 * (domain/get-ready.ts): each step done or not, and whose password to change next.
 */
import { activeStaff } from '../domain/active-user';
import { getReady } from '../domain/get-ready';
import { http, ok } from '../lib/http';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  return ok({ data: await getReady() });
});
