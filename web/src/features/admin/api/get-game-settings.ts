/** GET /api/settings/game: wheel colours and spin mode (public). */
import type { GameSettings } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';

export const GAME_SETTINGS_PATH = '/api/settings/game';

/** Loads the game settings; defaults when never saved. */
export const getGameSettings = (signal?: AbortSignal): Promise<GameSettings> =>
  apiFetch<GameSettings>(GAME_SETTINGS_PATH, { signal });
