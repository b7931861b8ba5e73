/** POST /api/slices (admin): adds a slice; 409 once MAX_SLICES exist. */
import type { SliceInput } from '@shared/slice';
import type { Slice } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const createSlice = (input: SliceInput): Promise<Slice> =>
  callRoute<Slice>(routeOf('create-slice'), { body: input });
