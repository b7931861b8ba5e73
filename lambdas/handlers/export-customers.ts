/**
 * GET /api/customers/export?cursor=&format= (admin): {data: {csv, rows, nextCursor}}, one page of
 * the customers CSV, or with format=records {data: {records, rows, nextCursor}}, the same rows as
 * text for the browser's Excel workbook. Every page is logged with who asked, so the owner can
 * tell who took the list.
 */
import {
  exportCustomerRecordsPage,
  exportCustomersPage,
  exportFormatSchema,
  listCursorSchema,
} from '../domain/customers';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseValue } from '../lib/http';
import { logger } from '../lib/logger';
import { businessTimeZone } from '../lib/env';

export const handler = http(async (event) => {
  const admin = await activeStaff(event, ['admin']);
  const cursor = parseValue(
    listCursorSchema,
    event.queryStringParameters?.cursor,
    'INVALID_CURSOR',
  );
  const format = parseValue(
    exportFormatSchema,
    event.queryStringParameters?.format,
    'INVALID_FORMAT',
  );
  const write = format === 'records' ? exportCustomerRecordsPage : exportCustomersPage;
  const page = await write(cursor, Math.floor(Date.now() / 1000), businessTimeZone());
  logger.info('customers exported', {
    by: admin.username,
    format,
    firstPage: cursor === undefined,
    rows: page.rows,
  });
  return ok({ data: page });
});
