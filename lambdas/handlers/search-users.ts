/**
 * POST /api/users/search (operator, admin): {phoneNumber: 10 digits} -> {data: Customer | null};
 * or {lastDigits: 3 or 4 digits} -> {data: Customer[], more}, the customers whose number ends so,
 * redeemed and expired ones too (at most 10, newest first). A POST: no number or digits in a URL.
 */
import {
  isLastDigitsRequest,
  lastDigitsRequestSchema,
  searchRequestSchema,
} from '@shared/dashboard-search';
import * as z from '@shared/zod';
import { STAFF_ROLES } from '@shared/types';
import { searchByLastDigits, searchCustomer } from '../domain/customers';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseBody, parseValue } from '../lib/http';

export const handler = http(async (event) => {
  await activeStaff(event, STAFF_ROLES);
  const body = parseBody(z.unknown(), event);
  if (isLastDigitsRequest(body)) {
    const { lastDigits } = parseValue(lastDigitsRequestSchema, body);
    const found = await searchByLastDigits(lastDigits);
    return ok({ data: found.users, more: found.more });
  }
  const { phoneNumber } = parseValue(searchRequestSchema, body);
  return ok({ data: await searchCustomer(phoneNumber) });
});
