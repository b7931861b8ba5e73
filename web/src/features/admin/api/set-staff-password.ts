/** PUT /api/accounts/{role}/password (admin): sets a staff password in Cognito. */
import type { StaffRole } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export { checkNewPassword } from '@shared/password';

export const setStaffPassword = (role: StaffRole, password: string): Promise<{ message: string }> =>
  callRoute<{ message: string }>(routeOf('set-staff-password'), {
    params: { role },
    body: { password },
  });
