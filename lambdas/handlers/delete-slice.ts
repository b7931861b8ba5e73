/** DELETE /api/slices/{id} (admin): removes a slice; 404 when it does not exist. */
import { notFound } from '../../shared/errors';
import { API_MESSAGES } from '../../shared/messages';
import { sliceIdSchema } from '../../shared/slice';
import { activeStaffClaims } from '../lib/active-user';
import { http, ok } from '../lib/http';
import { deleteSlice } from '../repositories/slices';

export const handler = http(async (event) => {
  await activeStaffClaims(event, ['admin']);
  const id = sliceIdSchema.safeParse(event.pathParameters?.id);
  if (!id.success) throw notFound('SLICE_NOT_FOUND', API_MESSAGES.sliceNotFound);
  await deleteSlice(id.data);
  return ok({ success: true });
});
