/** GET /api/settings/game: wheel colours and spin mode (public). */
import type { GameSettings } from '@shared/types';
import { callRoute } from '../../../lib/api-client';

export const getGameSettings = (signal?: AbortSignal): Promise<GameSettings> =>
  callRoute<GameSettings>('get-game-settings', { signal });
