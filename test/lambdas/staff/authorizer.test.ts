/**
 * The dashboard routes behind the local HTTP API emulation's JWT authorizer (local/api-gateway),
 * with the real handlers: forged, expired, wrong-issuer, wrong-audience and visitor-pool tokens
 * never reach a handler (401); staff tokens do.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { exportJWK, SignJWT, type JSONWebKeySet } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiGateway, type ApiGateway } from '../../../local/api-gateway';
import { CLOUDFRONT_EDGE_ADDRESS, forwardedByCloudFront } from '../../../local/cloudfront';
import { TEST_ORIGIN_SECRET } from '../../support/http-event';

const STAFF_ISSUER = 'http://cognito.local/local_staff';
const VISITOR_ISSUER = 'http://cognito.local/local_visitor';
const STAFF_CLIENT = 'staff-client';
const VISITOR_CLIENT = 'visitor-client';
const KID = 'staff-key';
const HOUR = 3600;

const ROUTES = [
  { method: 'POST', url: '/api/users/search', body: { phoneNumber: '0400000000' } },
  { method: 'GET', url: '/api/users' },
  { method: 'POST', url: '/api/users/redeem', body: { phoneNumber: '0400000000' } },
  { method: 'GET', url: '/api/staff/me' },
] as const;

const newKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const staffKey = newKey();
const visitorKey = newKey();
const foreignKey = newKey();

async function jwks(publicKey: KeyObject, kid: string): Promise<JSONWebKeySet> {
  return { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface TokenOptions {
  key?: KeyObject;
  kid?: string;
  iss?: string;
  aud?: string;
  exp?: number;
  fields?: Record<string, unknown>;
}

/** An ID token like the staff pool's operator token, with any part overridden. */
function token({
  key = staffKey.privateKey,
  kid = KID,
  iss = STAFF_ISSUER,
  aud = STAFF_CLIENT,
  exp,
  fields,
}: TokenOptions = {}) {
  return new SignJWT({
    'cognito:username': 'operator',
    'cognito:groups': ['operator'],
    email: 'operator@example.com',
    token_use: 'id',
    ...fields,
  })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(nowSeconds() - 60)
    .setExpirationTime(exp ?? nowSeconds() + HOUR)
    .sign(key);
}

let gateway: ApiGateway;

beforeAll(async () => {
  const staffJwks = await jwks(staffKey.publicKey, KID);
  const visitorJwks = await jwks(visitorKey.publicKey, 'visitor-key');
  gateway = createApiGateway({
    authorizers: {
      staff: { issuer: STAFF_ISSUER, audience: [STAFF_CLIENT], jwks: () => staffJwks },
      visitor: { issuer: VISITOR_ISSUER, audience: [VISITOR_CLIENT], jwks: () => visitorJwks },
    },
    log: () => undefined,
  });
});

async function call(route: (typeof ROUTES)[number], bearer?: string): Promise<number> {
  const response = await gateway.invoke({
    method: route.method,
    url: route.url,
    // Through CloudFront, as every route requires (lib/http.ts).
    headers: forwardedByCloudFront(
      {
        host: 'localhost',
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      '127.0.0.1',
      TEST_ORIGIN_SECRET,
    ),
    body: Buffer.from('body' in route ? JSON.stringify(route.body) : ''),
    sourceIp: CLOUDFRONT_EDGE_ADDRESS,
    host: 'localhost',
  });
  return response.status;
}

describe('dashboard routes behind the JWT authorizer', () => {
  it.each([
    ['no token', async () => undefined],
    ['an expired token', () => token({ exp: nowSeconds() - 60 })],
    [
      'a token signed by a foreign key under the pool kid',
      () => token({ key: foreignKey.privateKey }),
    ],
    ['a token from another issuer', () => token({ iss: 'http://evil.example/pool' })],
    ['a token for another client', () => token({ aud: 'someone-else' })],
    [
      "a visitor pool's token",
      () =>
        token({
          key: visitorKey.privateKey,
          kid: 'visitor-key',
          iss: VISITOR_ISSUER,
          aud: VISITOR_CLIENT,
          fields: { 'cognito:groups': undefined, phone_number: '+61400000000' },
        }),
    ],
  ])('refuses %s with 401 on every route', async (_label, make) => {
    const bearer = await make();
    for (const route of ROUTES) expect(await call(route, bearer), route.url).toBe(401);
  });

  it('passes an operator token through to the handlers', async () => {
    const bearer = await token();
    expect(await call(ROUTES[0], bearer)).toBe(200);
    expect(await call(ROUTES[1], bearer)).toBe(200);
    expect(await call(ROUTES[2], bearer)).toBe(404);
    expect(await call(ROUTES[3], bearer)).toBe(200);
  });

  it('lets a valid staff-pool token without a staff group through the authorizer, and the handler refuses it', async () => {
    const bearer = await token({ fields: { 'cognito:groups': [] } });
    for (const route of ROUTES) expect(await call(route, bearer), route.url).toBe(403);
  });
});
