import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { securityHeaders } from '@shared/security-headers';
import { LOCAL_AWS_ENV } from '../../local/dynamodb';
import { PLACEHOLDER_BUSINESS } from '@shared/business-fields';
import { CLIENT_LOOKUPS_PER_HOUR } from '@shared/constants';
import type { WheelResponse } from '@shared/types';
import { solvedOtpChallenge } from '../support/stack-sign-in';
import { spendLookups } from './support/budgets';
import { baseUrl, latestSmsCode, newBrowserPage, pageErrors, staffPassword } from './support/stack';

const get = (path: string, init?: RequestInit) => fetch(new URL(path, baseUrl()), init);

/** A POST from the loopback address `from`: one more client of the stack, as far as it can tell. */
function postFrom(from: string, path: string, body: unknown, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const call = request(
      new URL(path, baseUrl()),
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
/** The spec's two sample prizes, which the first start seeds (local/seed.ts). */
const SEEDED_NAMES = ['Buy 1 Get 1 Free', 'Free Side'];
/** Production's headers: the dist stack serves exactly CloudFront's policy. */
const EXPECTED_HEADERS = securityHeaders([]);

interface RuntimeConfig {
  cognitoEndpoint: string;
  visitorClientId: string;
  staffClientId: string;
}

describe('local stack (dist)', () => {
  it('serves /config.json pointing at the Cognito stand-in on the same origin', async () => {
    const response = await get('/config.json');
    expect(response.status).toBe(200);
    const config = (await response.json()) as RuntimeConfig;
    expect(config.cognitoEndpoint).toBe(`${baseUrl()}/cognito`);
    expect(config.visitorClientId).toMatch(/^[a-z0-9]{26}$/);
    expect(config.staffClientId).toMatch(/^[a-z0-9]{26}$/);
    expect(config.staffClientId).not.toBe(config.visitorClientId);
  });

  it('answers GET /api/wheel with the seeded slices and placeholder business, no stock figures', async () => {
    const response = await get('/api/wheel');
    expect(response.status).toBe(200);
    const wheel = (await response.json()) as WheelResponse;
    expect(wheel.slices.map((s) => s.name)).toEqual(expect.arrayContaining(SEEDED_NAMES));
    for (const slice of wheel.slices) {
      expect(slice).not.toHaveProperty('stock');
      expect(typeof slice.soldOut).toBe('boolean');
    }
    expect(wheel.business.businessName).toBe(PLACEHOLDER_BUSINESS.businessName);
    expect(wheel.game.itemBackgroundColors.length).toBeGreaterThan(0);
  });

  it('puts the security headers on pages and API answers', async () => {
    for (const path of ['/', '/api/wheel', '/api/no-such-route', '/dashboard']) {
      const response = await get(path);
      for (const [name, value] of Object.entries(EXPECTED_HEADERS)) {
        expect(response.headers.get(name), `${name} on ${path}`).toBe(value);
      }
    }
  });

  it('falls back to index.html for SPA routes, answers missing assets as S3 does (403), compresses scripts', async () => {
    const index = await (await get('/')).text();
    const dashboard = await get('/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('content-type')).toContain('text/html');
    expect(await dashboard.text()).toBe(index);
    expect((await get('/assets/missing-file.js')).status).toBe(403);
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    const asset = await get(script!, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const gzip = await get(script!, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers unknown API paths and wrong methods like API Gateway, and 401 without a token', async () => {
    const unknown = await get('/api/no-such-route');
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Not Found' }]);
    const wrongMethod = await get('/api/wheel', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(404);
    const noToken = await get('/api/users');
    expect([noToken.status, await noToken.json()]).toEqual([401, { message: 'Unauthorized' }]);
  });

  it('counts a client by its connection, whatever address headers it invents (as CloudFront does)', async () => {
    // Each lookup costs the proof of work of a code (docs/security.md).
    const lookup = async (from: string, n: number) =>
      postFrom(
        from,
        '/api/users/exists',
        { phoneNumber: '0412000111', altcha: await solvedOtpChallenge(baseUrl()) },
        {
          'x-viewer-address': `198.51.100.${n % 250}`,
          'x-forwarded-for': `192.0.2.${n % 250}`,
          'cloudfront-viewer-address': `203.0.113.${n % 250}:443`,
        },
      );
    // A client may make as many lookups as it may ask for codes, when that is more (every
    // otp/start is a lookup too): this stack is configured like a shop's shared Wi-Fi.
    const lookups = Math.max(CLIENT_LOOKUPS_PER_HOUR, inject('clientCodesPerHour'));
    // All but the last three spent without their proof of work (each costs a fraction of a
    // second); the last three through the route, each inventing other headers: the route counts
    // them on the connection's own counter, and refuses the one past the budget.
    const throughRoute = 3;
    await spendLookups('127.0.0.7', lookups - throughRoute);
    const statuses: number[] = [];
    for (let n = 0; n <= throughRoute; n += 1) statuses.push(await lookup('127.0.0.7', n));
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client is counted apart.
    expect(await lookup('127.0.0.8', 0)).toBe(200);
  });

  it('serves logo bucket objects under /media with their content type', async () => {
    const s3 = new S3Client({
      endpoint: inject('s3Endpoint'),
      forcePathStyle: true,
      region: LOCAL_AWS_ENV.AWS_REGION,
      credentials: {
        accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
        secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
      },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await s3.send(
      new PutObjectCommand({
        Bucket: inject('logoBucket'),
        Key: 'business/e2e-smoke.png',
        Body: bytes,
        ContentType: 'image/png',
      }),
    );
    s3.destroy();
    const response = await get('/media/business/e2e-smoke.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect((await get('/media/business/missing.png')).status).toBe(403);
  });

  it('keeps SMS published to its SNS endpoint in the local outbox for tests', async () => {
    const since = new Date();
    // As the functions' SNS client publishes (lambdas/lib/sms.ts, SNS_ENDPOINT).
    const sns = new SNSClient({
      endpoint: new URL('/local/sms', baseUrl()).href,
      region: LOCAL_AWS_ENV.AWS_REGION,
      credentials: {
        accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
        secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
      },
    });
    const published = await sns.send(
      new PublishCommand({
        PhoneNumber: '+61400000123',
        Message: 'Your Spin & Win code is 654321',
      }),
    );
    sns.destroy();
    expect(published.MessageId).toBeTruthy();
    expect(await latestSmsCode('0400000123', { since })).toBe('654321');
    expect((await get('/local/sms/latest?phoneNumber=%2B61400000999')).status).toBe(404);
  });

  it('signs staff in through the API (which asks the mounted Cognito stand-in) and authorizes their API calls', async () => {
    const config = (await (await get('/config.json')).json()) as RuntimeConfig;
    // The staff client takes no password from the internet: only the API's AdminInitiateAuth.
    const direct = await fetch(config.cognitoEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.staffClientId,
        AuthParameters: { USERNAME: 'operator', PASSWORD: staffPassword('operator') },
      }),
    });
    expect(direct.status).toBe(400);
    const signIn = await get('/api/staff/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator', password: staffPassword('operator') }),
    });
    expect(signIn.status).toBe(200);
    const { idToken } = (await signIn.json()) as { idToken: string };
    const me = await get('/api/staff/me', {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'operator', role: 'operator' });
  });
});

describe('wheel page in Chromium', () => {
  it('loads the wheel from /api/wheel, shows a seeded prize and logs no console error', async () => {
    const page = await newBrowserPage();
    const wheelResponse = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/wheel');
    await page.goto('/');
    const response = await wheelResponse;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as WheelResponse;
    expect(body.slices.map((s) => s.name)).toEqual(expect.arrayContaining(SEEDED_NAMES));
    await page.getByRole('heading', { name: 'Spin & Win' }).waitFor();
    // The wheel lists its prizes for assistive technology; wait for one of the seeded names.
    await page
      .getByText(
        new RegExp(
          SEEDED_NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
          'i',
        ),
      )
      .first()
      .waitFor({ state: 'attached' });
    expect(pageErrors(page)).toEqual([]);
  });
});
