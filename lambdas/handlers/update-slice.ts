/** PUT /api/slices/{id} (admin): replaces a slice's fields; 404 when it does not exist (spec 5). */
import { notFound } from '../../shared/errors';
import { API_MESSAGES } from '../../shared/messages';
import { sliceIdSchema, sliceInputSchema } from '../../shared/slice';
import { activeStaffClaims } from '../lib/active-user';
import { http, ok, parseBody } from '../lib/http';
import { updateSlice } from '../repositories/slices';

export const handler = http(async (event) => {
  await activeStaffClaims(event, ['admin']);
  // An id that is not one of ours cannot name a slice: the same 404 as a missing one.
  const id = sliceIdSchema.safeParse(event.pathParameters?.id);
  if (!id.success) throw notFound('SLICE_NOT_FOUND', API_MESSAGES.sliceNotFound);
  const input = parseBody(sliceInputSchema, event);
  return ok(await updateSlice(id.data, input, new Date().toISOString()));
});
