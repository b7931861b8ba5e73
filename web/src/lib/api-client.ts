/** The typed API client: JSON in and out, `{code, message}` errors as ApiError. */
import type { ErrorBody } from '../../../shared/errors';
import { getIdToken, type SessionKind } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-serialised unless it is a Blob (sent as is, e.g. an image upload). */
  body?: unknown;
  /** Which session's ID token to send. */
  auth?: SessionKind;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls the API; resolves with the JSON body, throws ApiError for any non-2xx answer. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
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
    response = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body,
      signal: request.signal,
    });
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
    );
  }
  return data as T;
}
