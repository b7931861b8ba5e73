/** GET /api/slices (admin): every slice with its odds and stock, newest first. */
import { staffClaims } from '../lib/claims';
import { http, ok } from '../lib/http';
import { listSlices } from '../repositories/slices';

export const handler = http(async (event) => {
  staffClaims(event, ['admin']);
  return ok(await listSlices());
});
