/** DELETE /api/slices/{id} (admin): removes a slice; 404 when it does not exist. */
import { removeSlice, sliceIdFrom } from '../domain/slices-admin';
import { activeStaff } from '../domain/active-user';
import { http, ok } from '../lib/http';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  await removeSlice(sliceIdFrom(event.pathParameters?.id));
  return ok({ success: true });
});
