/**
 * POST /api/customers/erase (admin): {phoneNumber} (local form) -> {message}. Removes the
 * customer's record and visitor user; 404 when nothing of the number is held.
 */
import { searchRequestSchema } from '../../shared/dashboard-search';
import { eraseNumber } from '../domain/erasure';
import { activeStaffClaims } from '../lib/active-user';
import { requireEnv } from '../lib/env';
import { http, ok, parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { eraseCustomerRecord } from '../repositories/customers';
import { deleteVisitorUser } from '../repositories/visitor-pool';

export const handler = http(async (event) => {
  const admin = await activeStaffClaims(event, ['admin']);
  const { phoneNumber } = parseBody(searchRequestSchema, event);
  return ok(
    await eraseNumber(phoneNumber, admin.username, new Date(), {
      eraseCustomerRecord,
      deleteVisitorUser: (phone) => deleteVisitorUser(requireEnv('VISITOR_USER_POOL_ID'), phone),
      log: (message, fields) => logger.info(message, fields),
    }),
  );
});
