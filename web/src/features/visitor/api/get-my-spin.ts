/** GET /api/spins/mine (visitor): the saved prize of the signed-in number. */
import type { SpinResult } from '@shared/types';
import { wheelRouteOf } from '@shared/routes-wheel';
import { ApiError, callRoute } from '../../../lib/api-client';

/** The saved prize, or undefined when this number has not spun (404 NO_SPIN). */
export async function fetchMySpin(): Promise<SpinResult | undefined> {
  try {
    return await callRoute<SpinResult>(wheelRouteOf('get-my-spin'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
