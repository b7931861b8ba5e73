/**
 * HttpEvent builders for the dashboard routes, shaped like API Gateway HTTP API payload v2 with the
 * JWT authorizer's claims stringified as it delivers them ("cognito:groups": "[operator]").
 */
import type { HttpEvent, HttpResult } from '../../../lambdas/lib/http';

export type Claims = Record<string, string>;

export const OPERATOR_CLAIMS: Claims = {
  sub: '22222222-2222-4222-8222-222222222222',
  'cognito:username': 'operator',
  'cognito:groups': '[operator]',
  email: 'operator@example.com',
  token_use: 'id',
};

export const ADMIN_CLAIMS: Claims = {
  sub: '11111111-1111-4111-8111-111111111111',
  'cognito:username': 'admin',
  'cognito:groups': '[admin]',
  email: 'admin@example.com',
  token_use: 'id',
};

/** A verified visitor's ID token from the visitor pool: no staff group. */
export const VISITOR_CLAIMS: Claims = {
  sub: '33333333-3333-4333-8333-333333333333',
  'cognito:username': '33333333-3333-4333-8333-333333333333',
  phone_number: '+61412345678',
  phone_number_verified: 'true',
  token_use: 'id',
};

export interface EventOptions {
  /** Authorizer claims; undefined means an anonymous call (no authorizer context). */
  claims?: Claims;
  method?: 'GET' | 'POST';
  path?: string;
  query?: Record<string, string>;
  /** JSON-serialised unless already a string. */
  body?: unknown;
}

/** A payload v2 event for one of the dashboard routes. */
export function httpEvent({
  claims,
  method = 'POST',
  path = '/api/users/search',
  query,
  body,
}: EventOptions): HttpEvent {
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: query ? new URLSearchParams(query).toString() : '',
    headers: { 'content-type': 'application/json' },
    queryStringParameters: query,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'req',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 0,
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
  } as HttpEvent;
}

/** The result's JSON body. */
export const bodyOf = (result: HttpResult): unknown => JSON.parse(result.body ?? 'null');
