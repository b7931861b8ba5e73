/** GET /api/settings/business: the stored business settings (public). */
import type { BusinessSettings } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const BUSINESS_SETTINGS_PATH = '/api/settings/business';

/** Loads the business settings; every text field is '' when never saved. */
export const getBusinessSettings = (signal?: AbortSignal): Promise<BusinessSettings> =>
  apiFetch<BusinessSettings>(BUSINESS_SETTINGS_PATH, { signal });
