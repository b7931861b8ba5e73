/**
 * The origin secret rotates with no downtime (docs/operations.md, "Rotating the origin secret"): the
 * functions read it from Secrets Manager (lambdas/lib/secrets.ts, through the local stand-in here,
 * over the same SDK client and Powertools cache as in AWS) and take both its current and its
 * previous value, so CloudFront may go on sending the old one until it is switched to the new.
 * Time is moved past the cache's max age where the steps wait for it.
 */
import {
  CreateSecretCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECRETS_MAX_AGE_S } from '@shared/constants';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/definitions';
import { handler as getWheel } from '../../lambdas/handlers/get-wheel';
import { originDerivedKey } from '../../lambdas/lib/secrets';
import { httpEvent } from '../support/http-event';

const secretsManager = new SecretsManagerClient({ endpoint: process.env.SECRETS_MANAGER_ENDPOINT });
let savedArn: string | undefined;
let arn = '';

beforeAll(async () => {
  savedArn = process.env.ORIGIN_SECRET_ARN;
  ({ ARN: arn = '' } = await secretsManager.send(
    new CreateSecretCommand({
      Name: `${process.env.TEST_PREFIX}rotating-origin-secret`,
      SecretString: 'first-value',
    }),
  ));
  process.env.ORIGIN_SECRET_ARN = arn;
});

/**
 * The functions' clock, stopped, and kept from one test to the next: a cached secret ages with it
 * (test/setup/plain.ts makes every clock real again after each test).
 */
let clock = Date.now();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterEach(() => {
  clock = Date.now();
});

afterAll(() => {
  process.env.ORIGIN_SECRET_ARN = savedArn;
  secretsManager.destroy();
});

/** The status of a wheel request carrying `secret` as CloudFront's header. */
const statusWith = async (secret: string): Promise<number> =>
  (
    await getWheel(
      httpEvent({
        method: 'GET',
        path: '/api/wheel',
        viaSite: false,
        headers: { [ORIGIN_SECRET_HEADER]: secret, [VIEWER_ADDRESS_HEADER]: '203.0.113.5' },
      }),
    )
  ).statusCode ?? 0;

/** `aws secretsmanager put-secret-value`: the new value becomes AWSCURRENT, the old AWSPREVIOUS. */
const rotateTo = (value: string) =>
  secretsManager.send(new PutSecretValueCommand({ SecretId: arn, SecretString: value }));

/** Every warm function has read Secrets Manager again. */
const cacheExpires = () => vi.setSystemTime(Date.now() + (SECRETS_MAX_AGE_S + 1) * 1000);

describe('rotating the origin secret', () => {
  it('takes the current value and the previous one, and nothing else', async () => {
    // Never rotated: the one value (no AWSPREVIOUS version exists).
    expect(await statusWith('first-value')).toBe(200);
    expect(await statusWith('guess')).toBe(403);

    // Step 1, a new value: CloudFront still sends the old one, which stays good throughout.
    await rotateTo('second-value');
    expect(await statusWith('first-value')).toBe(200);
    // A warm function knows the new value only once its cache expires: why step 2 waits.
    expect(await statusWith('second-value')).toBe(403);
    cacheExpires();
    expect(await statusWith('first-value')).toBe(200);
    expect(await statusWith('second-value')).toBe(200);
    expect(await statusWith('guess')).toBe(403);

    // The next rotation retires the first value.
    await rotateTo('third-value');
    cacheExpires();
    expect(await statusWith('third-value')).toBe(200);
    expect(await statusWith('second-value')).toBe(200);
    expect(await statusWith('first-value')).toBe(403);
  });

  it('derives each purpose key once per value the cache holds, and anew after a rotation', async () => {
    await rotateTo('fourth-value');
    cacheExpires();
    const visits = await originDerivedKey('visits');
    // The same Buffer, not an equal one: no HMAC per request while the cached value stands.
    expect(await originDerivedKey('visits')).toBe(visits);
    expect((await originDerivedKey('prize-reference')).equals(visits)).toBe(false);

    await rotateTo('fifth-value');
    cacheExpires();
    const rotated = await originDerivedKey('visits');
    expect(rotated.equals(visits)).toBe(false);
    expect(await originDerivedKey('visits')).toBe(rotated);
  });
});
