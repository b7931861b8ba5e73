/** PUT /api/settings/business (admin): merges the given fields into the stored document (docs/product.md). */
import { businessSettingsInputSchema } from '@shared/settings';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseBody } from '../lib/http';
import { mergeBusinessSettings } from '../repositories/settings';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  const input = parseBody(businessSettingsInputSchema, event);
  return ok(await mergeBusinessSettings(input, new Date().toISOString()));
});
