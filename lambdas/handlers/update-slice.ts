/**
 * PUT /api/slices/{id} (admin): changes the slice fields the body names (the others keep their
 * values), from the version the admin loaded; 404 when it does not exist, 409 SLICE_CHANGED when it
 * changed since.
 */
import { sliceUpdateSchema } from '@shared/slice';
import { editSlice, sliceIdFrom } from '../domain/slices-admin';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseBody } from '../lib/http';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  const id = sliceIdFrom(event.pathParameters?.id);
  const input = parseBody(sliceUpdateSchema, event);
  return ok(await editSlice(id, input, new Date()));
});
