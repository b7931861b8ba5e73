/**
 * HttpEvent builders for handler tests, shaped like API Gateway HTTP API payload v2, with the JWT
 * authorizer's token fields stringified the way the authorizer delivers them ("cognito:groups":
 * "[admin]", phone_number_verified: "true").
 */
import type { HttpEvent } from '../../lambdas/lib/http';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/definitions';

/** A token's fields as the JWT authorizer passes them on: every value a string. */
export type TokenFields = Record<string, string>;

export type Caller = 'admin' | 'operator' | 'visitor' | 'anonymous';

export const ADMIN_TOKEN: TokenFields = {
  sub: '11111111-1111-4111-8111-111111111111',
  'cognito:username': 'admin',
  'cognito:groups': '[admin]',
  email: 'admin@example.com',
  token_use: 'id',
};

export const OPERATOR_TOKEN: TokenFields = {
  sub: '22222222-2222-4222-8222-222222222222',
  'cognito:username': 'operator',
  'cognito:groups': '[operator]',
  email: 'operator@example.com',
  token_use: 'id',
};

/** A verified visitor's ID token from the visitor pool: no staff group. */
export const VISITOR_TOKEN: TokenFields = {
  sub: '33333333-3333-4333-8333-333333333333',
  'cognito:username': '33333333-3333-4333-8333-333333333333',
  phone_number: '+61412345678',
  phone_number_verified: 'true',
  token_use: 'id',
};

/** The canned token fields of each signed-in caller. */
const TOKENS: Readonly<Record<Exclude<Caller, 'anonymous'>, TokenFields>> = {
  admin: ADMIN_TOKEN,
  operator: OPERATOR_TOKEN,
  visitor: VISITOR_TOKEN,
};

/** The fields of a verified visitor ID token for one phone number (+61…). */
export const visitorTokenFor = (phoneNumber: string): TokenFields => ({
  sub: `sub-${phoneNumber}`,
  token_use: 'id',
  phone_number: phoneNumber,
  phone_number_verified: 'true',
  'cognito:username': `sub-${phoneNumber}`,
});

export interface HttpEventOptions {
  /** The token's fields; wins over `caller`. Neither means an anonymous call (no authorizer). */
  tokenFields?: TokenFields;
  /** One of the canned callers, for when the exact token does not matter. */
  caller?: Caller;
  method?: string;
  path?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** JSON-serialised unless a string, or a Buffer (sent base64-encoded, as API Gateway does). */
  body?: unknown;
  /** The caller's address as CloudFront saw it (and API Gateway too, in these events). */
  sourceIp?: string;
  /**
   * Whether the request came through CloudFront (default): then it carries the origin secret and
   * CloudFront-Viewer-Address, as lib/viewer.ts expects.
   */
  viaSite?: boolean;
}

/** The origin secret handler tests run with (test/setup/env.ts). */
export const TEST_ORIGIN_SECRET = 'test-origin-secret';
/** The erasure key handler tests run with (test/setup/env.ts). */
export const TEST_ERASURE_KEY = 'test-erasure-key';

/** A canned caller's token fields, as of a token issued just now. */
const tokenOf = ({ tokenFields, caller }: HttpEventOptions): TokenFields | undefined =>
  tokenFields ??
  (caller === undefined || caller === 'anonymous'
    ? undefined
    : {
        ...TOKENS[caller],
        iat: String(Math.floor(Date.now() / 1000)),
        auth_time: String(Math.floor(Date.now() / 1000)),
      });

function encodedBody(body: unknown): { body: string | undefined; isBase64Encoded: boolean } {
  if (Buffer.isBuffer(body)) return { body: body.toString('base64'), isBase64Encoded: true };
  if (body === undefined) return { body: undefined, isBase64Encoded: false };
  return {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

/** An HTTP API v2 event as API Gateway hands it to a handler. */
export function httpEvent(options: HttpEventOptions = {}): HttpEvent {
  const { method = 'POST', path = '/api/test', query, sourceIp = '203.0.113.9' } = options;
  const fields = tokenOf(options);
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: query ? new URLSearchParams(query).toString() : '',
    headers: {
      ...(options.viaSite === false
        ? {}
        : {
            [ORIGIN_SECRET_HEADER]: TEST_ORIGIN_SECRET,
            [VIEWER_ADDRESS_HEADER]: sourceIp,
          }),
      ...(options.headers ?? {}),
    },
    queryStringParameters: query,
    pathParameters: options.pathParameters,
    ...encodedBody(options.body),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp, userAgent: 'vitest' },
      requestId: 'req',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 0,
      ...(fields ? { authorizer: { jwt: { claims: fields, scopes: null } } } : {}),
    },
  } as HttpEvent;
}

/** The parsed JSON body of a handler result (`{}` when it has none). */
export const bodyOf = (result: { body?: string }): Record<string, unknown> =>
  JSON.parse(result.body ?? '{}') as Record<string, unknown>;

export interface ParsedResult {
  status: number;
  body: Record<string, unknown>;
}

/** Status and JSON body of a handler result (`{}` for an empty body). */
export const statusAndBody = (result: { statusCode?: number; body?: string }): ParsedResult => ({
  status: result.statusCode ?? 0,
  body: result.body ? bodyOf(result) : {},
});
