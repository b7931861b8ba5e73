/** POST /api/users/search (operator, admin): {phoneNumber: 10 digits} -> {data: Customer | null}. */
import { searchRequestSchema } from '@shared/dashboard-search';
import { STAFF_ROLES } from '@shared/types';
import { searchCustomer } from '../domain/customers';
import { activeStaffClaims } from '../domain/active-user';
import { http, ok, parseBody } from '../lib/http';
import * as customers from '../repositories/customers';

export const handler = http(async (event) => {
  await activeStaffClaims(event, STAFF_ROLES);
  const { phoneNumber } = parseBody(searchRequestSchema, event);
  return ok({ data: await searchCustomer(customers, phoneNumber) });
});
