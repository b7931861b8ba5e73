/**
 * A fake network for the staff screens' tests: the Cognito endpoint and /api behind one fetch stub,
 * so the app's own Cognito client, session store and API client run unchanged.
 */
import { vi } from 'vitest';
import type { RuntimeConfig } from '../../../web/src/config/runtime';

const COGNITO_ENDPOINT = 'http://cognito.test/';
export const STAFF_CLIENT_ID = 'staff-client';

export { staffIdToken } from '../support/tokens';

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A Cognito error as the service sends it: HTTP 400 with `__type`. */
export const cognitoError = (type: string, message: string): Response =>
  new Response(JSON.stringify({ __type: type, message }), {
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.1' },
  });

/** Cognito's successful USER_PASSWORD_AUTH answer with this ID token. */
export const cognitoTokens = (idToken: string): Response =>
  jsonResponse(200, {
    AuthenticationResult: {
      IdToken: idToken,
      AccessToken: 'access',
      RefreshToken: 'refresh',
      ExpiresIn: 3600,
    },
  });

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export interface FakeNetwork {
  /**
   * What /config.json answers, as the deployment serves it. The app reads it once per page load:
   * a test of another deployment loads the app afresh (vi.resetModules and a new import).
   */
  config: RuntimeConfig;
  /** Answers each Cognito call: the X-Amz-Target operation and the JSON body. */
  cognito: (operation: string, body: Record<string, unknown>) => Response | Promise<Response>;
  /** Cognito's answer to RevokeToken (Logout); accepted unless a test says otherwise. */
  revoke: () => Response;
  /** Answers each /api call. */
  api: (call: ApiCall) => Response | Promise<Response>;
  /** Every /api call made, in order. */
  apiCalls: ApiCall[];
  /** Every Cognito call made, in order. */
  cognitoCalls: { operation: string; body: Record<string, unknown> }[];
}

/** Stubs fetch with the fake network; set `cognito` and `api` on the result to answer. */
export function installFakeNetwork(): FakeNetwork {
  const network: FakeNetwork = {
    config: {
      cognitoEndpoint: COGNITO_ENDPOINT,
      visitorClientId: 'visitor-client',
      staffClientId: STAFF_CLIENT_ID,
    },
    cognito: () => cognitoError('InternalErrorException', 'not set up'),
    revoke: () => new Response('{}', { status: 200 }),
    api: () => jsonResponse(500, { code: 'INTERNAL', message: 'not set up' }),
    apiCalls: [],
    cognitoCalls: [],
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    const text = typeof init.body === 'string' ? init.body : '';
    if (url === COGNITO_ENDPOINT) {
      const operation = (headers.get('x-amz-target') ?? '').split('.').pop() ?? '';
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      network.cognitoCalls.push({ operation, body });
      if (operation === 'RevokeToken') return network.revoke();
      return network.cognito(operation, body);
    }
    if (url === '/config.json') return jsonResponse(200, network.config);
    if (url.startsWith('/api/')) {
      // As a browser's fetch: the answer comes later, and a request aborted by then rejects.
      await Promise.resolve();
      if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        authorization: headers.get('authorization'),
      };
      network.apiCalls.push(call);
      return network.api(call);
    }
    throw new TypeError(`unexpected fetch ${url}`);
  });
  return network;
}
