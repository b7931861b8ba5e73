/** GET /api/settings/game (public): wheel colours and spin mode, defaults when unset. */
import { http, ok } from '../lib/http';
import { getGameSettings } from '../repositories/settings';

export const handler = http(async () => ok(await getGameSettings()));
