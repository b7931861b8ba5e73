/** GET /api/users?cursor= (operator, admin): {data: {users, nextCursor}}, newest first. */
import { STAFF_ROLES } from '../../shared/types';
import { listCursorSchema, listCustomersPage } from '../domain/customers-admin';
import { activeStaffClaims } from '../domain/active-user';
import { http, ok, parseValue } from '../lib/http';
import * as customers from '../repositories/customers';

export const handler = http(async (event) => {
  await activeStaffClaims(event, STAFF_ROLES);
  const cursor = parseValue(
    listCursorSchema,
    event.queryStringParameters?.cursor,
    'INVALID_CURSOR',
  );
  const nowS = Math.floor(Date.now() / 1000);
  return ok({ data: await listCustomersPage(customers, cursor, nowS) });
});
