/**
 * GET /api/insights?from=&to= (admin): {data: Insights}, the promotion's figures over a range of
 * business days (default: today), and the prizes still owed now.
 */
import { buildInsights, insightsQuerySchema } from '../domain/insights';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseValue } from '../lib/http';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  const query = parseValue(insightsQuerySchema, event.queryStringParameters ?? {}, 'INVALID_RANGE');
  return ok({
    data: await buildInsights(query, new Date()),
  });
});
