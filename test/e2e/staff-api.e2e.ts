/**
 * The dashboard routes through the local stack's HTTP API emulation, JWT authorizer included:
 * anonymous, junk, forged, tampered, unsigned and visitor tokens are refused; admin and operator
 * pass. An expired token needs one signed by the stand-in's own key, which this file cannot reach.
 */
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { randomLocalMobile, staffIdToken, visitorIdToken } from './staff-support';
import { baseUrl, staffPassword } from './support/stack';

const DASHBOARD_ROUTES = [
  { method: 'POST', path: '/api/users/search', body: { phoneNumber: '0400000000' } },
  { method: 'GET', path: '/api/users' },
  { method: 'POST', path: '/api/users/redeem', body: { phoneNumber: '0400000000' } },
  { method: 'GET', path: '/api/staff/me' },
] as const;

async function call(route: (typeof DASHBOARD_ROUTES)[number], token?: string): Promise<number> {
  const response = await fetch(new URL(route.path, baseUrl()), {
    method: route.method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: 'body' in route ? JSON.stringify(route.body) : undefined,
  });
  return response.status;
}

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

/** A token with a real token's fields, signed by a key the pool never published. */
async function forged(real: string): Promise<string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const header = JSON.parse(
    Buffer.from(real.split('.')[0] ?? '', 'base64url').toString('utf8'),
  ) as { kid: string };
  return new SignJWT(decode(real))
    .setProtectedHeader({ alg: 'RS256', kid: header.kid })
    .sign(privateKey);
}

describe('dashboard API behind the JWT authorizer', () => {
  it('refuses anonymous, forged, tampered, unsigned and visitor tokens on every route', async () => {
    const operator = await staffIdToken('operator', staffPassword('operator'));
    const [h, p] = operator.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...decode(operator), 'cognito:username': 'x' })).toString('base64url')}.${operator.split('.')[2]}`;
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    const forgedToken = await forged(operator);
    const visitor = await visitorIdToken(randomLocalMobile());

    for (const route of DASHBOARD_ROUTES) {
      expect(await call(route), `${route.path} anonymous`).toBe(401);
      expect(await call(route, 'not-a-jwt'), `${route.path} junk`).toBe(401);
      expect(await call(route, forgedToken), `${route.path} forged`).toBe(401);
      expect(await call(route, tampered), `${route.path} tampered`).toBe(401);
      expect(await call(route, unsigned), `${route.path} alg none`).toBe(401);
      // The visitor pool's token fails the staff authorizer's issuer/audience check.
      expect([401, 403], `${route.path} visitor`).toContain(await call(route, visitor));
    }
  });

  it('lets admin and operator through', async () => {
    for (const role of ['admin', 'operator'] as const) {
      const token = await staffIdToken(role, staffPassword(role));
      expect(await call(DASHBOARD_ROUTES[0], token)).toBe(200);
      expect(await call(DASHBOARD_ROUTES[1], token)).toBe(200);
      expect(await call(DASHBOARD_ROUTES[3], token)).toBe(200);
      expect(await call(DASHBOARD_ROUTES[2], token)).toBe(404);
    }
  });
});
