/** POST /api/users/exists (public): {phoneNumber} -> {doesExist}: whether the number has a reward. */
import { phoneRequestSchema, toInternational } from '../../shared/phone';
import { http, ok, parseBody } from '../lib/http';
import { getCustomer } from '../repositories/customers';

export const handler = http(async (event) => {
  const { phoneNumber } = parseBody(phoneRequestSchema, event);
  const customer = await getCustomer(toInternational(phoneNumber));
  return ok({ doesExist: customer !== undefined });
});
