/**
 * HttpEvent builders shaped like API Gateway HTTP API payload v2, with the JWT authorizer's claims
 * stringified the way the authorizer delivers them ("cognito:groups": "[admin]").
 */
import type { HttpEvent } from '../../../lambdas/lib/http';

export type Caller = 'admin' | 'operator' | 'visitor' | 'anonymous';

const CLAIMS: Record<Exclude<Caller, 'anonymous'>, Record<string, string>> = {
  admin: {
    sub: '11111111-1111-4111-8111-111111111111',
    'cognito:username': 'admin',
    'cognito:groups': '[admin]',
    email: 'admin@example.com',
    token_use: 'id',
  },
  operator: {
    sub: '22222222-2222-4222-8222-222222222222',
    'cognito:username': 'operator',
    'cognito:groups': '[operator]',
    email: 'operator@example.com',
    token_use: 'id',
  },
  visitor: {
    sub: '33333333-3333-4333-8333-333333333333',
    'cognito:username': '33333333-3333-4333-8333-333333333333',
    phone_number: '+61412345678',
    phone_number_verified: 'true',
    token_use: 'id',
  },
};

export interface EventOptions {
  caller?: Caller;
  method?: string;
  path?: string;
  pathParameters?: Record<string, string>;
  headers?: Record<string, string>;
  /** JSON-serialised unless a Buffer (sent base64-encoded, as API Gateway does for binary). */
  body?: unknown;
}

/** An HTTP API v2 event for a handler under test. */
export function httpEvent(options: EventOptions = {}): HttpEvent {
  const { caller = 'admin', method = 'GET', path = '/api/test' } = options;
  let body: string | undefined;
  let isBase64Encoded = false;
  if (Buffer.isBuffer(options.body)) {
    body = options.body.toString('base64');
    isBase64Encoded = true;
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { ...(options.headers ?? {}) },
    pathParameters: options.pathParameters,
    body,
    isBase64Encoded,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'req',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '',
      timeEpoch: 0,
      ...(caller === 'anonymous'
        ? {}
        : { authorizer: { jwt: { claims: CLAIMS[caller], scopes: null } } }),
    },
  } as HttpEvent;
}

/** The parsed JSON body of a handler result. */
export const bodyOf = (result: { body?: string }): Record<string, unknown> =>
  JSON.parse(result.body ?? '{}') as Record<string, unknown>;
