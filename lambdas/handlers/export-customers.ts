/**
 * GET /api/customers/export?cursor= (admin): {data: {csv, rows, nextCursor}}, one page of the
 * customers CSV. Every page is logged with who asked, so the owner can tell who took the list.
 */
import { exportCustomersPage, listCursorSchema } from '../domain/customers';
import { activeStaffClaims } from '../domain/active-user';
import { http, ok, parseValue } from '../lib/http';
import { logger } from '../lib/logger';
import * as customers from '../repositories/customers';
import { businessTimeZone } from '../lib/env';

export const handler = http(async (event) => {
  const admin = await activeStaffClaims(event, ['admin']);
  const cursor = parseValue(
    listCursorSchema,
    event.queryStringParameters?.cursor,
    'INVALID_CURSOR',
  );
  const page = await exportCustomersPage(
    customers,
    cursor,
    Math.floor(Date.now() / 1000),
    businessTimeZone(),
  );
  logger.info('customers exported', {
    by: admin.username,
    firstPage: cursor === undefined,
    rows: page.rows,
  });
  return ok({ data: page });
});
