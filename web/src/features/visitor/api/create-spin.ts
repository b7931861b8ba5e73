/** POST /api/spins (visitor): the server draws, or honours a spin-first ticket, and records once. */
import type { SpinRequest } from '@shared/spin';
import type { SpinResult } from '@shared/types';
import { callRoute } from '../../../lib/api-client';
import { visitSource } from '../../../lib/visit';

/** The win is counted under the placement the visitor came through (lib/visit.ts). */
export const createSpin = (ticket?: string): Promise<SpinResult> => {
  const source = visitSource();
  return callRoute<SpinResult>('create-spin', {
    body: { ...(ticket ? { ticket } : {}), ...(source ? { source } : {}) } satisfies SpinRequest,
  });
};
