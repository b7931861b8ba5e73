/** DELETE /api/slices/{id} (admin). */
import { callRoute } from '../../../lib/api-client';

export const deleteSlice = async (id: string): Promise<void> => {
  await callRoute<{ success: boolean }>('delete-slice', { params: { id } });
};
