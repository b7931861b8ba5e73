/**
 * GET /api/staff/me (operator, admin): who the token says the caller is, {username, role, email,
 * roles}. `role` is the caller's highest role (admin before operator); `roles` lists every group.
 */
import { STAFF_ROLES } from '@shared/types';
import { activeStaff } from '../domain/active-user';
import { http, ok } from '../lib/http';

export const handler = http(async (event) => {
  const staff = await activeStaff(event, STAFF_ROLES);
  // STAFF_ROLES is ordered admin first, so the first match is the highest role held.
  const role = STAFF_ROLES.find((r) => staff.roles.includes(r)) ?? 'operator';
  return ok({ username: staff.username, role, email: staff.email, roles: staff.roles });
});
