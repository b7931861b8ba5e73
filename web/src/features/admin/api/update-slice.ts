/** PUT /api/slices/{id} (admin): replaces a slice's fields; 404 when it no longer exists. */
import type { SliceInput } from '../../../../../shared/slice';
import type { Slice } from '../../../../../shared/types';
import { callRoute } from '../../../lib/api-client';

/** Updates a slice and resolves with the stored version. */
export const updateSlice = (id: string, input: SliceInput): Promise<Slice> =>
  callRoute<Slice>('update-slice', { params: { id }, body: input });
