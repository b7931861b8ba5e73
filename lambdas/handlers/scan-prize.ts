/**
 * POST /api/users/scan (operator, admin): {reference} from a win popup's QR code -> {data:
 * Customer}, the prize as it now is; 400 for a code we did not sign or one that has expired, 404
 * when the customer is gone (erased).
 */
import { notFound } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { prizeReferenceRequestSchema } from '@shared/prize-reference';
import { STAFF_ROLES } from '@shared/types';
import { activeStaff } from '../domain/active-user';
import { resolvePrizeReference } from '../domain/prize-reference';
import { http, ok, parseBody } from '../lib/http';
import { getCustomer } from '../repositories/customers';

export const handler = http(async (event) => {
  await activeStaff(event, STAFF_ROLES);
  const { reference } = parseBody(prizeReferenceRequestSchema, event);
  const customer = await getCustomer(await resolvePrizeReference(reference, new Date()));
  if (!customer) throw notFound('CUSTOMER_NOT_FOUND', API_MESSAGES.customerNotFound);
  return ok({ data: customer });
});
