/** PUT /api/settings/business (admin): merge-saves the business fields. */
import type { BusinessSettingsInput } from '../../../../../shared/settings';
import type { BusinessSettings } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';
import { BUSINESS_SETTINGS_PATH } from './get-business-settings';

export { businessSettingsInputSchema } from '../../../../../shared/settings';

/** Saves the given fields (merged into the stored document); resolves with the whole document. */
export const putBusinessSettings = (input: BusinessSettingsInput): Promise<BusinessSettings> =>
  apiFetch<BusinessSettings>(BUSINESS_SETTINGS_PATH, { method: 'PUT', body: input, auth: 'admin' });
