/**
 * POST /api/customers/erase (admin): {phoneNumber} (local form) -> {message}. Removes the
 * customer's record and visitor user; 404 when nothing of the number is held.
 */
import { searchRequestSchema } from '@shared/dashboard-search';
import { eraseNumber } from '../domain/erasure';
import { activeStaff } from '../domain/active-user';
import { requireEnv } from '../lib/env';
import { http, ok, parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { eraseCustomerRecord } from '../repositories/customers';
import { deleteVisitorUser } from '../repositories/visitor-pool';
import {
  deleteVisitorRecord,
  forgetErasureMarker,
  getVisitorRecord,
} from '../repositories/visitor-users';

export const handler = http(async (event) => {
  const admin = await activeStaff(event, ['admin']);
  const { phoneNumber } = parseBody(searchRequestSchema, event);
  return ok(
    await eraseNumber(phoneNumber, admin.username, new Date(), {
      eraseCustomerRecord,
      // The visitor record first: it refuses the number's tokens at once (domain/active-user.ts).
      deleteVisitorUser: async (phone) => {
        const before = await getVisitorRecord(phone, Date.now());
        await deleteVisitorRecord(phone);
        const user = await deleteVisitorUser(requireEnv('VISITOR_USER_POOL_ID'), phone);
        // No user after all: the marker was for nothing; take it back unless one was there.
        if (user === 'not-found' && before === undefined) await forgetErasureMarker(phone);
        return user;
      },
      log: (message, fields) => logger.info(message, fields),
    }),
  );
});
