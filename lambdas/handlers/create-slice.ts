/** POST /api/slices (admin): adds a slice; 409 with the product's message once MAX_SLICES exist. */
import { sliceInputSchema } from '@shared/slice';
import { addSlice } from '../domain/slices-admin';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseBody } from '../lib/http';

/** HTTP 201 Created. */
const CREATED = 201;

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  const input = parseBody(sliceInputSchema, event);
  return ok(await addSlice(input, new Date()), CREATED);
});
