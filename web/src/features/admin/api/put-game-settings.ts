/** PUT /api/settings/game (admin): merge-saves the colour list and/or spin mode. */
import type { GameSettingsInput } from '@shared/settings';
import type { GameSettings } from '@shared/types';
import { callRoute } from '../../../lib/api-client';

export const putGameSettings = (input: GameSettingsInput): Promise<GameSettings> =>
  callRoute<GameSettings>('put-game-settings', { body: input });
