import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_BUSINESS } from '@shared/business-fields';
import { getBusinessSettings, getGameSettings } from '../../lambdas/repositories/settings';
import { listSlices } from '../../lambdas/repositories/slices';
import { createCognitoStandIn } from '../../local/cognito';
import { PASSWORDS_FILE, seedIfNeeded } from '../../local/seed';
import { scratchDir } from '../support/scratch';
import { codeTriggers, freshStateFile } from './cognito-support';

const dataDir = scratchDir('seed');

describe('seedIfNeeded', () => {
  it('seeds once: sample slices, placeholder settings, staff users with private passwords', async () => {
    // Prepare
    const cognito = await createCognitoStandIn({
      dataFile: await freshStateFile(),
      triggers: codeTriggers().triggers,
    });
    // Act
    const first = await seedIfNeeded(dataDir, cognito);
    const second = await seedIfNeeded(dataDir, cognito);
    // Assess
    expect(first.seeded).toBe(true);
    expect(Object.keys(first.passwords).sort()).toEqual(['admin', 'operator']);
    for (const password of Object.values(first.passwords))
      expect(password.length).toBeGreaterThanOrEqual(16);
    expect(second).toMatchObject({ seeded: false, passwords: {} });
    // The spec's two sample prizes, then four more so a new wheel looks like a wheel.
    expect((await listSlices()).map((s) => s.name).sort()).toEqual(
      ['Buy 1 Get 1 Free', 'Free Side', 'Free Drink', 'Free Dessert', '10% Off', 'Free Dip'].sort(),
    );
    expect(await getBusinessSettings()).toMatchObject(PLACEHOLDER_BUSINESS);
    expect((await getGameSettings()).updatedAt).toBeDefined();

    const file = join(dataDir, PASSWORDS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.passwords);

    for (const role of ['admin', 'operator'] as const) {
      const signedIn = await cognito.call('AdminInitiateAuth', {
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        UserPoolId: cognito.pools.staff.poolId,
        ClientId: cognito.pools.staff.clientId,
        AuthParameters: { USERNAME: role, PASSWORD: first.passwords[role] },
      });
      const idToken = (signedIn.AuthenticationResult as { IdToken: string }).IdToken;
      const fields = JSON.parse(
        Buffer.from(idToken.split('.')[1]!, 'base64url').toString(),
      ) as Record<string, unknown>;
      expect(fields['cognito:groups']).toEqual([role]);
    }
  });

  it('finishes an interrupted seed without duplicating slices or replacing passwords', async () => {
    const cognito = await createCognitoStandIn({
      dataFile: await freshStateFile(),
      triggers: codeTriggers().triggers,
    });
    const dir = scratchDir('seed-again');
    // The first test's slices and settings exist; only the marker and this stand-in's users are new.
    const before = (await listSlices()).length;
    const result = await seedIfNeeded(dir, cognito);
    expect((await listSlices()).length).toBe(before);
    expect(Object.keys(result.passwords).sort()).toEqual(['admin', 'operator']);
    // The marker: what the seed leaves besides the passwords. Without it, the seed runs again.
    const markers = readdirSync(dir).filter((file) => file !== PASSWORDS_FILE);
    expect(markers).toHaveLength(1);
    rmSync(join(dir, markers[0]!));
    const rerun = await seedIfNeeded(dir, cognito);
    expect(rerun.passwords).toEqual({});
    expect(readdirSync(dir).sort()).toEqual([markers[0], PASSWORDS_FILE].sort());
  });
});
