/** GET /api/settings/business: the stored business settings (public). */
import type { BusinessSettings } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const getBusinessSettings = (signal?: AbortSignal): Promise<BusinessSettings> =>
  callRoute<BusinessSettings>(routeOf('get-business-settings'), { signal });
