/** GET /api/wheel: business settings, game settings and slices, in one round trip. */
import type { WheelResponse } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const WHEEL_PATH = '/api/wheel';

/** Loads everything the wheel page shows. */
export const fetchWheel = (signal?: AbortSignal): Promise<WheelResponse> =>
  apiFetch<WheelResponse>(WHEEL_PATH, { signal });
