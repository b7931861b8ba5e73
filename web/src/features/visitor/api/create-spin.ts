/** POST /api/spins (visitor): the server draws, or honours a spin-first ticket, and records once. */
import type { SpinRequest } from '@shared/spin';
import type { SpinResult } from '@shared/types';
import { callRoute } from '../../../lib/api-client';

export const createSpin = (ticket?: string): Promise<SpinResult> =>
  callRoute<SpinResult>('create-spin', { body: (ticket ? { ticket } : {}) satisfies SpinRequest });
