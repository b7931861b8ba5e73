/** GET /api/wheel: business settings, game settings and slices, in one round trip. */
import type { WheelResponse } from '@shared/types';
import { callRoute } from '../../../lib/api-client';

export const fetchWheel = (signal?: AbortSignal): Promise<WheelResponse> =>
  callRoute<WheelResponse>('get-wheel', { signal });
