/** DELETE /api/slices/{id} (admin). */
import { apiFetch } from '../../../lib/api-client';
import { slicePath } from './update-slice';

/** Deletes a slice; rejects with ApiError 404 when it is already gone. */
export const deleteSlice = async (id: string): Promise<void> => {
  await apiFetch<{ success: boolean }>(slicePath(id), { method: 'DELETE', auth: 'admin' });
};
