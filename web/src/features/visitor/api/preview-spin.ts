/** POST /api/spins/preview (spin-first mode): a server draw for a visitor not yet verified. */
import type { SpinResult } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const SPIN_PREVIEW_PATH = '/api/spins/preview';

export interface SpinPreview extends SpinResult {
  /** Single-use proof of this draw, exchanged for the prize after verification. */
  ticket: string;
}

export const previewSpin = (): Promise<SpinPreview> =>
  apiFetch<SpinPreview>(SPIN_PREVIEW_PATH, { method: 'POST', body: {} });
