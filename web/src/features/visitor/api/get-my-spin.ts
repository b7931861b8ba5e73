/** GET /api/spins/mine (visitor): the saved prize of the signed-in number. */
import type { SpinResult } from '../../../../../shared/types';
import { ApiError, apiFetch } from '../../../lib/api-client';

export const MY_SPIN_PATH = '/api/spins/mine';

/** The saved prize, or undefined when this number has not spun (404 NO_SPIN). */
export async function fetchMySpin(): Promise<SpinResult | undefined> {
  try {
    return await apiFetch<SpinResult>(MY_SPIN_PATH, { auth: 'visitor' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
