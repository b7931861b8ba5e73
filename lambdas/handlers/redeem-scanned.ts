/**
 * POST /api/users/scan/redeem (operator, admin): {reference} -> {message, data: Customer}, the
 * one-tap Claim of a scanned prize. The reference must still be valid; the redeem is the same
 * once-only one as POST /api/users/redeem (409 when already redeemed or expired).
 */
import { BUSINESS_METRICS } from '@shared/definitions';
import { prizeReferenceRequestSchema } from '@shared/prize-reference';
import { toLocal } from '@shared/phone-format';
import { STAFF_ROLES } from '@shared/types';
import { activeStaff } from '../domain/active-user';
import { redeemOffer } from '../domain/customers';
import { resolvePrizeReference } from '../domain/prize-reference';
import { http, ok, parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { countEvent } from '../lib/metrics';

export const handler = http(async (event) => {
  const staff = await activeStaff(event, STAFF_ROLES);
  const { reference } = parseBody(prizeReferenceRequestSchema, event);
  const now = new Date();
  const phoneNumber = await resolvePrizeReference(reference, now);
  const redeemed = await redeemOffer(
    toLocal(phoneNumber),
    staff.username,
    now.toISOString(),
    (message, fields) => logger.info(message, { ...fields, scanned: true }),
  );
  countEvent(BUSINESS_METRICS.redemptions);
  return ok(redeemed);
});
