/**
 * GET /api/users?cursor=&filter= (operator, admin): {data: {users, nextCursor}}, newest first;
 * filter=unredeemed lists only the offers still to redeem.
 */
import { STAFF_ROLES } from '@shared/types';
import { listCursorSchema, listCustomersPage, listFilterSchema } from '../domain/customers';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseValue } from '../lib/http';
import { logger } from '../lib/logger';

export const handler = http(async (event) => {
  const staff = await activeStaff(event, STAFF_ROLES);
  const query = event.queryStringParameters;
  const cursor = parseValue(listCursorSchema, query?.cursor, 'INVALID_CURSOR');
  const filter = parseValue(listFilterSchema, query?.filter, 'INVALID_FILTER');
  const nowS = Math.floor(Date.now() / 1000);
  const page = await listCustomersPage(cursor, nowS, {
    unredeemed: filter === 'unredeemed',
  });
  // Each page is logged like the admin's export: paging through every customer leaves a trail.
  logger.info('customers listed', {
    by: staff.username,
    firstPage: cursor === undefined,
    rows: page.users.length,
    ...(filter ? { filter } : {}),
  });
  return ok({ data: page });
});
