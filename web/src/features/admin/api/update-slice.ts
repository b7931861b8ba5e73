/**
 * PUT /api/slices/{id} (admin): replaces a slice's fields, from the version `loaded`; 404 when it
 * no longer exists, 409 SLICE_CHANGED when it changed since it was loaded.
 */
import type { SliceInput } from '@shared/slice';
import type { Slice } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

/** Updates a slice and resolves with the stored version. */
export const updateSlice = (loaded: Slice, input: SliceInput): Promise<Slice> =>
  callRoute<Slice>(routeOf('update-slice'), {
    params: { id: loaded.id },
    body: { ...input, expectedUpdatedAt: loaded.updatedAt, expectedStock: loaded.stock },
  });
