/** PUT /api/settings/business (admin): merge-saves the business fields. */
import type { BusinessSettingsInput } from '@shared/settings';
import type { BusinessSettings } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export { businessSettingsInputSchema } from '@shared/settings';

export const putBusinessSettings = (input: BusinessSettingsInput): Promise<BusinessSettings> =>
  callRoute<BusinessSettings>(routeOf('put-business-settings'), { body: input });
