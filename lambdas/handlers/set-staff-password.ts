/**
 * PUT /api/accounts/{role}/password (admin): sets the admin or operator password in Cognito. The
 * password is never stored, logged or echoed; the answer carries only the success message. Only
 * the time it was set is recorded, for the "Get ready" list (domain/staff-passwords.ts).
 */
import { newPasswordSchema } from '@shared/password';
import { activeStaff } from '../domain/active-user';
import { requireEnv } from '../lib/env';
import { http, ok, parseBody } from '../lib/http';
import {
  parseStaffRole,
  passwordUpdatedMessage,
  setStaffPassword,
} from '../domain/staff-passwords';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  const role = parseStaffRole(event.pathParameters?.role);
  const { password } = parseBody(newPasswordSchema, event);
  await setStaffPassword(requireEnv('STAFF_USER_POOL_ID'), role, password);
  return ok({ message: passwordUpdatedMessage(role) });
});
