/** PUT /api/settings/game (admin): merges the colour list and/or the spin mode. */
import { gameSettingsInputSchema } from '@shared/settings';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseBody } from '../lib/http';
import { mergeGameSettings } from '../repositories/settings';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  const input = parseBody(gameSettingsInputSchema, event);
  return ok(await mergeGameSettings(input, new Date().toISOString()));
});
