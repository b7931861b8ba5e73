/** POST /api/spins (visitor): the server draws, or honours a spin-first ticket, and records once. */
import type { SpinRequest } from '@shared/spin';
import type { SpinResult } from '@shared/types';
import { wheelRouteOf } from '@shared/routes-wheel';
import { callRoute } from '../../../lib/api-client';
import { visitSource } from '../../../lib/visit';

/**
 * `held` is the ticket as the browser holds it: the server's ticket and its secret
 * (preview-spin.ts). The win is counted under the placement the visitor came through
 * (lib/visit.ts).
 */
export function createSpin(held?: string): Promise<SpinResult> {
  const [ticket, secret] = held ? held.split('.') : [];
  const source = visitSource();
  const body: SpinRequest = {
    ...(ticket ? { ticket, ...(secret ? { secret } : {}) } : {}),
    ...(source ? { source } : {}),
  };
  return callRoute<SpinResult>(wheelRouteOf('create-spin'), { body });
}
