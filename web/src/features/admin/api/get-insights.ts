/** GET /api/insights?from=&to= (admin): the promotion's figures over a range of days. */
import type { Insights } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const getInsights = (
  range: { from?: string; to?: string },
  signal?: AbortSignal,
): Promise<Insights> =>
  callRoute<{ data: Insights }>(routeOf('get-insights'), { query: range, signal }).then(
    (r) => r.data,
  );
