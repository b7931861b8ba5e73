/**
 * The local Cognito stand-in: Cognito's JSON 1.1 protocol for the calls the app makes, with the
 * project's real custom-auth triggers, RS256 tokens and each pool's JWKS. Use it mounted inside
 * the local stack's server (createCognitoStandIn + handle); tests start it on its own loopback
 * port (test/support/cognito-stand-in.ts).
 */
import { countAwsCall } from '../aws-calls';
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CognitoServiceError } from './errors';
import { CognitoService } from './service';
import { sigV4Refusal, type StackCredentials } from './sigv4';
import { loadState, POOL_KINDS, type PoolKind, type StateFile } from './state';
import { poolJwks } from './tokens';
import { projectTriggers, type CustomAuthTriggers } from './triggers';

export type { CustomAuthTriggers, TriggerHandler } from './triggers';
export type { PoolKind } from './state';
export type { StackCredentials } from './sigv4';

const JSON_11 = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Cognito request bodies are small; refuse anything larger than this. */
const MAX_BODY_BYTES = 1024 * 1024;
const JWKS_PATH = /^\/([\w-]+_[A-Za-z0-9]+)\/\.well-known\/jwks\.json$/;
/** Browsers may cache the CORS preflight this long (seconds). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
const DEFAULT_REGION = 'ap-southeast-2';

/**
 * CORS for the stand-in's own origin only (the local stack serves the page, the API and the
 * stand-in from one origin): a page of any other site cannot call it from a browser.
 */
const corsHeaders = (origin: string) => ({
  'access-control-allow-origin': origin,
  vary: 'Origin',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, amz-sdk-invocation-id, amz-sdk-request, authorization, x-amz-date, x-amz-security-token, x-amz-content-sha256',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
});

export interface PoolInfo {
  poolId: string;
  clientId: string;
}

export interface CognitoStandInOptions {
  /** Where users, keys and refresh tokens persist; in memory when absent. */
  dataFile?: string;
  /** Custom-auth triggers; default: the project's lambdas/triggers/*.ts. */
  triggers?: CustomAuthTriggers;
  /** Per-attempt trigger budget in ms (Cognito: 5000). */
  triggerTimeoutMs?: number;
  /** Clock in ms, for tests. */
  now?: () => number;
  region?: string;
  /**
   * The only AWS credentials its admin calls are taken with (the local stack makes its own and
   * hands them to the local functions); default: a fresh random pair, readable from
   * `adminCredentials`.
   */
  adminCredentials?: StackCredentials;
}

/** A random access key pair, shaped like AWS's. */
export const newStackCredentials = (): StackCredentials => ({
  accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64'),
});

export interface CognitoStandIn {
  pools: Record<PoolKind, PoolInfo>;
  /** The credentials admin calls must be signed with (SigV4). */
  adminCredentials: StackCredentials;
  /** Token issuer of a pool: <baseUrl>/<poolId>. */
  issuer(pool: PoolKind): string;
  /** The pool's public JWKS (what /<poolId>/.well-known/jwks.json serves). */
  jwks(pool: PoolKind): ReturnType<typeof poolJwks>;
  /** Sets the public base URL the stand-in is reachable at (issuer prefix). */
  setBaseUrl(url: string): void;
  /** Serves one request; `path` is the request path below the mount point ('/' for API calls). */
  handle(req: IncomingMessage, res: ServerResponse, path: string): void;
  /** Runs an operation directly (no HTTP), as the SDK would over the wire. */
  call(operation: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

const poolsOf = (state: StateFile): Record<PoolKind, PoolInfo> =>
  Object.fromEntries(
    POOL_KINDS.map((kind) => [
      kind,
      { poolId: state.pools[kind].poolId, clientId: state.pools[kind].clientId },
    ]),
  ) as Record<PoolKind, PoolInfo>;

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': JSON_11,
    'content-length': String(Buffer.byteLength(text)),
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  res.end(text);
}

function sendError(res: ServerResponse, error: CognitoServiceError): void {
  send(
    res,
    error.status,
    { __type: error.type, message: error.message },
    {
      'x-amzn-errortype': `${error.type}:`,
      // Header values must be ASCII without newlines; Cognito's messages are.
      'x-amzn-errormessage': error.message.replace(/[^\x20-\x7e]/g, ' '),
    },
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new CognitoServiceError('SerializationException', 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A request's JSON body, which must be an object (Cognito's own refusal otherwise). */
function jsonObject(raw: Buffer): Record<string, unknown> {
  const refused = () =>
    new CognitoServiceError(
      'SerializationException',
      'Start of structure or map found where not expected.',
    );
  let body: unknown;
  try {
    body = raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'));
  } catch {
    throw refused();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw refused();
  return body as Record<string, unknown>;
}

/** Refuses an admin call not signed (SigV4) by the stack's own access key, as AWS would. */
function checkSignature(req: IncomingMessage, raw: Buffer, credentials: StackCredentials): void {
  const refusal = sigV4Refusal(
    req.method ?? 'POST',
    new URL(req.url ?? '/', 'http://stand-in').pathname,
    req.headers,
    raw,
    credentials,
  );
  if (refusal) throw new CognitoServiceError(refusal.type, refusal.message);
}

/** Builds a stand-in over its state file; serve it with `handle` from any HTTP server. */
export async function createCognitoStandIn(
  options: CognitoStandInOptions = {},
): Promise<CognitoStandIn> {
  const region = options.region ?? process.env.AWS_REGION ?? DEFAULT_REGION;
  const state = await loadState(options.dataFile, region);
  const adminCredentials = options.adminCredentials ?? newStackCredentials();
  let baseUrl = 'http://127.0.0.1';
  const service = new CognitoService({
    state,
    dataFile: options.dataFile,
    triggers: options.triggers ?? projectTriggers(),
    triggerTimeoutMs: options.triggerTimeoutMs,
    baseUrl: () => baseUrl,
    now: options.now,
  });

  const jwksByPoolId = (poolId: string) => {
    const kind = POOL_KINDS.find((k) => state.pools[k].poolId === poolId);
    return kind ? poolJwks(state.pools[kind]) : undefined;
  };

  async function serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    for (const [name, value] of Object.entries(corsHeaders(new URL(baseUrl).origin)))
      res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'content-length': '0' });
      res.end();
      return;
    }
    const jwksMatch = JWKS_PATH.exec(path);
    if (req.method === 'GET' && jwksMatch) {
      const jwks = jwksByPoolId(jwksMatch[1] ?? '');
      if (!jwks)
        return sendError(
          res,
          new CognitoServiceError('ResourceNotFoundException', 'User pool does not exist.', 404),
        );
      return send(res, 200, jwks, {
        'content-type': 'application/json',
        'cache-control': 'max-age=3600',
      });
    }
    if (req.method !== 'POST' || (path !== '/' && path !== '')) {
      return send(res, 404, { message: 'Not Found' }, { 'content-type': 'application/json' });
    }
    try {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (!target.startsWith(TARGET_PREFIX)) {
        throw new CognitoServiceError(
          'UnknownOperationException',
          'Missing or unknown X-Amz-Target',
        );
      }
      const raw = await readBody(req);
      const body = jsonObject(raw);
      const operation = target.slice(TARGET_PREFIX.length);
      // Admin calls need the stack's own AWS credentials: a SigV4 signature by its access key,
      // checked as AWS checks it. The browser's calls (sign-in, refresh, revoke) need none.
      if (operation.startsWith('Admin')) checkSignature(req, raw, adminCredentials);
      countAwsCall('cognito-idp', operation);
      send(res, 200, await service.call(operation, body));
    } catch (error) {
      if (error instanceof CognitoServiceError) return sendError(res, error);
      // An unexpected fault: Cognito's InternalErrorException, without internals.
      console.error(
        '[cognito] internal error:',
        error instanceof Error ? error.message : String(error),
      );
      sendError(res, new CognitoServiceError('InternalErrorException', 'Internal error', 500));
    }
  }

  return {
    pools: poolsOf(state),
    adminCredentials,
    issuer: (pool) => service.issuer(pool),
    jwks: (pool) => poolJwks(state.pools[pool]),
    setBaseUrl: (url) => {
      baseUrl = url.replace(/\/+$/, '');
    },
    handle: (req, res, path) => {
      void serve(req, res, path);
    },
    call: (operation, body) => service.call(operation, body),
  };
}
