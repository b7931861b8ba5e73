/**
 * The web tests' one fake network: /config.json, Cognito's JSON protocol and /api behind one
 * stubbed global fetch, so the app's own Cognito client, session store and API client run
 * unchanged. Each feature's routes answer /api (visitor-routes.ts, staff-routes.ts,
 * admin-routes.ts); every request is recorded.
 */
import { vi } from 'vitest';
import type { RuntimeConfig } from '../../../web/src/config/runtime';

const COGNITO_ENDPOINT = 'https://cognito.test/';
export const STAFF_CLIENT_ID = 'staff-client';

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A Cognito error as the service sends it: HTTP 400 with `__type`. */
export const cognitoError = (type: string, message: string): Response =>
  new Response(JSON.stringify({ __type: type, message }), {
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.1' },
  });

/** Cognito's successful sign-in answer with this ID token. */
export const cognitoTokens = (idToken: string): Response =>
  jsonResponse(200, {
    AuthenticationResult: {
      IdToken: idToken,
      AccessToken: 'access',
      RefreshToken: 'refresh',
      ExpiresIn: 3600,
    },
  });

/** One request the app made. */
export interface NetworkCall {
  method: string;
  /** As the app asked for it, query included. */
  url: string;
  /** The URL's path, without the query. */
  path: string;
  query: URLSearchParams;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** JSON bodies parsed; any other body (a Blob) as sent. */
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
  /** Answers each /api call (a feature's routes). */
  api: (call: NetworkCall) => Response | Promise<Response>;
  /**
   * As a browser's fetch, /api answers a tick later, and a request aborted by then rejects (for
   * tests of abandoned requests); otherwise at once.
   */
  answerLater: boolean;
  /** Every request made, in order (config, Cognito and /api). */
  requests: NetworkCall[];
  /** Every /api call made, in order. */
  apiCalls: NetworkCall[];
  /** Every Cognito call made, in order. */
  cognitoCalls: { operation: string; body: Record<string, unknown> }[];
  /** Every staff sign-in (POST /api/staff/sign-in), its body as sent. */
  staffSignIns: Record<string, unknown>[];
}

/**
 * POST /api/staff/sign-in as the API answers it (lambdas/domain/staff-sign-in.ts): the handler's
 * AdminInitiateAuth is put to `cognito`, so one fake staff pool answers the browser's refreshes and
 * the server's sign-ins, and its answer becomes the API's: tokens, 401 BAD_CREDENTIALS for a wrong
 * username or password, 429 while locked out, 403 for a challenge, 500 for anything else.
 */
async function staffSignIn(network: FakeNetwork, body: Record<string, unknown>): Promise<Response> {
  const answer = await network.cognito('AdminInitiateAuth', {
    AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: body.username, PASSWORD: body.password },
  });
  const data = (await answer.json()) as {
    __type?: string;
    message?: string;
    AuthenticationResult?: Record<string, unknown>;
  };
  const result = data.AuthenticationResult;
  if (answer.ok && result)
    return jsonResponse(200, {
      idToken: result.IdToken,
      accessToken: result.AccessToken,
      refreshToken: result.RefreshToken,
      expiresIn: result.ExpiresIn,
    });
  if (answer.ok) return jsonResponse(403, { code: 'STAFF_SIGN_IN_REFUSED', message: 'refused' });
  if (data.__type === 'NotAuthorizedException' && data.message === 'Password attempts exceeded')
    return jsonResponse(429, { code: 'STAFF_SIGN_IN_LIMIT', message: 'locked' });
  if (data.__type === 'NotAuthorizedException' || data.__type === 'UserNotFoundException')
    return jsonResponse(401, { code: 'BAD_CREDENTIALS', message: 'wrong' });
  return jsonResponse(500, { code: 'INTERNAL', message: 'failed' });
}

/** Stubs fetch with the fake network; `routes` (or later assignments) answer Cognito and /api. */
export function installFakeNetwork(
  routes: Partial<Pick<FakeNetwork, 'cognito' | 'api' | 'config' | 'answerLater'>> = {},
): FakeNetwork {
  const network: FakeNetwork = {
    config: {
      cognitoEndpoint: COGNITO_ENDPOINT,
      visitorClientId: 'visitor-client',
      staffClientId: STAFF_CLIENT_ID,
    },
    cognito: () => cognitoError('InternalErrorException', 'not set up'),
    revoke: () => jsonResponse(200, {}),
    api: () => jsonResponse(500, { code: 'INTERNAL', message: 'not set up' }),
    answerLater: false,
    requests: [],
    apiCalls: [],
    cognitoCalls: [],
    staffSignIns: [],
    ...routes,
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: NetworkCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers,
      body: text ? (JSON.parse(text) as unknown) : (init.body ?? undefined),
      authorization: headers.authorization ?? null,
    };
    network.requests.push(call);
    if (url === '/config.json') return jsonResponse(200, network.config);
    if (url === network.config.cognitoEndpoint) {
      const operation = (headers['x-amz-target'] ?? '').split('.').pop() ?? '';
      const body = (call.body ?? {}) as Record<string, unknown>;
      network.cognitoCalls.push({ operation, body });
      if (operation === 'RevokeToken') return network.revoke();
      return network.cognito(operation, body);
    }
    if (url === '/api/staff/sign-in') {
      const body = (call.body ?? {}) as Record<string, unknown>;
      network.staffSignIns.push(body);
      return staffSignIn(network, body);
    }
    if (url.startsWith('/api/')) {
      if (network.answerLater) {
        await Promise.resolve();
        if (init.signal?.aborted)
          throw new DOMException('The operation was aborted.', 'AbortError');
      }
      network.apiCalls.push(call);
      return network.api(call);
    }
    throw new TypeError(`unexpected fetch ${url}`);
  });
  return network;
}
