/** POST /api/spins (visitor): the server draws, or honours a spin-first ticket, and records once. */
import type { SpinRequest } from '../../../../../shared/spin';
import type { SpinResult } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const SPINS_PATH = '/api/spins';

/** The signed-in visitor's prize: a new server draw, the ticket's prize, or the saved one. */
export const createSpin = (ticket?: string): Promise<SpinResult> =>
  apiFetch<SpinResult>(SPINS_PATH, {
    method: 'POST',
    auth: 'visitor',
    body: (ticket ? { ticket } : {}) satisfies SpinRequest,
  });
