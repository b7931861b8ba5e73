/**
 * POST /api/users/redeem (operator, admin): {phoneNumber} -> {message, data: Customer}; 404 for
 * an unknown number, 409 when already redeemed. Records who redeemed (the token's username) and when.
 */
import { searchRequestSchema } from '@shared/dashboard-search';
import { BUSINESS_METRICS } from '@shared/definitions';
import { STAFF_ROLES } from '@shared/types';
import { redeemOffer } from '../domain/customers';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { countEvent } from '../lib/metrics';

export const handler = http(async (event) => {
  const staff = await activeStaff(event, STAFF_ROLES);
  const { phoneNumber } = parseBody(searchRequestSchema, event);
  const redeemed = await redeemOffer(
    phoneNumber,
    staff.username,
    new Date().toISOString(),
    (message, fields) => logger.info(message, fields),
  );
  // Only a redeem that happened gets here (the others are AppErrors).
  countEvent(BUSINESS_METRICS.redemptions);
  return ok(redeemed);
});
