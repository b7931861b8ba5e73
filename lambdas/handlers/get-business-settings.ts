/** GET /api/settings/business (public): the stored business settings, text fields empty when unset. */
import { http, ok } from '../lib/http';
import { getBusinessSettings } from '../repositories/settings';

export const handler = http(async () => ok(await getBusinessSettings()));
