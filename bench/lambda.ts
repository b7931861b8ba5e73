/**
 * Lambda: every function bundled as the CDK stack bundles it (infra/function-defaults.ts BUNDLING:
 * ESM, node22, minified, the AWS SDK bundled in, the require banner), its size, and its cold start:
 * the time a fresh Node process takes to import the bundle and answer one call a real user makes
 * (bench/lambda-events.ts), against a bundle whose handler does nothing.
 *
 * Bundles are written under node_modules/.cache (out of the tree, ignored). Events go to the running
 * local stack (its env: table names, DynamoDB Local, the Cognito stand-in). Every timed call must get
 * its route's success answer: any other answer stops the bench, since a refusal is not what users
 * wait for.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptionsFor } from '../infra/function-defaults';
import type { BenchCall } from './lambda-events';
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
  // The first floor plus the secrets every API function reads at start (lambdas/lib/secrets.ts:
  // the origin secret's current and previous versions through Powertools Parameters, from the
  // local stack's Secrets Manager stand-in): what reading them costs each API function's cold start.
  'sdk-floor-dynamodb-secrets': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { loadSecrets } from '${join(ROOT, 'lambdas/lib/secrets.ts')}';
const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));
export const handler = async () => {
  await loadSecrets();
  await dynamo.send(new GetCommand({ TableName: process.env.SETTINGS_TABLE, Key: { id: 'business' } }));
  return { statusCode: 200, body: '' };
};
`,
  'sdk-floor-staff': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));
// Signed with the local stack's own key, as the functions' Cognito client signs (lib/cognito-client.ts).
const cognito = new CognitoIdentityProviderClient({
  endpoint: process.env.COGNITO_ENDPOINT,
  credentials: {
    accessKeyId: process.env.COGNITO_ACCESS_KEY_ID,
    secretAccessKey: process.env.COGNITO_SECRET_ACCESS_KEY,
  },
});
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

/**
 * The child: performance.now() is taken before the import, so Node's own start-up (the same for
 * every function, and not what a bundle can change) is left out.
 */
const CHILD_SCRIPT = `
const t0 = performance.now();
const [bundle, eventJson] = process.argv.slice(-2);
let answer;
let detail = '';
try {
  const mod = await import(bundle);
  const result = await mod.handler(JSON.parse(eventJson), { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 10000 });
  answer = result && typeof result === 'object' && 'statusCode' in result ? String(result.statusCode) : 'ok';
  detail = String(result && result.body || '').slice(0, 300);
} catch (error) {
  answer = (error && error.name) || 'error';
  detail = String(error && error.message);
}
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, answer, detail }));
process.exit(0);
`;

interface ColdStart {
  ms: number;
  answer: string;
  /** The start of the answer's body (or the error's message), for a failure's report. */
  detail: string;
}

export function coldStart(file: string, event: unknown): Promise<ColdStart> {
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
        ok(JSON.parse(out) as ColdStart);
      } catch {
        fail(new Error(`cold start of ${basename(file)} printed no result: ${err.slice(0, 500)}`));
      }
    });
  });
}

/**
 * Functions bundled but not timed. staff-users answers CloudFormation over HTTPS, and
 * waf-association calls WAF through the Lambda runtime's own SDK (not bundled): neither has a call
 * to make locally.
 */
const SIZE_ONLY = new Set(['staff-users', 'waf-association']);

/**
 * Bundles every function; with `events` (bench/lambda-events.ts, against the running stack), times
 * each in fresh processes.
 */
export async function measureLambdas(options: {
  events?: (name: string, run: number) => Promise<BenchCall>;
}): Promise<{
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
  const { events } = options;
  if (events) {
    let run = 0;
    // Runs interleave the functions, so a burst of load from another process hits them all alike.
    const samples = new Map<string, { ms: number[]; answer: string }>();
    for (let round = 0; round < COLD_START_RUNS; round++) {
      for (const f of figures) {
        if (SIZE_ONLY.has(f.name)) continue;
        const isFloor = f.name === EMPTY || f.name in SDK_FLOORS;
        const call: BenchCall = isFloor ? { event: {}, expect: '200' } : await events(f.name, run);
        run++;
        const { ms, answer, detail } = await coldStart(f.file, call.event);
        if (answer !== call.expect)
          throw new Error(
            `${f.name} answered ${answer}, not ${call.expect} (${detail}): a timed call must succeed`,
          );
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
  const { functions, empty } = await measureLambdas({});
  console.log(`${empty.name.padEnd(26)} ${(empty.bytes / 1024).toFixed(1)} KB`);
  for (const f of functions) console.log(`${f.name.padEnd(26)} ${(f.bytes / 1024).toFixed(1)} KB`);
}
