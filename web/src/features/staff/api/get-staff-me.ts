/** GET /api/staff/me: who the server says the signed-in staff member is. */
import type { StaffAccount, StaffRole } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export interface StaffMe extends StaffAccount {
  roles: StaffRole[];
}

export const getStaffMe = (signal?: AbortSignal): Promise<StaffMe> =>
  callRoute<StaffMe>(routeOf('get-staff-me'), { signal });
