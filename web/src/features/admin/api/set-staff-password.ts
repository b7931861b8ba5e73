/** PUT /api/accounts/{role}/password (admin): sets a staff password in Cognito. */
import { routePath } from '../../../../../shared/routes';
import type { StaffRole } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export { checkNewPassword, newPasswordSchema } from '../../../../../shared/password';

/** Sets the password of the admin or operator account; resolves with the server's message. */
export const setStaffPassword = (role: StaffRole, password: string): Promise<{ message: string }> =>
  apiFetch<{ message: string }>(routePath('/api/accounts/{role}/password', { role }), {
    method: 'PUT',
    body: { password },
    auth: 'admin',
  });
