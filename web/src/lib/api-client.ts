/**
 * The typed API client: every call names a route of the route table, which gives its method, path
 * and who may call it (the wheel page's from shared/routes-wheel.ts, any other from
 * shared/routes.ts, which the wheel page's first download does not carry); JSON in and out,
 * `{code, message}` errors as ApiError.
 */
import type { ErrorBody } from '@shared/errors';
import { routePath, type RouteAuth, type RouteDef } from '@shared/routes-wheel';
import { takeEarlyGet } from './early-fetch';
import { getIdToken, type SessionKind } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's Retry-After, in milliseconds, when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from now; undefined without one. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export interface RouteCall {
  /** Values of the route path's {params}. */
  params?: Record<string, string>;
  /** Query string entries; undefined ones are left out. */
  query?: Record<string, string | undefined>;
  /** JSON-serialised unless it is a Blob (sent as is, e.g. an image upload). */
  body?: unknown;
  /** Whose ID token to send, where the route's auth allows more than one session. */
  session?: SessionKind;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The session whose token a route needs by default: staff routes are the counter's (operator). */
const SESSION_FOR: Record<RouteAuth, SessionKind | undefined> = {
  public: undefined,
  visitor: 'visitor',
  staff: 'operator',
  admin: 'admin',
};

/**
 * Calls a route (`wheelRouteOf(id)` or `routeOf(id)`); resolves with the JSON body, throws ApiError
 * for any non-2xx answer.
 */
export function callRoute<T>(route: RouteDef, call: RouteCall = {}): Promise<T> {
  const query = new URLSearchParams(
    Object.entries(call.query ?? {}).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();
  const path = routePath(route.path, call.params) + (query ? `?${query}` : '');
  return apiFetch<T>(path, {
    method: route.method,
    body: call.body,
    auth: call.session ?? SESSION_FOR[route.auth],
    headers: call.headers,
    signal: call.signal,
  });
}

interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  auth?: SessionKind;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function apiFetch<T>(path: string, request: ApiRequest): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.auth) {
    const token = await getIdToken(request.auth);
    if (!token) throw new ApiError(401, 'UNAUTHORIZED', 'Sign-in required');
    headers.authorization = `Bearer ${token}`;
  }
  let body: BodyInit | undefined;
  if (request.body instanceof Blob) {
    body = request.body;
    headers['content-type'] ??= request.body.type || 'application/octet-stream';
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    // A public GET the boot module already started (web/src/boot.ts) is answered by that request.
    const early = request.method === 'GET' && !request.auth ? takeEarlyGet(path) : undefined;
    response = await (early ??
      fetch(path, {
        method: request.method,
        headers,
        body,
        signal: request.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'network request failed');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      response.status,
      error.code ?? 'HTTP_' + response.status,
      error.message ?? response.statusText,
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  return data as T;
}
