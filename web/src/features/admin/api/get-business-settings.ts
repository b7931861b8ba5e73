/** GET /api/settings/business: the stored business settings (public). */
import type { BusinessSettings } from '@shared/types';
import { callRoute } from '../../../lib/api-client';

export const getBusinessSettings = (signal?: AbortSignal): Promise<BusinessSettings> =>
  callRoute<BusinessSettings>('get-business-settings', { signal });
