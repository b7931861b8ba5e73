/**
 * Lambda: every function bundled as the CDK stack bundles it (infra/function-defaults.ts BUNDLING:
 * ESM, node22, minified, the AWS SDK bundled in, the require banner), its size, and its cold start:
 * the time a fresh Node process takes to import the bundle and answer one representative event,
 * against a bundle whose handler does nothing.
 *
 * Bundles are written under node_modules/.cache (out of the tree, ignored). Events go to the running local
 * stack (its env: table names, DynamoDB Local, the Cognito stand-in); an error answer still counts
 * as an answer, since the cost measured is loading and first-call set-up.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { build } from 'esbuild';
import { esbuildOptionsFor } from '../infra/function-defaults';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/definitions';
import { ROUTES, routePath } from '@shared/routes';
import { newOtpChallenge } from '../lambdas/domain/otp-start';
import { SmsCostGuard, smsLimitsFromEnv } from '../lambdas/domain/sms-cost-guard';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(ROOT, 'node_modules/.cache/spin-bench/lambdas');
/** Fresh processes per bundle; the median damps a noisy spawn on this shared 2-core machine. */
export const COLD_START_RUNS = 5;
/** Target: no bundle over 1 MB minified (the SDK clients are bundled in). */
export const MAX_BUNDLE_BYTES = 1024 * 1024;
/** Target: every cold start within 100 ms of the empty handler's. */
export const MAX_COLD_START_OVER_EMPTY_MS = 100;
const EMPTY = 'empty-handler';

/**
 * SDK floors: the least a function that calls AWS can pay, bundled the same way. One GetItem
 * through the DynamoDB document client (every route reads DynamoDB), and that plus one Cognito
 * AdminGetUser (what every staff route's user check adds). A function's cold start over its floor
 * is what our code adds; the floor over the empty handler is the SDK's own price.
 */
const SDK_FLOORS: Record<string, string> = {
  'sdk-floor-dynamodb': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));
export const handler = async () => {
  await dynamo.send(new GetCommand({ TableName: process.env.SETTINGS_TABLE, Key: { id: 'business' } }));
  return { statusCode: 200, body: '' };
};
`,
  // The same floor with Powertools Metrics (one count written, as lambdas/lib/metrics.ts does), and
  // with Powertools Tracer (the client captured for X-Ray): what each would add to every function
  // that uses it (docs/performance.md, "Powertools").
  'sdk-floor-dynamodb-metrics': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
const metrics = new Metrics({ namespace: 'SpinWin/bench', serviceName: 'spin-and-win' });
const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));
export const handler = async () => {
  await dynamo.send(new GetCommand({ TableName: process.env.SETTINGS_TABLE, Key: { id: 'business' } }));
  metrics.addMetric('Spins', MetricUnit.Count, 1);
  metrics.publishStoredMetrics();
  return { statusCode: 200, body: '' };
};
`,
  'sdk-floor-dynamodb-tracer': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { Tracer } from '@aws-lambda-powertools/tracer';
const tracer = new Tracer({ serviceName: 'spin-and-win' });
const dynamo = DynamoDBDocumentClient.from(
  tracer.captureAWSv3Client(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT })),
);
export const handler = async () => {
  await dynamo.send(new GetCommand({ TableName: process.env.SETTINGS_TABLE, Key: { id: 'business' } }));
  return { statusCode: 200, body: '' };
};
`,
  'sdk-floor-staff': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));
const cognito = new CognitoIdentityProviderClient({ endpoint: process.env.COGNITO_ENDPOINT });
export const handler = async () => {
  await cognito.send(new AdminGetUserCommand({ UserPoolId: process.env.STAFF_USER_POOL_ID, Username: 'admin' }));
  await dynamo.send(new GetCommand({ TableName: process.env.SETTINGS_TABLE, Key: { id: 'business' } }));
  return { statusCode: 200, body: '' };
};
`,
};

export interface LambdaFigure {
  name: string;
  bytes: number;
  /** Median ms to import and answer the first event; undefined when not measured. */
  coldMs?: number;
  /** What the first event got back (status code or error name), for the reader. */
  answer?: string;
}

/** Bundles one function as the stack does (infra/function-defaults.ts). */
async function bundle(entry: string, outfile: string): Promise<number> {
  await build({ ...esbuildOptionsFor(entry, outfile), logLevel: 'error' });
  return statSync(outfile).size;
}

const tsFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => join(ROOT, dir, f));

/** A staff (admin) or visitor identity as the JWT authorizer passes it on. */
const STAFF_CLAIMS = {
  sub: '00000000-0000-4000-8000-000000000001',
  'cognito:username': 'admin',
  'cognito:groups': '[admin]',
  token_use: 'id',
};
const visitorClaims = (phone: string) => ({
  sub: '00000000-0000-4000-8000-000000000002',
  'cognito:username': phone,
  phone_number: phone,
  phone_number_verified: 'true',
  token_use: 'id',
});

/** A distinct Australian mobile per spawn, so per-number limits never decide the path taken. */
const benchPhone = (run: number): string => `+6149${String(run).padStart(7, '0')}`;

/**
 * The proof of work a browser sends with otp/start: issued by the stack's own rule (its keys and
 * the hour's work factor) and solved as the visitor's worker would, so otp/start takes its real
 * path, not the 400 of a missing challenge.
 */
async function solvedOtpChallenge(): Promise<unknown> {
  const challenge = await newOtpChallenge(new SmsCostGuard(smsLimitsFromEnv()), Date.now());
  return { challenge, solution: await solveChallenge({ challenge, deriveKey }) };
}

/** Request bodies that pass validation where that is cheap to arrange. */
const BODIES: Record<string, (phone: string) => unknown> = {
  'start-otp': async (p) => ({ phoneNumber: `0${p.slice(3)}`, altcha: await solvedOtpChallenge() }),
  'user-exists': (p) => ({ phoneNumber: `0${p.slice(3)}` }),
  'search-users': (p) => ({ phoneNumber: `0${p.slice(3)}` }),
  'redeem-user': (p) => ({ phoneNumber: `0${p.slice(3)}` }),
  'create-spin': () => ({}),
};

/** An API Gateway HTTP API (payload 2.0) event for a route, or a Cognito trigger event. */
async function eventFor(name: string, run: number): Promise<unknown> {
  const phone = benchPhone(run);
  const route = ROUTES.find((r) => r.id === name);
  if (route) {
    const body = await BODIES[name]?.(phone);
    const claims =
      route.auth === 'visitor'
        ? visitorClaims(phone)
        : route.auth === 'public'
          ? undefined
          : STAFF_CLAIMS;
    const parameters = { id: 'bench-missing', role: 'operator' };
    const path = routePath(route.path, parameters);
    return {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: path,
      rawQueryString: '',
      // As CloudFront forwards it (lib/http.ts refuses anything else): the origin secret of the
      // running local stack and the viewer address.
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '127.0.0.1',
        [ORIGIN_SECRET_HEADER]: process.env.ORIGIN_SECRET ?? '',
        [VIEWER_ADDRESS_HEADER]: '127.0.0.1',
      },
      requestContext: {
        http: { method: route.method, path, sourceIp: '127.0.0.1' },
        requestId: `bench-${run}`,
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      },
      pathParameters: route.path.includes('{') ? parameters : undefined,
      body: body === undefined ? undefined : JSON.stringify(body),
      isBase64Encoded: false,
    };
  }
  const common = {
    version: '1',
    region: process.env.AWS_REGION,
    userPoolId: process.env.VISITOR_USER_POOL_ID,
    userName: phone,
    callerContext: { awsSdkVersion: 'bench', clientId: 'bench' },
    request: {
      userAttributes: { phone_number: phone, sub: STAFF_CLAIMS.sub },
      session: [],
      privateChallengeParameters: { answer: '000000' },
      challengeAnswer: '123456',
    },
    response: {},
  };
  if (name === 'define-auth-challenge')
    return { ...common, triggerSource: 'DefineAuthChallenge_Authentication' };
  if (name === 'create-auth-challenge')
    return { ...common, triggerSource: 'CreateAuthChallenge_Authentication' };
  if (name === 'verify-auth-challenge')
    return { ...common, triggerSource: 'VerifyAuthChallengeResponse_Authentication' };
  return common;
}

/**
 * The child: performance.now() is taken before the import, so Node's own start-up (the same for
 * every function, and not what a bundle can change) is left out.
 */
const CHILD_SCRIPT = `
const t0 = performance.now();
const [bundle, eventJson] = process.argv.slice(-2);
let answer;
try {
  const mod = await import(bundle);
  const result = await mod.handler(JSON.parse(eventJson), { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 10000 });
  answer = result && typeof result === 'object' && 'statusCode' in result ? String(result.statusCode) : 'ok';
} catch (error) {
  answer = (error && error.name) || 'error';
}
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, answer }));
process.exit(0);
`;

export function coldStart(file: string, event: unknown): Promise<{ ms: number; answer: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CHILD_SCRIPT, file, JSON.stringify(event)],
      { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    child.on('close', () => {
      try {
        ok(JSON.parse(out) as { ms: number; answer: string });
      } catch {
        fail(new Error(`cold start of ${basename(file)} printed no result: ${err.slice(0, 500)}`));
      }
    });
  });
}

/** Bundles every function; with `coldStarts`, times each in fresh processes (needs the stack's env). */
export async function measureLambdas(options: { coldStarts: boolean }): Promise<{
  functions: LambdaFigure[];
  empty: LambdaFigure;
  /** The SDK floors (SDK_FLOORS), by name. */
  floors: LambdaFigure[];
}> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const emptyEntry = join(OUT_DIR, `${EMPTY}.ts`);
  writeFileSync(
    emptyEntry,
    'export const handler = async () => ({ statusCode: 200, body: "" });\n',
  );
  const floorEntries = Object.entries(SDK_FLOORS).map(([name, code]) => {
    const entry = join(OUT_DIR, `${name}.ts`);
    writeFileSync(entry, code);
    return entry;
  });
  const entries = [
    ...floorEntries,
    ...tsFiles('lambdas/handlers'),
    ...tsFiles('lambdas/triggers'),
    ...tsFiles('lambdas/custom-resources'),
  ];
  const figures: (LambdaFigure & { file: string })[] = [];
  for (const entry of [emptyEntry, ...entries]) {
    const name = basename(entry, '.ts');
    const file = join(OUT_DIR, `${name}.mjs`);
    figures.push({ name, file, bytes: await bundle(entry, file) });
  }
  if (options.coldStarts) {
    let run = 0;
    // Runs interleave the functions, so a burst of load from another process hits them all alike.
    const samples = new Map<string, { ms: number[]; answer: string }>();
    for (let round = 0; round < COLD_START_RUNS; round++) {
      for (const f of figures) {
        // The custom resource answers CloudFormation over HTTPS: nothing to call locally.
        if (f.name === 'staff-users') continue;
        const { ms, answer } = await coldStart(f.file, await eventFor(f.name, run++));
        const entry = samples.get(f.name) ?? { ms: [], answer };
        entry.ms.push(ms);
        samples.set(f.name, entry);
      }
    }
    for (const f of figures) {
      const s = samples.get(f.name);
      if (s) Object.assign(f, { coldMs: median(s.ms), answer: s.answer });
    }
  }
  const strip = ({ file: _file, ...figure }: LambdaFigure & { file: string }): LambdaFigure =>
    figure;
  const [empty, ...rest] = figures.map(strip);
  const isFloor = (f: LambdaFigure) => f.name in SDK_FLOORS;
  return {
    empty: empty!,
    floors: rest.filter(isFloor),
    functions: rest.filter((f) => !isFloor(f)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { functions, empty } = await measureLambdas({ coldStarts: false });
  console.log(`${empty.name.padEnd(26)} ${(empty.bytes / 1024).toFixed(1)} KB`);
  for (const f of functions) console.log(`${f.name.padEnd(26)} ${(f.bytes / 1024).toFixed(1)} KB`);
}
