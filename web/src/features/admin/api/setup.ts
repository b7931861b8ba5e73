/**
 * GET /api/setup and POST /api/setup/printed (admin): the "Get ready" list as the server reads it
 * from what is stored, and recording that a poster or card was printed.
 */
import type { GetReadyState } from '@shared/get-ready';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const getReadyState = (signal?: AbortSignal): Promise<GetReadyState> =>
  callRoute<{ data: GetReadyState }>(routeOf('get-setup'), { signal }).then((r) => r.data);

export const recordPrinted = (): Promise<GetReadyState> =>
  callRoute<{ data: GetReadyState }>(routeOf('record-printed')).then((r) => r.data);
