/**
 * ID and access tokens shaped like Cognito's (docs/cognito.md), RS256-signed with
 * the pool's two keys, and the pool's JWKS. Refresh tokens are opaque random strings.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { jwtVerify, SignJWT, type JWK } from 'jose';
import { POOLS, TOKEN_VALIDITY } from '@shared/definitions';
import type { SigningJwk, StoredPool, StoredUser } from './state';

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3_600;
const ID_TOKEN_SECONDS = TOKEN_VALIDITY.idMinutes * SECONDS_PER_MINUTE;
export const ACCESS_TOKEN_SECONDS = TOKEN_VALIDITY.accessMinutes * SECONDS_PER_MINUTE;
/** Seconds a refresh token of a pool lives. */
export const refreshTokenSeconds = (kind: keyof typeof POOLS): number =>
  POOLS[kind].refreshTokenHours * SECONDS_PER_HOUR;
/** Random bytes in a refresh token: opaque and unguessable. */
const REFRESH_TOKEN_BYTES = 96;
/** The scope Cognito gives tokens from API (not hosted UI) sign-in. */
const API_SIGN_IN_SCOPE = 'aws.cognito.signin.user.admin';
/** Attributes that are booleans in the ID token though Cognito stores them as strings. */
const BOOLEAN_ATTRIBUTES = new Set(['phone_number_verified', 'email_verified']);
/** Attributes the ID token carries when the user has them. */
const ID_TOKEN_ATTRIBUTES = ['phone_number', 'phone_number_verified', 'email', 'email_verified'];

const keyCache = new Map<string, KeyObject>();
function privateKey(jwk: SigningJwk): KeyObject {
  let key = keyCache.get(jwk.kid);
  if (!key) {
    key = createPrivateKey({ key: jwk, format: 'jwk' });
    keyCache.set(jwk.kid, key);
  }
  return key;
}

/** The pool's public keys as Cognito publishes them at /<poolId>/.well-known/jwks.json. */
export function poolJwks(pool: StoredPool): { keys: JWK[] } {
  return {
    keys: [pool.keys.id, pool.keys.access].map((jwk) => {
      const { n, e } = createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'jwk' });
      return { alg: 'RS256', e, kid: jwk.kid, kty: 'RSA', n, use: 'sig' };
    }),
  };
}

export interface TokenContext {
  issuer: string;
  pool: StoredPool;
  user: StoredUser;
  clientId: string;
  /** Epoch seconds of the original sign-in. */
  authTime: number;
  originJti: string;
  nowSeconds: number;
}

const sign = (fields: Record<string, unknown>, jwk: SigningJwk, expiresAt: number) =>
  new SignJWT(fields)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setExpirationTime(expiresAt)
    .sign(privateKey(jwk));

/** A signed ID token and access token for `user`, from one sign-in event. */
export async function issueTokens(
  ctx: TokenContext,
): Promise<{ idToken: string; accessToken: string }> {
  const { user, nowSeconds } = ctx;
  const eventId = randomUUID();
  const common: Record<string, unknown> = {
    sub: user.attributes.sub,
    ...(user.groups.length > 0 ? { 'cognito:groups': [...user.groups] } : {}),
    iss: ctx.issuer,
    origin_jti: ctx.originJti,
    event_id: eventId,
    auth_time: ctx.authTime,
    iat: nowSeconds,
  };
  const attributeFields: Record<string, unknown> = {};
  for (const name of ID_TOKEN_ATTRIBUTES) {
    const value = user.attributes[name];
    if (value === undefined) continue;
    attributeFields[name] = BOOLEAN_ATTRIBUTES.has(name) ? value === 'true' : value;
  }
  const [idToken, accessToken] = await Promise.all([
    sign(
      {
        ...common,
        ...attributeFields,
        'cognito:username': user.username,
        aud: ctx.clientId,
        token_use: 'id',
        jti: randomUUID(),
      },
      ctx.pool.keys.id,
      nowSeconds + ID_TOKEN_SECONDS,
    ),
    sign(
      {
        ...common,
        client_id: ctx.clientId,
        token_use: 'access',
        scope: API_SIGN_IN_SCOPE,
        jti: randomUUID(),
        username: user.username,
      },
      ctx.pool.keys.access,
      nowSeconds + ACCESS_TOKEN_SECONDS,
    ),
  ]);
  return { idToken, accessToken };
}

/** A new opaque refresh token and the hash under which the state keeps it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/**
 * The fields of an access token the pool signed and that has not expired; undefined for any other
 * token (an ID token, another pool's, a forged or expired one).
 */
export async function verifiedAccessFields(
  pool: StoredPool,
  issuer: string,
  token: string,
  nowSeconds: number,
): Promise<Record<string, unknown> | undefined> {
  try {
    const key = createPublicKey({ key: pool.keys.access, format: 'jwk' });
    const { payload } = await jwtVerify(token, key, {
      issuer,
      algorithms: ['RS256'],
      currentDate: new Date(nowSeconds * 1000),
    });
    return payload.token_use === 'access' ? payload : undefined;
  } catch {
    return undefined;
  }
}
