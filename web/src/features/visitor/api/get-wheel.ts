/**
 * GET /api/wheel: business settings, game settings and slices, in one round trip; it counts the
 * visit by the page's visit id and source tag (lib/visit.ts).
 */
import type { WheelResponse } from '@shared/types';
import { wheelRouteOf } from '@shared/routes-wheel';
import { callRoute } from '../../../lib/api-client';
import { visitHeaders } from '../../../lib/visit';

export const fetchWheel = (signal?: AbortSignal): Promise<WheelResponse> =>
  callRoute<WheelResponse>(wheelRouteOf('get-wheel'), { signal, headers: visitHeaders() });
