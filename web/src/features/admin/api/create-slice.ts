/** POST /api/slices (admin): adds a slice; 409 once MAX_SLICES exist. */
import type { SliceInput } from '../../../../../shared/slice';
import type { Slice } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';
import { SLICES_PATH } from './list-slices';

export { sliceInputSchema } from '../../../../../shared/slice';

/** Creates a slice and resolves with it (id and timestamps included). */
export const createSlice = (input: SliceInput): Promise<Slice> =>
  apiFetch<Slice>(SLICES_PATH, { method: 'POST', body: input, auth: 'admin' });
