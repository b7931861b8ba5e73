/** PUT /api/settings/game (admin): merge-saves the colour list and/or spin mode. */
import type { GameSettingsInput } from '@shared/settings';
import type { GameSettings } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const putGameSettings = (input: GameSettingsInput): Promise<GameSettings> =>
  callRoute<GameSettings>(routeOf('put-game-settings'), { body: input });
