/** GET /api/settings/game: wheel colours and spin mode (public). */
import type { GameSettings } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const getGameSettings = (signal?: AbortSignal): Promise<GameSettings> =>
  callRoute<GameSettings>(routeOf('get-game-settings'), { signal });
