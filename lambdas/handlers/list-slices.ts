/** GET /api/slices (admin): every slice with its odds and stock, newest first. */
import { activeStaff } from '../domain/active-user';
import { http, ok } from '../lib/http';
import { listSlices } from '../repositories/slices';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  return ok(await listSlices());
});
