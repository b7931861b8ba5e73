/** POST /api/spins/preview (spin-first mode): a server draw for a visitor not yet verified. */
import type { SpinPreview } from '../../../../../shared/types';
import { callRoute } from '../../../lib/api-client';

export const previewSpin = (): Promise<SpinPreview> =>
  callRoute<SpinPreview>('preview-spin', { body: {} });
