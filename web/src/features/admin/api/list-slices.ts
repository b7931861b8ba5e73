/** GET /api/slices (admin): every slice with odds and stock, newest first. */
import type { Slice } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const listSlices = (signal?: AbortSignal): Promise<Slice[]> =>
  callRoute<Slice[]>(routeOf('list-slices'), { signal });
