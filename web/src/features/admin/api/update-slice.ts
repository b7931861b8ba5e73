/** PUT /api/slices/{id} (admin): replaces a slice's fields; 404 when it no longer exists. */
import { routePath } from '../../../../../shared/routes';
import type { SliceInput } from '../../../../../shared/slice';
import type { Slice } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export { sliceInputSchema } from '../../../../../shared/slice';

/** The path of one slice. */
export const slicePath = (id: string): string => routePath('/api/slices/{id}', { id });

/** Updates a slice and resolves with the stored version. */
export const updateSlice = (id: string, input: SliceInput): Promise<Slice> =>
  apiFetch<Slice>(slicePath(id), { method: 'PUT', body: input, auth: 'admin' });
