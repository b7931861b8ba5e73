import { describe, expect, it } from 'vitest';
import { handler as getBusiness } from '../../../lambdas/handlers/get-business-settings';
import { handler as getGame } from '../../../lambdas/handlers/get-game-settings';
import { handler as putBusiness } from '../../../lambdas/handlers/put-business-settings';
import { handler as putGame } from '../../../lambdas/handlers/put-game-settings';
import { EMPTY_BUSINESS_SETTINGS } from '@shared/business-fields';
import { DEFAULT_GAME_SETTINGS } from '@shared/constants';
import { SETTINGS_FIELD_MESSAGES } from '@shared/messages-fields';
import { bodyOf, httpEvent } from '../../support/http-event';

const readBusiness = async () =>
  bodyOf(await getBusiness(httpEvent({ caller: 'anonymous', method: 'GET' })));
const readGame = async () =>
  bodyOf(await getGame(httpEvent({ caller: 'anonymous', method: 'GET' })));

describe('business settings handlers', () => {
  it('answers empty fields to anyone before anything is saved', async () => {
    expect(await readBusiness()).toEqual({ ...EMPTY_BUSINESS_SETTINGS });
  });

  it('merges each save into the stored document', async () => {
    const first = await putBusiness(
      httpEvent({
        caller: 'admin',
        method: 'PUT',
        body: { businessName: 'Burger Barn', website: 'https://burgerbarn.example' },
      }),
    );
    expect(first.statusCode).toBe(200);
    await putBusiness(
      httpEvent({
        caller: 'admin',
        method: 'PUT',
        body: { logoUrl: '/media/business/1-logo.png' },
      }),
    );
    const stored = await readBusiness();
    expect(stored).toEqual({
      ...EMPTY_BUSINESS_SETTINGS,
      businessName: 'Burger Barn',
      website: 'https://burgerbarn.example',
      logoUrl: '/media/business/1-logo.png',
      updatedAt: expect.any(String),
    });
  });

  it('refuses unsafe links and unknown fields, changing nothing', async () => {
    const before = await readBusiness();
    const results = await Promise.all([
      putBusiness(
        httpEvent({
          caller: 'admin',
          method: 'PUT',
          body: { businessName: 'Evil', website: 'javascript:alert(1)' },
        }),
      ),
      putBusiness(
        httpEvent({
          caller: 'admin',
          method: 'PUT',
          body: { logoUrl: 'http://evil.example/x.png' },
        }),
      ),
      putBusiness(httpEvent({ caller: 'admin', method: 'PUT', body: { email: 'not-an-email' } })),
      putBusiness(
        httpEvent({ caller: 'admin', method: 'PUT', body: { businessName: 'X', isAdmin: true } }),
      ),
    ]);
    expect(results.map((r) => [r.statusCode, bodyOf(r).message])).toEqual([
      [400, SETTINGS_FIELD_MESSAGES.urlInvalid],
      [400, SETTINGS_FIELD_MESSAGES.logoInvalid],
      [400, SETTINGS_FIELD_MESSAGES.emailInvalid],
      [400, 'The request is not valid.'],
    ]);
    expect(await readBusiness()).toEqual(before);
  });
});

describe('game settings handlers', () => {
  it('answers the default colours and spin mode before anything is saved', async () => {
    expect(await readGame()).toEqual({ ...DEFAULT_GAME_SETTINGS });
  });

  it('saves the colour list and the spin mode separately, merging', async () => {
    await putGame(
      httpEvent({
        caller: 'admin',
        method: 'PUT',
        body: { itemBackgroundColors: ['#112233', '#abc'] },
      }),
    );
    await putGame(httpEvent({ caller: 'admin', method: 'PUT', body: { spinMode: 'spin-first' } }));
    const game = await readGame();
    expect(game).toEqual({
      itemBackgroundColors: ['#112233', '#abc'],
      spinMode: 'spin-first',
      updatedAt: expect.any(String),
    });
  });

  it('refuses bad colours and modes, changing nothing', async () => {
    const before = await readGame();
    const results = await Promise.all([
      putGame(
        httpEvent({ caller: 'admin', method: 'PUT', body: { itemBackgroundColors: ['red'] } }),
      ),
      putGame(httpEvent({ caller: 'admin', method: 'PUT', body: { spinMode: 'never' } })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([400, 400]);
    expect(bodyOf(results[0]!).message).toBe(SETTINGS_FIELD_MESSAGES.colorsInvalid);
    expect(await readGame()).toEqual(before);
  });
});
