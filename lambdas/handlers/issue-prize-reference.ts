/**
 * POST /api/spins/mine/reference (visitor): a fresh prize reference for the counter's QR code,
 * {reference, expiresAt}; 404 NO_SPIN when the signed-in number has no prize. The body is ignored.
 */
import { notFound } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { activeVisitor } from '../domain/active-user';
import { issuePrizeReference } from '../domain/prize-reference';
import { http, ok } from '../lib/http';
import { getCustomer } from '../repositories/customers';

export const handler = http(async (event) => {
  const visitor = await activeVisitor(event);
  if (!(await getCustomer(visitor.phoneNumber))) throw notFound('NO_SPIN', API_MESSAGES.noSpin);
  return ok(await issuePrizeReference(visitor.phoneNumber, new Date()));
});
