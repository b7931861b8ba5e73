/** GET /api/staff/me: who the server says the signed-in staff member is. */
import type { StaffAccount, StaffRole } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const STAFF_ME_PATH = '/api/staff/me';

export interface StaffMe extends StaffAccount {
  roles: StaffRole[];
}

/** Verifies the operator session with the server. Throws ApiError (401/403 when it is refused). */
export function getStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return apiFetch<StaffMe>(STAFF_ME_PATH, { auth: 'operator', signal });
}
