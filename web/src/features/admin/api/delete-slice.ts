/** DELETE /api/slices/{id} (admin). */
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const deleteSlice = async (id: string): Promise<void> => {
  await callRoute<{ success: boolean }>(routeOf('delete-slice'), { params: { id } });
};
