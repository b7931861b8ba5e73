/**
 * An API Gateway HTTP API (payload format 2.0) in front of the project's handlers: routes from
 * shared/routes.ts, the JWT authorizer of each protected route, and API Gateway's own answers
 * ({"message":"Not Found"}, {"message":"Unauthorized"}, 413, 500), the functions' timeout and
 * Lambda's payload limit.
 *
 * Over 400 lines: API Gateway's request handling is one pipeline (route match, authorizer, event,
 * invoke, answer), each step with API Gateway's own refusals.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { FUNCTION_TIMEOUT_SECONDS } from '@shared/definitions';
import { countLambdaInvocation } from './aws-calls';
import { pathParametersOf, ROUTES, type RouteAuth, type RouteDef } from '@shared/routes';
import type { HttpEvent, HttpResult } from '../lambdas/lib/http';

/** HTTP API's payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Lambda's limit on a synchronous invocation's payload: the whole event, body included (a binary
 * body base64-encoded, a third larger). API Gateway answers a bigger one 413.
 */
const LAMBDA_PAYLOAD_BYTES = 6 * 1024 * 1024;
const MS_PER_SECOND = 1000;
/**
 * The functions' own timeout ends a slow handler long before HTTP API's 30 s integration timeout;
 * Lambda reports it as a failed invocation, which API Gateway answers 500.
 */
const FUNCTION_TIMEOUT_MS = FUNCTION_TIMEOUT_SECONDS * MS_PER_SECOND;
/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
const TEXT_CONTENT_TYPE =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml)\b|application\/x-www-form-urlencoded\b)/i;

export type LambdaHandler = (event: HttpEvent) => Promise<unknown>;

export interface JwtAuthorizer {
  /** The token's iss must equal this. */
  issuer: string;
  /** aud (or client_id when there is no aud) must be one of these. */
  audience: readonly string[];
  /** The issuer's public keys. */
  jwks: () => JSONWebKeySet;
}

/** What poolAuthorizers needs of a Cognito (stand-in): each pool's client, issuer and keys. */
export interface AuthorizerSource {
  pools: Record<'visitor' | 'staff', { clientId: string }>;
  issuer(pool: 'visitor' | 'staff'): string;
  jwks(pool: 'visitor' | 'staff'): JSONWebKeySet;
}

/** The stack's two JWT authorizers, as the CDK stack configures them: issuer + app client per pool. */
export function poolAuthorizers(cognito: AuthorizerSource): ApiGatewayOptions['authorizers'] {
  const of = (pool: 'visitor' | 'staff'): JwtAuthorizer => ({
    issuer: cognito.issuer(pool),
    audience: [cognito.pools[pool].clientId],
    jwks: () => cognito.jwks(pool),
  });
  return { visitor: of('visitor'), staff: of('staff') };
}

export interface ApiGatewayOptions {
  /** Authorizer of visitor routes (visitor pool) and of staff/admin routes (staff pool). */
  authorizers: { visitor: JwtAuthorizer; staff: JwtAuthorizer };
  routes?: readonly RouteDef[];
  /** Loads a route's handler; default: lambdas/handlers/<id>.ts, imported on first use. */
  loadHandler?: (id: string) => Promise<LambdaHandler>;
  /** Clock in ms, for tests. */
  now?: () => number;
  /** The functions' timeout in ms; default FUNCTION_TIMEOUT_SECONDS, as deployed. */
  functionTimeoutMs?: number;
  /** Where handler crashes are reported (never with request bodies). */
  log?: (message: string) => void;
}

export interface ApiRequest {
  method: string;
  /** Path and query exactly as received, e.g. /api/slices/abc?x=1 */
  url: string;
  /** Node's lower-cased headers. */
  headers: IncomingMessage['headers'];
  body: Buffer;
  sourceIp: string;
  /** Host the request was sent to (domainName). */
  host: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

interface CompiledRoute {
  def: RouteDef;
  pattern: RegExp;
  params: string[];
}

const compile = (def: RouteDef): CompiledRoute => {
  // A parameter of the path is a declared one (no phone number in a URL, docs/privacy.md).
  pathParametersOf(def.path);
  const params: string[] = [];
  const source = def.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(param[1] as string);
      return '([^/]+)';
    })
    .join('/');
  return { def, pattern: new RegExp(`^${source}$`), params };
};

const gatewayAnswer = (
  status: number,
  message: string,
  headers: Record<string, string> = {},
): ApiResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(JSON.stringify({ message })),
});

/** A token field as the HTTP API authorizer hands it on: every value a string, arrays as "[a b]". */
function stringifyField(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map((v) => stringifyField(v)).join(' ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** A token's verified fields as the HTTP API's JWT authorizer passes them on to the function. */
export const authorizerFields = (fields: JWTPayload): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, stringifyField(v)]));

/** English month abbreviations, as API Gateway writes them in `requestContext.time`. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * API Gateway's requestContext.time format: 22/Nov/2025:01:30:00 +0000 (no Intl formatter per
 * request: building one cost about a tenth of a millisecond, 1.7 s of the bad-input suite's 30).
 */
function requestTime(ms: number): string {
  const d = new Date(ms);
  const month = MONTHS[d.getUTCMonth()]!;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${month}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

function parseQuery(raw: string): Record<string, string> | undefined {
  if (raw === '') return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    // Repeated keys are joined with commas, as payload 2.0 does.
    out[key] = key in out ? `${out[key]},${value}` : value;
  }
  return out;
}

/** The route's path parameters, URI-decoded; undefined when one is not valid %-encoding. */
function decodePathParameters(
  route: CompiledRoute,
  match: RegExpExecArray,
): Record<string, string> | undefined {
  try {
    return Object.fromEntries(
      route.params.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
    );
  } catch {
    return undefined;
  }
}

const defaultLoader = (id: string): Promise<LambdaHandler> =>
  (
    import(new URL(`../lambdas/handlers/${id}.ts`, import.meta.url).href) as Promise<{
      handler?: LambdaHandler;
    }>
  ).then((module) => {
    if (typeof module.handler !== 'function')
      throw new Error(`lambdas/handlers/${id}.ts exports no handler`);
    return module.handler;
  });

/** The emulated HTTP API: `invoke` one request, get API Gateway's answer. */
export function createApiGateway(options: ApiGatewayOptions) {
  const routes = (options.routes ?? ROUTES).map(compile);
  const now = options.now ?? (() => Date.now());
  const load = options.loadHandler ?? defaultLoader;
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const keySets = new Map<JwtAuthorizer, ReturnType<typeof createLocalJWKSet>>();
  const log = options.log ?? ((message: string) => console.error(message));

  const handlerFor = (id: string): Promise<LambdaHandler> => {
    let pending = handlers.get(id);
    if (!pending) {
      pending = load(id);
      // A failed import is retried on the next request (the file may be mid-edit in dev).
      pending.catch(() => handlers.delete(id));
      handlers.set(id, pending);
    }
    return pending;
  };

  /** The JWT authorizer: the token's verified fields, or undefined for any failure (answered 401). */
  async function authorize(
    auth: RouteAuth,
    headers: ApiRequest['headers'],
  ): Promise<JWTPayload | undefined> {
    const authorizer = auth === 'visitor' ? options.authorizers.visitor : options.authorizers.staff;
    const header = headers.authorization;
    if (typeof header !== 'string' || header.trim() === '') return undefined;
    const token = header.replace(/^Bearer\s+/i, '').trim();
    let keySet = keySets.get(authorizer);
    if (!keySet) {
      keySet = createLocalJWKSet(authorizer.jwks());
      keySets.set(authorizer, keySet);
    }
    try {
      const nowSeconds = Math.floor(now() / MS_PER_SECOND);
      const { payload } = await jwtVerify(token, keySet, {
        issuer: authorizer.issuer,
        algorithms: ['RS256'],
        currentDate: new Date(now()),
      });
      if (typeof payload.exp !== 'number') return undefined;
      if (typeof payload.iat === 'number' && payload.iat > nowSeconds) return undefined;
      // aud when present, else client_id (the access token's audience).
      const audiences =
        payload.aud !== undefined ? [payload.aud].flat() : [payload.client_id].filter(Boolean);
      if (!audiences.some((a) => typeof a === 'string' && authorizer.audience.includes(a)))
        return undefined;
      return payload;
    } catch {
      return undefined;
    }
  }

  function buildEvent(
    request: ApiRequest,
    route: CompiledRoute,
    pathParameters: Record<string, string>,
    fields: JWTPayload | undefined,
  ): HttpEvent {
    const queryIndex = request.url.indexOf('?');
    const rawPath = queryIndex >= 0 ? request.url.slice(0, queryIndex) : request.url;
    const rawQueryString = queryIndex >= 0 ? request.url.slice(queryIndex + 1) : '';
    const headers: Record<string, string> = {};
    let cookies: string[] | undefined;
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      if (name.toLowerCase() === 'cookie') {
        cookies = [value]
          .flat()
          .flatMap((v) => v.split(/;\s*/))
          .filter(Boolean);
        continue;
      }
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
    }
    // API Gateway appends the address the request came from (behind CloudFront, an edge).
    const sentFor = headers['x-forwarded-for'];
    headers['x-forwarded-for'] = sentFor ? `${sentFor}, ${request.sourceIp}` : request.sourceIp;
    headers['x-forwarded-proto'] ??= 'http';
    const contentType = headers['content-type'] ?? '';
    const isText = TEXT_CONTENT_TYPE.test(contentType);
    const time = now();
    const routeKey = `${route.def.method} ${route.def.path}`;
    return {
      version: '2.0',
      routeKey,
      rawPath,
      rawQueryString,
      ...(cookies ? { cookies } : {}),
      headers,
      ...(parseQuery(rawQueryString) ? { queryStringParameters: parseQuery(rawQueryString) } : {}),
      ...(route.params.length > 0 ? { pathParameters } : {}),
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: request.host,
        domainPrefix: request.host.split('.')[0] ?? request.host,
        http: {
          method: request.method,
          path: rawPath,
          protocol: 'HTTP/1.1',
          sourceIp: request.sourceIp,
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey,
        stage: '$default',
        time: requestTime(time),
        timeEpoch: time,
        ...(fields
          ? {
              authorizer: {
                jwt: {
                  claims: authorizerFields(fields),
                  scopes: null,
                },
              },
            }
          : {}),
      },
      ...(request.body.length > 0
        ? { body: isText ? request.body.toString('utf8') : request.body.toString('base64') }
        : {}),
      isBase64Encoded: request.body.length > 0 && !isText,
    } as HttpEvent;
  }

  /** Payload 2.0 response mapping, including the "no statusCode: the value is the JSON body" rule. */
  function toResponse(result: unknown): ApiResponse {
    if (typeof result === 'object' && result !== null && 'statusCode' in result) {
      const r = result as HttpResult;
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(r.headers ?? {}))
        headers[name.toLowerCase()] = String(value);
      if (r.cookies?.length) headers['set-cookie'] = r.cookies;
      const text = r.body ?? '';
      return {
        status: r.statusCode ?? 200,
        headers,
        body: r.isBase64Encoded ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8'),
      };
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result ?? null)),
    };
  }

  async function invoke(request: ApiRequest): Promise<ApiResponse> {
    if (request.body.length > MAX_PAYLOAD_BYTES)
      return gatewayAnswer(413, 'Request Entity Too Large');
    const rawPath = request.url.split('?')[0] ?? '';
    let found: { route: CompiledRoute; match: RegExpExecArray } | undefined;
    for (const route of routes) {
      const match = route.def.method === request.method ? route.pattern.exec(rawPath) : null;
      if (match) {
        found = { route, match };
        break;
      }
    }
    // No route for this method and path: API Gateway answers 404 (not 405).
    if (!found) return gatewayAnswer(404, 'Not Found');
    const { route, match } = found;
    let fields: JWTPayload | undefined;
    if (route.def.auth !== 'public') {
      fields = await authorize(route.def.auth, request.headers);
      if (!fields) {
        return gatewayAnswer(401, 'Unauthorized', {
          'www-authenticate': 'Bearer error="invalid_token"',
        });
      }
    }
    const pathParameters = decodePathParameters(route, match);
    // A malformed %-escape in a path parameter cannot reach a handler: 400, as API Gateway does.
    if (!pathParameters) return gatewayAnswer(400, 'Bad Request');
    const event = buildEvent(request, route, pathParameters, fields);
    if (Buffer.byteLength(JSON.stringify(event)) > LAMBDA_PAYLOAD_BYTES)
      return gatewayAnswer(413, 'Request Entity Too Large');
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await handlerFor(route.def.id);
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(
          () => resolve('timeout'),
          options.functionTimeoutMs ?? FUNCTION_TIMEOUT_MS,
        );
      });
      const started = performance.now();
      const result = await Promise.race([handler(event), timeout]);
      countLambdaInvocation(performance.now() - started);
      if (result === 'timeout') {
        log(`[api] ${route.def.id} timed out`);
        return gatewayAnswer(500, 'Internal Server Error');
      }
      return toResponse(result);
    } catch (error) {
      log(
        `[api] ${route.def.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return gatewayAnswer(500, 'Internal Server Error');
    } finally {
      clearTimeout(timer);
    }
  }

  return { invoke, routeCount: routes.length };
}

export type ApiGateway = ReturnType<typeof createApiGateway>;

/**
 * Reads a request body; past `limit` it stops keeping the bytes but drains the upload so that the
 * caller can still answer 413 on the same connection.
 */
export function readRequestBody(
  req: IncomingMessage,
  limit = MAX_PAYLOAD_BYTES,
): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.once('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
