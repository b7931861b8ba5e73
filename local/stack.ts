/**
 * The whole product on one loopback origin, without AWS: DynamoDB Local, s3rver, the Cognito
 * stand-in, the handlers behind the HTTP API emulation, the SMS outbox and the SPA (Vite in dev,
 * or the built web/dist as CloudFront would serve it).
 *
 * Over 400 lines: the one origin's routing, the start and stop of every part, and what the stack
 * makes for itself (its credentials, keys and timers) share one start-up sequence and its clean-up.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ViteDevServer } from 'vite';
import { MEDIA_PATH_PREFIX, tableEnvName, type TableDef } from '@shared/definitions';
import { contentSecurityPolicy, securityHeaders } from '@shared/security-headers';
import type { StaffRole } from '@shared/types';
import { createApiGateway, readRequestBody, poolAuthorizers } from './api-gateway';
import { CLOUDFRONT_EDGE_ADDRESS, forwardedByCloudFront, newOriginSecret } from './cloudfront';
import {
  createCognitoStandIn,
  newStackCredentials,
  type PoolInfo,
  type PoolKind,
  type StackCredentials,
} from './cognito';
import {
  checkJava,
  createTables,
  LOCAL_AWS_ENV,
  startDynamoLocal,
  type RunningDynamo,
} from './dynamodb';
import { createOutbox } from './outbox';
import { feedStream } from './streams';
import { freePort } from './ports';
import { startS3, type RunningS3 } from './s3';
import { startSecretsManager, type RunningSecretsManager } from './secrets-manager';
import { PASSWORDS_FILE, passwordsBox, seedIfNeeded } from './seed';
import { accessDenied, createStaticSite } from './static-site';
import { BUSINESS_TIME_ZONE_DEFAULT } from '@shared/constants';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_PORT = 5173;
/**
 * The local stack's erasure key (in its Secrets Manager stand-in), made once and kept with the data: the hashes of
 * erased numbers must match it for as long as the data lives.
 */
function erasureKey(dataDir: string): string {
  const file = join(dataDir, 'erasure-key');
  if (!existsSync(file))
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** How often the local stack runs the clean-up of unverified visitor users (the CDK stack's rate). */
const UNVERIFIED_CLEANUP_EVERY_MS = 60 * 60_000;

/**
 * Runs lambdas/triggers/unverified-cleanup.ts as EventBridge Scheduler runs it in AWS: once an hour,
 * the first time an hour after the start. Returns the timer's stop.
 */
function scheduleUnverifiedCleanup(): () => Promise<void> {
  const run = async () => {
    const { handler } = (await import('../lambdas/triggers/unverified-cleanup')) as {
      handler: (event: unknown) => Promise<void>;
    };
    await handler({});
  };
  const timer = setInterval(() => {
    run().catch((error: unknown) =>
      console.error(
        `[stack] clean-up of unverified users failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }, UNVERIFIED_CLEANUP_EVERY_MS);
  timer.unref();
  return async () => clearInterval(timer);
}

/** How often the local stack reads the customers table's stream (Lambda's poller: about 4 a second). */
const STREAM_POLL_EVERY_MS = 250;

/**
 * Runs lambdas/triggers/stats-stream.ts on the customers table's stream, as its DynamoDB event
 * source does in AWS (local/streams.ts). Returns the feed's stop.
 */
function feedStatsStream(endpoint: string, table: string): () => Promise<void> {
  const feed = feedStream({
    endpoint,
    table,
    everyMs: STREAM_POLL_EVERY_MS,
    handler: async (event) => {
      const { handler } = await import('../lambdas/triggers/stats-stream');
      await handler(event);
    },
    onError: (error) =>
      console.error(
        `[stack] the insights' stream consumer failed (the batch is tried again): ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  return () => feed.stop();
}

/**
 * The stack's own AWS credentials for its Cognito stand-in's admin calls, new at every start and
 * written to `<dataDir>/aws-credentials.json` (mode 0600, never served) for tools run beside it;
 * the in-process functions get them in their environment.
 */
function stackCredentials(dataDir: string): StackCredentials {
  const credentials = newStackCredentials();
  const file = join(dataDir, 'aws-credentials.json');
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  chmodSync(file, 0o600);
  return credentials;
}

/** Ports tried after a busy default one, like Vite does. */
const PORT_ATTEMPTS = 10;
const LOOPBACK = '127.0.0.1';
const TABLE_PREFIX = 'spin-and-win-';
const LOGO_BUCKET = 'spin-and-win-logos';
const COGNITO_MOUNT = '/cognito';
const OUTBOX_PATH = '/local/sms';
/** Logo keys carry an upload timestamp, so a URL's bytes never change: cache them for a year. */
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StackOptions {
  /** Where DynamoDB, s3rver and Cognito keep data, and the staff passwords file. */
  dataDir: string;
  /**
   * SMS codes one client address may ask for an hour, as the deploy's `clientCodesPerHour`
   * context sets it. Default: the product's default.
   */
  clientCodesPerHour?: number;
  /** Port on 127.0.0.1; a busy port is followed by the next ones. 0: any free port. Default 5173. */
  port?: number;
  /**
   * 'dev': Vite with HMR; 'dist': the built web/dist (run `npm run build` first); 'none': no SPA
   * (API, media, Cognito and outbox only, with production's headers), for tests of the backend.
   */
  web: 'dev' | 'dist' | 'none';
  /** Seed on first start (default true). */
  seed?: boolean;
  /**
   * Feed the customers table's stream to the insights' consumer (default true). The benchmark
   * turns it off: in AWS the consumer runs in a Lambda of its own, while here it would share
   * DynamoDB Local and the CPU with the calls being timed (docs/performance.md, "Scale").
   */
  statsStream?: boolean;
  /**
   * DynamoDB Local in memory instead of on disk under `dataDir` (default false). The benchmark's
   * throwaway stack: its scale area writes 100,000 customers, which DynamoDB Local on disk takes
   * about nine times as long to store (docs/performance.md, "Scale").
   */
  dynamoInMemory?: boolean;
  /** No console output except errors (SMS lines still go to `log`). */
  quiet?: boolean;
  /** Where stack messages and SMS lines go; default console.log (nothing when quiet). */
  log?: (line: string) => void;
}

export interface RunningStack {
  /** The one origin: SPA, /api, /media, /cognito, /config.json, /local/sms. */
  url: string;
  cognitoEndpoint: string;
  pools: Record<PoolKind, PoolInfo>;
  /** Staff passwords created by this start (first start only), shown once. */
  passwords: Partial<Record<StaffRole, string>>;
  /** The passwords box to print on first start, or undefined. */
  passwordsNotice?: string;
  passwordsFile: string;
  /** Pid of the DynamoDB Local java process, for stale-process cleanup. */
  dynamoPid?: number;
  logoBucket: string;
  /**
   * What this server, standing in for CloudFront, adds to every API request: for tools that call
   * the handlers directly, as CloudFront would (the benchmark's cold starts).
   */
  originSecret: string;
  stop(): Promise<void>;
}

/** Listens on 127.0.0.1:port, trying the following ports when it is busy. */
async function listen(server: Server, port: number): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const candidate = port === 0 ? 0 : port + attempt;
    try {
      await new Promise<void>((ok, fail) => {
        server.once('error', fail);
        server.listen(candidate, LOOPBACK, () => {
          server.off('error', fail);
          ok();
        });
      });
      return (server.address() as AddressInfo).port;
    } catch (error) {
      const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!busy || port === 0 || attempt + 1 >= PORT_ATTEMPTS) throw error;
    }
  }
}

const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
};

/** Starts everything; stop() ends everything it started. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log =
    options.log ?? (options.quiet ? () => undefined : (line: string) => console.log(line));
  const dataDir = resolve(options.dataDir);
  mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  checkJava();
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };

  try {
    // The origin first: its URL is the issuer prefix, the outbox URL and the Cognito endpoint.
    let dispatch: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
      sendJson(res, 503, { message: 'Starting' });
    const server = createServer((req, res) => dispatch(req, res));
    const port = await listen(server, options.port ?? DEFAULT_PORT);
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    );
    const url = `http://${LOOPBACK}:${port}`;
    const cognitoEndpoint = `${url}${COGNITO_MOUNT}`;

    const adminCredentials = stackCredentials(dataDir);
    // The slow parts in parallel: the JVM, s3rver, RSA keys (first start), Vite.
    const distDir = join(REPO_ROOT, 'web', 'dist');
    const staticSite = options.web === 'dist' ? createStaticSite(distDir) : undefined;
    const tracked = <T>(pending: Promise<T>, stop: (value: T) => Promise<void>): Promise<T> =>
      pending.then((value) => {
        cleanups.push(() => stop(value));
        return value;
      });
    // allSettled: when one fails, the others have finished starting and are registered for stopping.
    const settled = await Promise.allSettled([
      tracked(
        freePort().then((p) =>
          startDynamoLocal({
            port: p,
            ...(options.dynamoInMemory ? {} : { dbPath: join(dataDir, 'dynamodb') }),
          }),
        ),
        (d: RunningDynamo) => d.stop(),
      ),
      tracked(
        freePort().then((p) =>
          startS3({ port: p, directory: join(dataDir, 's3'), buckets: [LOGO_BUCKET] }),
        ),
        (s: RunningS3) => s.stop(),
      ),
      tracked(
        freePort().then((p) => startSecretsManager({ port: p, credentials: adminCredentials })),
        (m: RunningSecretsManager) => m.stop(),
      ),
      createCognitoStandIn({
        dataFile: join(dataDir, 'cognito.json'),
        region: LOCAL_AWS_ENV.AWS_REGION,
        adminCredentials,
      }),
      options.web === 'dev'
        ? tracked(startVite(server, dataDir), (v: ViteDevServer) => v.close())
        : Promise.resolve(undefined),
    ] as const);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const [dynamo, s3, secretsManager, cognito, vite] = settled.map(
      (r) => (r as PromiseFulfilledResult<unknown>).value,
    ) as [
      RunningDynamo,
      RunningS3,
      RunningSecretsManager,
      Awaited<ReturnType<typeof createCognitoStandIn>>,
      ViteDevServer | undefined,
    ];
    cognito.setBaseUrl(cognitoEndpoint);

    // What this server, standing in for CloudFront, adds to every API request (lib/viewer.ts). The
    // functions read it and the erasure key from the Secrets Manager stand-in, as they do in AWS.
    const originSecret = newOriginSecret();
    const originSecretArn = secretsManager.put('origin-secret', originSecret);
    const erasureKeyArn = secretsManager.put('erasure-key', erasureKey(dataDir));
    // Env of the in-process handlers and triggers: the names the CDK stack sets, plus local endpoints.
    Object.assign(process.env, LOCAL_AWS_ENV, {
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      COGNITO_ENDPOINT: cognitoEndpoint,
      // The functions' Cognito client signs with the stack's own key (lambdas/lib/cognito-client.ts).
      COGNITO_ACCESS_KEY_ID: adminCredentials.accessKeyId,
      COGNITO_SECRET_ACCESS_KEY: adminCredentials.secretAccessKey,
      // Their Secrets Manager client too (lambdas/lib/secrets.ts).
      SECRETS_MANAGER_ENDPOINT: secretsManager.endpoint,
      SECRETS_MANAGER_ACCESS_KEY_ID: adminCredentials.accessKeyId,
      SECRETS_MANAGER_SECRET_ACCESS_KEY: adminCredentials.secretAccessKey,
      // The functions' SNS client publishes to the outbox (local/outbox.ts).
      SNS_ENDPOINT: `${url}${OUTBOX_PATH}`,
      LOGO_BUCKET,
      VISITOR_USER_POOL_ID: cognito.pools.visitor.poolId,
      STAFF_USER_POOL_ID: cognito.pools.staff.poolId,
      STAFF_CLIENT_ID: cognito.pools.staff.clientId,
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? (options.quiet ? 'SILENT' : 'WARN'),
      // No CloudWatch here to read the metrics' log lines (lambdas/lib/metrics.ts).
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      ORIGIN_SECRET_ARN: originSecretArn,
      ERASURE_KEY_ARN: erasureKeyArn,
      ...(options.clientCodesPerHour
        ? { CLIENT_CODES_PER_HOUR: String(options.clientCodesPerHour) }
        : {}),
    });
    const tables = await createTables(dynamo.endpoint, TABLE_PREFIX);
    for (const [name, physical] of Object.entries(tables))
      process.env[tableEnvName(name as TableDef['name'])] = physical;

    const seed = options.seed === false ? undefined : await seedIfNeeded(dataDir, cognito);
    cleanups.push(scheduleUnverifiedCleanup());
    if (options.statsStream !== false)
      cleanups.push(feedStatsStream(dynamo.endpoint, tables.customers));
    const passwords = seed?.passwords ?? {};
    const passwordsFile = join(dataDir, PASSWORDS_FILE);

    const outbox = createOutbox({ print: log });
    const api = createApiGateway({
      authorizers: poolAuthorizers(cognito),
    });
    const s3Client = new S3Client({
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: LOCAL_AWS_ENV.AWS_REGION,
      credentials: {
        accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
        secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
      },
    });
    cleanups.push(async () => s3Client.destroy());

    const headers = pageHeaders(options.web, url);
    const config = {
      cognitoEndpoint,
      visitorClientId: cognito.pools.visitor.clientId,
      staffClientId: cognito.pools.staff.clientId,
      timeZone: process.env.BUSINESS_TIME_ZONE || BUSINESS_TIME_ZONE_DEFAULT,
    };

    async function serveMedia(
      res: ServerResponse,
      pathname: string,
      method: string,
    ): Promise<void> {
      if (method !== 'GET' && method !== 'HEAD')
        return sendJson(res, 405, { message: 'Method Not Allowed' });
      let key: string;
      try {
        key = decodeURIComponent(pathname.slice(MEDIA_PATH_PREFIX.length));
      } catch {
        return sendJson(res, 400, { message: 'Bad Request' });
      }
      try {
        const object = await s3Client.send(new GetObjectCommand({ Bucket: LOGO_BUCKET, Key: key }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        res.writeHead(200, {
          'content-type': object.ContentType ?? 'application/octet-stream',
          'content-length': String(bytes.length),
          'cache-control': MEDIA_CACHE_CONTROL,
          'x-content-type-options': 'nosniff',
        });
        res.end(method === 'HEAD' ? undefined : bytes);
      } catch (error) {
        const name = (error as Error).name;
        // The logo bucket is behind origin access control too: S3 says 403, not 404.
        if (name === 'NoSuchKey' || name === 'NotFound') return accessDenied(res, method);
        throw error;
      }
    }

    async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      const method = req.method ?? 'GET';
      const rawUrl = req.url ?? '/';
      const pathname = new URL(rawUrl, url).pathname;
      if (pathname === COGNITO_MOUNT || pathname.startsWith(`${COGNITO_MOUNT}/`)) {
        return cognito.handle(req, res, pathname.slice(COGNITO_MOUNT.length) || '/');
      }
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        const body = await readRequestBody(req);
        const answer =
          body === 'too-large'
            ? {
                status: 413,
                headers: { 'content-type': 'application/json' },
                body: Buffer.from('{"message":"Request Entity Too Large"}'),
              }
            : await api.invoke({
                method,
                url: rawUrl,
                headers: forwardedByCloudFront(
                  req.headers,
                  req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? LOOPBACK,
                  originSecret,
                ),
                body,
                sourceIp: CLOUDFRONT_EDGE_ADDRESS,
                host: req.headers.host ?? `${LOOPBACK}:${port}`,
              });
        // Security headers last: CloudFront's response headers policy overrides the origin's.
        res.writeHead(answer.status, {
          ...answer.headers,
          ...headers,
          'content-length': String(answer.body.length),
        });
        res.end(method === 'HEAD' ? undefined : answer.body);
        return;
      }
      if (pathname.startsWith(MEDIA_PATH_PREFIX)) return serveMedia(res, pathname, method);
      if (pathname === '/config.json') return sendJson(res, 200, config);
      // The SNS client posts to the endpoint's path with a trailing slash.
      if ((pathname === OUTBOX_PATH || pathname === `${OUTBOX_PATH}/`) && method === 'POST') {
        const body = await readRequestBody(req);
        if (body === 'too-large') return sendJson(res, 413, { message: 'Too large' });
        const answer = outbox.publish(body);
        res.writeHead(answer.status, { 'content-type': answer.contentType });
        res.end(answer.body);
        return;
      }
      if (pathname === `${OUTBOX_PATH}/latest` && method === 'GET') {
        const answer = outbox.latest(new URL(rawUrl, url).searchParams.get('phoneNumber'));
        return sendJson(res, answer.status, answer.body);
      }
      if (vite) {
        vite.middlewares(req, res, () => sendJson(res, 404, { message: 'Not Found' }));
        return;
      }
      if (!staticSite) return sendJson(res, 404, { message: 'Not Found' });
      staticSite(req, res, pathname);
    }

    dispatch = (req, res) => {
      route(req, res).catch((error: unknown) => {
        console.error(
          '[stack] request failed:',
          error instanceof Error ? error.message : String(error),
        );
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
        else res.end();
      });
    };

    return {
      url,
      cognitoEndpoint,
      pools: cognito.pools,
      passwords,
      passwordsNotice:
        Object.keys(passwords).length > 0 ? passwordsBox(passwords, passwordsFile) : undefined,
      passwordsFile,
      dynamoPid: dynamo.process.pid,
      logoBucket: LOGO_BUCKET,
      originSecret,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * What Vite's dev server never serves (its `/@fs/` route reads any file in the workspace): its own
 * defaults, and the stack's data (`dataDir`, `.local/` by default: private signing keys, staff
 * passwords, the erasure key).
 */
const viteDenied = (dataDir: string): string[] => [
  '.env',
  '.env.*',
  '*.{crt,pem}',
  '**/.git/**',
  '**/.local/**',
  `${dataDir}/**`,
];

/** Vite in middleware mode on our server, its HMR websocket on the same port. */
async function startVite(server: Server, dataDir: string): Promise<ViteDevServer> {
  const { createServer: createViteServer } = await import('vite');
  return createViteServer({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    root: join(REPO_ROOT, 'web'),
    appType: 'spa',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: { server }, fs: { deny: viteDenied(dataDir) } },
  });
}

/**
 * The production security headers. Dev mode only relaxes the CSP for Vite: React Refresh injects
 * an inline preamble script and HMR talks over a websocket; 'dist' serves production's policy.
 */
function pageHeaders(web: StackOptions['web'], url: string): Record<string, string> {
  const headers = securityHeaders([]);
  if (web === 'dev') {
    headers['content-security-policy'] = contentSecurityPolicy([
      url.replace(/^http/, 'ws'),
    ]).replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
  }
  return headers;
}
