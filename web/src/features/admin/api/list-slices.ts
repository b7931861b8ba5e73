/** GET /api/slices (admin): every slice with odds and stock, newest first. */
import type { Slice } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const SLICES_PATH = '/api/slices';

/** Loads all slices for the admin table. */
export const listSlices = (signal?: AbortSignal): Promise<Slice[]> =>
  apiFetch<Slice[]>(SLICES_PATH, { auth: 'admin', signal });
