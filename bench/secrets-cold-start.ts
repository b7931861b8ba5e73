/**
 * Secrets at cold start: what reading the origin secret (and, in 4 functions, the erasure key) from
 * Secrets Manager at start costs, as every API function now does (lambdas/lib/secrets.ts:
 * Powertools Parameters, the current and previous versions in parallel, cached), against reading
 * it from the environment as before. All bundled as the stack bundles functions
 * (infra/function-defaults.ts) and timed in fresh processes by bench/lambda.ts's harness.
 * `npx tsx bench/secrets-cold-start.ts`. Secrets Manager is the local stand-in
 * (local/secrets-manager.ts: the same JSON protocol and SigV4) over loopback, so the figures are
 * the code's cost (import, client set-up, the calls); on AWS add one regional round trip (a few to
 * tens of ms) per cold start. docs/performance.md ("Secrets at start") records them.
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptionsFor } from '../infra/function-defaults';
import { LOCAL_AWS_ENV } from '../local/dynamodb';
import { startSecretsManager } from '../local/secrets-manager';
import { coldStart } from './lambda';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(ROOT, 'node_modules/.cache/spin-bench/secrets');
/** Fresh processes per variant, interleaved so a burst of load elsewhere hits them all alike. */
const RUNS = 15;
const SECRET = 'a'.repeat(48);
const SECRETS_MODULE = join(ROOT, 'lambdas/lib/secrets.ts');

// Every real function already loads the SDK core with its DynamoDB client: the fair floor.
const DYNAMO = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
const dynamo = new DynamoDBClient({});`;

const VARIANTS: Record<string, string> = {
  'empty handler': `export const handler = async () => ({ statusCode: 200, body: '' });`,
  'DynamoDB client, secret from the environment (before)': `${DYNAMO}
export const handler = async () => {
  await dynamo.config.credentials();
  if (!process.env.ORIGIN_SECRET) throw new Error('no secret');
  return { statusCode: 200, body: '' };
};`,
  'DynamoDB client, loadSecrets: origin secret (31 functions)': `${DYNAMO}
import { loadSecrets } from '${SECRETS_MODULE}';
export const handler = async () => {
  await dynamo.config.credentials();
  await loadSecrets();
  return { statusCode: 200, body: '' };
};`,
  'DynamoDB client, loadSecrets: origin secret and erasure key (4 functions)': `${DYNAMO}
import { loadSecrets } from '${SECRETS_MODULE}';
export const handler = async () => {
  process.env.ERASURE_KEY_ARN = process.env.BENCH_ERASURE_KEY_ARN;
  await dynamo.config.credentials();
  await loadSecrets();
  return { statusCode: 200, body: '' };
};`,
};

const secretsManager = await startSecretsManager({
  port: 0,
  credentials: {
    accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
    secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
  },
});
// Rotated once, so both versions exist: the state of every deployment after its first rotation.
secretsManager.put('origin', 'b'.repeat(48));
Object.assign(process.env, LOCAL_AWS_ENV, {
  SECRETS_MANAGER_ENDPOINT: secretsManager.endpoint,
  ORIGIN_SECRET: SECRET,
  ORIGIN_SECRET_ARN: secretsManager.put('origin', SECRET),
  BENCH_ERASURE_KEY_ARN: secretsManager.put('erasure-key', SECRET),
  POWERTOOLS_SERVICE_NAME: 'bench',
});

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const files = await Promise.all(
  Object.entries(VARIANTS).map(async ([name, code], i) => {
    const entry = join(OUT_DIR, `variant-${i}.ts`);
    const outfile = join(OUT_DIR, `variant-${i}.mjs`);
    writeFileSync(entry, code);
    await build({ ...esbuildOptionsFor(entry, outfile), logLevel: 'error' });
    return { name, outfile, bytes: statSync(outfile).size, ms: [] as number[], answer: '' };
  }),
);
for (let round = 0; round < RUNS; round++) {
  for (const f of files) {
    const { ms, answer } = await coldStart(f.outfile, {});
    f.ms.push(ms);
    f.answer = answer;
  }
}
await secretsManager.stop();
const before = files[1]!;
const beforeMs = median(before.ms);
console.log(`Cold start, median of ${RUNS} fresh processes (import + first answer), this machine:`);
for (const f of files) {
  const m = median(f.ms);
  console.log(
    `${f.name.padEnd(74)} ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ${m.toFixed(1).padStart(6)} ms  (${m >= beforeMs ? '+' : ''}${(m - beforeMs).toFixed(1)} ms, ${f.bytes >= before.bytes ? '+' : ''}${((f.bytes - before.bytes) / 1024).toFixed(1)} KB against "before"; answered ${f.answer})`,
  );
}
