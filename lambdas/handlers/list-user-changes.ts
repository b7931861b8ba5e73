/**
 * GET /api/users/changes?since= (operator, admin): {data: {users, cursor, more}}, the customers
 * who won or were redeemed since the previous poll, for the dashboard's live list.
 */
import { STAFF_ROLES } from '@shared/types';
import { changesSinceSchema, listChanges } from '../domain/customers';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseValue } from '../lib/http';

export const handler = http(async (event) => {
  await activeStaff(event, STAFF_ROLES);
  const since = parseValue(
    changesSinceSchema,
    event.queryStringParameters?.since,
    'INVALID_CURSOR',
  );
  return ok({ data: await listChanges(since, new Date()) });
});
