/** PUT /api/settings/game (admin): merge-saves the colour list and/or spin mode. */
import type { GameSettingsInput } from '../../../../../shared/settings';
import type { GameSettings } from '../../../../../shared/types';
import { apiFetch } from '../../../lib/api-client';
import { GAME_SETTINGS_PATH } from './get-game-settings';

export { gameSettingsInputSchema } from '../../../../../shared/settings';

/** Saves the game settings; resolves with the stored document. */
export const putGameSettings = (input: GameSettingsInput): Promise<GameSettings> =>
  apiFetch<GameSettings>(GAME_SETTINGS_PATH, { method: 'PUT', body: input, auth: 'admin' });
