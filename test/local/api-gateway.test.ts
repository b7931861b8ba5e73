import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FUNCTION_TIMEOUT_SECONDS } from '@shared/definitions';
import type { HttpEvent } from '../../lambdas/lib/http';
import {
  createApiGateway,
  poolAuthorizers,
  type ApiRequest,
  type LambdaHandler,
} from '../../local/api-gateway';
import { startCognitoStandIn, type RunningCognitoStandIn } from '../support/cognito-stand-in';
import { codeTriggers, freshStateFile, TEST_CODE } from './cognito-support';

let cognito: RunningCognitoStandIn;
let visitorId: string;
let staffId: string;
let staffAccess: string;
/** The stand-in's clock: a test may move it on; it is back at the start after each test. */
const START = Date.now();
let clock = START;
afterEach(() => {
  clock = START;
});

/** Handlers that echo the event they got, or misbehave on purpose. */
const handlers: Record<string, LambdaHandler> = {
  'get-wheel': async (event) => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(event),
  }),
  'create-spin': async (event) => ({ statusCode: 200, body: JSON.stringify(event) }),
  'update-slice': async (event) => ({ statusCode: 200, body: JSON.stringify(event) }),
  'upload-logo': async (event) => ({ statusCode: 201, body: JSON.stringify(event) }),
  'list-users': async (event) => ({ statusCode: 200, body: JSON.stringify(event) }),
  'get-staff-me': async () => ({ username: 'plain object' }),
  'search-users': async () => {
    throw new Error('handler bug');
  },
  'get-business-settings': async () => ({
    statusCode: 200,
    headers: { 'content-type': 'image/png', 'x-content-type-options': 'nosniff' },
    body: Buffer.from([0x89, 0x50]).toString('base64'),
    isBase64Encoded: true,
    cookies: ['a=1', 'b=2'],
  }),
};

const api = () =>
  createApiGateway({
    authorizers: poolAuthorizers(cognito),
    loadHandler: async (id) => {
      const handler = handlers[id];
      if (!handler) throw new Error(`no test handler ${id}`);
      return handler;
    },
    now: () => clock,
    log: () => undefined,
  });

const request = (overrides: Partial<ApiRequest>): ApiRequest => ({
  method: 'GET',
  url: '/api/wheel',
  headers: { host: '127.0.0.1:5173', 'user-agent': 'test-agent' },
  body: Buffer.alloc(0),
  sourceIp: '127.0.0.1',
  host: '127.0.0.1:5173',
  ...overrides,
});

const eventOf = (body: Buffer) => JSON.parse(body.toString('utf8')) as HttpEvent;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  cognito = await startCognitoStandIn({
    dataFile: await freshStateFile(),
    triggers: codeTriggers().triggers,
    now: () => clock,
  });
  const created = await cognito.call('AdminCreateUser', {
    UserPoolId: cognito.pools.visitor.poolId,
    Username: '+61412345678',
    UserAttributes: [{ Name: 'phone_number_verified', Value: 'true' }],
  });
  const username = (created.User as { Username: string }).Username;
  const challenge = await cognito.call('InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: cognito.pools.visitor.clientId,
    AuthParameters: { USERNAME: username },
  });
  const visitor = await cognito.call('RespondToAuthChallenge', {
    ClientId: cognito.pools.visitor.clientId,
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: username, ANSWER: TEST_CODE },
  });
  visitorId = (visitor.AuthenticationResult as { IdToken: string }).IdToken;
  const staffPool = cognito.pools.staff.poolId;
  await cognito.call('AdminCreateUser', { UserPoolId: staffPool, Username: 'admin' });
  await cognito.call('AdminSetUserPassword', {
    UserPoolId: staffPool,
    Username: 'admin',
    Password: 'secret-password',
    Permanent: true,
  });
  await cognito.call('AdminAddUserToGroup', {
    UserPoolId: staffPool,
    Username: 'admin',
    GroupName: 'admin',
  });
  await cognito.call('AdminAddUserToGroup', {
    UserPoolId: staffPool,
    Username: 'admin',
    GroupName: 'operator',
  });
  const staff = await cognito.call('AdminInitiateAuth', {
    AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
    UserPoolId: cognito.pools.staff.poolId,
    ClientId: cognito.pools.staff.clientId,
    AuthParameters: { USERNAME: 'admin', PASSWORD: 'secret-password' },
  });
  ({ IdToken: staffId, AccessToken: staffAccess } = staff.AuthenticationResult as {
    IdToken: string;
    AccessToken: string;
  });
});

afterAll(() => cognito.stop());

describe('HTTP API emulation: events', () => {
  it('builds a payload 2.0 event for a public route', async () => {
    const answer = await api().invoke(
      request({
        url: '/api/wheel?a=1&a=2&b=x%20y',
        headers: { host: 'h', 'X-Mixed': 'v', cookie: 'c1=1; c2=2', 'user-agent': 'ua' },
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    const event = eventOf(answer.body);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/wheel',
      rawPath: '/api/wheel',
      rawQueryString: 'a=1&a=2&b=x%20y',
      cookies: ['c1=1', 'c2=2'],
      queryStringParameters: { a: '1,2', b: 'x y' },
      isBase64Encoded: false,
      requestContext: {
        http: {
          method: 'GET',
          path: '/api/wheel',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'ua',
        },
        routeKey: 'GET /api/wheel',
        stage: '$default',
      },
    });
    expect(event.headers['x-mixed']).toBe('v');
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event.requestContext.time).toMatch(
      /^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/,
    );
    expect(event.requestContext).not.toHaveProperty('authorizer');
    expect(event).not.toHaveProperty('body');
  });

  it('passes binary bodies base64-encoded, text bodies as text, and decodes path parameters', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const logo = eventOf(
      (
        await api().invoke(
          request({
            method: 'POST',
            url: '/api/logo',
            headers: { ...bearer(staffId), 'content-type': 'image/png' },
            body: png,
          }),
        )
      ).body,
    );
    expect(logo.isBase64Encoded).toBe(true);
    expect(Buffer.from(logo.body!, 'base64')).toEqual(png);

    const json = '{"name":"Chips"}';
    const slice = eventOf(
      (
        await api().invoke(
          request({
            method: 'PUT',
            url: '/api/slices/a%20b',
            headers: { ...bearer(staffId), 'content-type': 'application/json; charset=utf-8' },
            body: Buffer.from(json),
          }),
        )
      ).body,
    );
    expect(slice).toMatchObject({
      routeKey: 'PUT /api/slices/{id}',
      pathParameters: { id: 'a b' },
      body: json,
      isBase64Encoded: false,
    });
  });

  it('answers 404 for unknown paths and for known paths with another method, 413 past 10 MB', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/wheel'],
      ['GET', '/api/wheel/'],
    ] as const) {
      const answer = await api().invoke(request({ method, url }));
      expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([
        404,
        { message: 'Not Found' },
      ]);
    }
    const big = await api().invoke(
      // HTTP API's payload quota is 10 MB.
      request({ method: 'POST', url: '/api/logo', body: Buffer.alloc(10 * 1024 * 1024 + 1) }),
    );
    expect(big.status).toBe(413);
  });

  it("refuses an event past Lambda's 6 MB invocation payload with 413, as API Gateway does", async () => {
    const post = (body: Buffer, contentType: string) =>
      api().invoke(
        request({
          method: 'POST',
          url: '/api/logo',
          headers: { ...bearer(staffId), 'content-type': contentType },
          body,
        }),
      );
    const tooLarge = [413, { message: 'Request Entity Too Large' }];
    const answer = (a: Awaited<ReturnType<typeof post>>) => [
      a.status,
      JSON.parse(a.body.toString()),
    ];
    // Text passes as it is: 6.5 MB of JSON is over, 5 MB is not.
    expect(answer(await post(Buffer.alloc(6.5 * 1024 * 1024, 0x20), 'application/json'))).toEqual(
      tooLarge,
    );
    expect((await post(Buffer.alloc(5 * 1024 * 1024, 0x20), 'application/json')).status).toBe(201);
    // Binary is base64-encoded in the event, a third larger: 4.8 MB of PNG is over.
    expect(answer(await post(Buffer.alloc(4.8 * 1024 * 1024, 1), 'image/png'))).toEqual(tooLarge);
  });

  it("ends a handler at the function's timeout with 500, as a Lambda timeout reaches API Gateway", async () => {
    const slow = createApiGateway({
      authorizers: poolAuthorizers(cognito),
      loadHandler: async () => () => new Promise(() => undefined),
      functionTimeoutMs: 50,
      log: () => undefined,
    });
    const answer = await slow.invoke(request({ url: '/api/wheel' }));
    expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([
      500,
      { message: 'Internal Server Error' },
    ]);
  });

  it("uses the deployed functions' timeout (infra/function-defaults.ts) by default", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slow = createApiGateway({
      authorizers: poolAuthorizers(cognito),
      loadHandler: async () => () => new Promise(() => undefined),
      log: () => undefined,
    });
    let settled: number | undefined;
    const pending = slow.invoke(request({ url: '/api/wheel' })).then((a) => {
      settled = a.status;
      return a;
    });
    await vi.advanceTimersByTimeAsync(FUNCTION_TIMEOUT_SECONDS * 1000 - 100);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).status).toBe(500);
  });

  it('maps handler results like API Gateway: plain objects, base64 bodies, cookies, crashes', async () => {
    const plain = await api().invoke(request({ url: '/api/staff/me', headers: bearer(staffId) }));
    expect([
      plain.status,
      plain.headers['content-type'],
      JSON.parse(plain.body.toString()),
    ]).toEqual([200, 'application/json', { username: 'plain object' }]);
    const binary = await api().invoke(request({ url: '/api/settings/business' }));
    expect(binary.body).toEqual(Buffer.from([0x89, 0x50]));
    expect(binary.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    const crash = await api().invoke(
      request({
        method: 'POST',
        url: '/api/users/search',
        headers: { ...bearer(staffId), 'content-type': 'application/json' },
        body: Buffer.from('{}'),
      }),
    );
    expect([crash.status, JSON.parse(crash.body.toString())]).toEqual([
      500,
      { message: 'Internal Server Error' },
    ]);
  });
});

describe('HTTP API emulation: JWT authorizer', () => {
  const unauthorized = async (headers: Record<string, string>, url = '/api/users') => {
    const answer = await api().invoke(request({ url, headers }));
    expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([
      401,
      { message: 'Unauthorized' },
    ]);
  };

  it('passes the stringified fields of a valid token, ID or access', async () => {
    const event = eventOf(
      (await api().invoke(request({ url: '/api/users', headers: bearer(staffId) }))).body,
    );
    const fields = event.requestContext.authorizer!.jwt!.claims;
    expect(fields).toMatchObject({
      'cognito:username': 'admin',
      'cognito:groups': '[admin operator]',
      token_use: 'id',
    });
    expect(fields.auth_time).toMatch(/^\d+$/);
    expect(Object.values(fields).every((v) => typeof v === 'string')).toBe(true);
    const byAccess = eventOf(
      (await api().invoke(request({ url: '/api/users', headers: bearer(staffAccess) }))).body,
    );
    expect(byAccess.requestContext.authorizer!.jwt!.claims).toMatchObject({
      token_use: 'access',
      username: 'admin',
    });

    const spin = eventOf(
      (
        await api().invoke(
          request({ method: 'POST', url: '/api/spins', headers: bearer(visitorId) }),
        )
      ).body,
    );
    expect(spin.requestContext.authorizer!.jwt!.claims).toMatchObject({
      phone_number: '+61412345678',
      phone_number_verified: 'true',
    });
  });

  it('answers 401 for a missing, malformed, forged, expired or wrong-pool token', async () => {
    await unauthorized({});
    await unauthorized({ authorization: 'Bearer not-a-jwt' });
    await unauthorized(bearer(visitorId)); // visitor pool token on a staff route
    await unauthorized(bearer(staffId), '/api/spins/mine'); // staff token on a visitor route
    const [header, payload] = staffId.split('.');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fields = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const kid = (JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string }).kid;
    const forged = await new SignJWT(fields)
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(privateKey);
    await unauthorized(bearer(forged));
    await unauthorized(
      bearer(
        `${header}.${Buffer.from(JSON.stringify({ ...fields, 'cognito:groups': ['admin'], sub: 'x' })).toString('base64url')}.${staffId.split('.')[2]}`,
      ),
    );
    clock += 2 * 60 * 60 * 1000;
    await unauthorized(bearer(staffId));
  });
});
