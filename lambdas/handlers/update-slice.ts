/** PUT /api/slices/{id} (admin): replaces a slice's fields; 404 when it does not exist. */
import { sliceInputSchema } from '../../shared/slice';
import { editSlice, sliceIdFrom } from '../domain/slices-admin';
import { activeStaffClaims } from '../lib/active-user';
import { http, ok, parseBody } from '../lib/http';

export const handler = http(async (event) => {
  await activeStaffClaims(event, ['admin']);
  const id = sliceIdFrom(event.pathParameters?.id);
  const input = parseBody(sliceInputSchema, event);
  return ok(await editSlice(id, input, new Date()));
});
