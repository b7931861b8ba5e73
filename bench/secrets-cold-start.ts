/**
 * Secrets at cold start: what reading the origin secret from Secrets Manager (Powertools
 * Parameters' getSecret, cached for later invocations; or the SDK client directly) adds to a cold
 * start, against reading it from the environment, all bundled as the stack bundles functions
 * (infra/function-defaults.ts) and timed in fresh processes by bench/lambda.ts's harness.
 * `npx tsx bench/secrets-cold-start.ts`. Secrets Manager is a local stand-in answering
 * GetSecretValue over loopback, so the figures are the code's cost (import, client set-up, one
 * call); on AWS add one regional round trip (a few to tens of ms) per cold start. docs/deploy.md
 * records the decision these figures support.
 */
import { createServer } from 'node:http';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptionsFor } from '../infra/function-defaults';
import { coldStart } from './lambda';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(ROOT, 'node_modules/.cache/spin-bench/secrets');
/** Fresh processes per variant, interleaved so a burst of load elsewhere hits them all alike. */
const RUNS = 15;
const SECRET = 'a'.repeat(48);

const VARIANTS: Record<string, string> = {
  'empty handler (floor)': `export const handler = async () => ({ statusCode: 200, body: '' });`,
  'environment (today)': `
export const handler = async () => {
  const secret = process.env.ORIGIN_SECRET;
  if (!secret) throw new Error('no secret');
  return { statusCode: 200, body: '' };
};`,
  'Powertools getSecret (cached)': `
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
export const handler = async () => {
  const secret = await getSecret(process.env.ORIGIN_SECRET_ARN, { maxAge: 300 });
  if (!secret) throw new Error('no secret');
  return { statusCode: 200, body: '' };
};`,
  'SDK GetSecretValue': `
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
const client = new SecretsManagerClient({});
let cached;
export const handler = async () => {
  cached ??= (await client.send(new GetSecretValueCommand({ SecretId: process.env.ORIGIN_SECRET_ARN }))).SecretString;
  if (!cached) throw new Error('no secret');
  return { statusCode: 200, body: '' };
};`,
  // Every real function already loads the SDK core with its DynamoDB client: the fairer floor.
  'DynamoDB client, environment': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
const dynamo = new DynamoDBClient({});
export const handler = async () => {
  await dynamo.config.credentials();
  if (!process.env.ORIGIN_SECRET) throw new Error('no secret');
  return { statusCode: 200, body: '' };
};`,
  'DynamoDB client, Powertools getSecret': `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
const dynamo = new DynamoDBClient({});
export const handler = async () => {
  await dynamo.config.credentials();
  const secret = await getSecret(process.env.ORIGIN_SECRET_ARN, { maxAge: 300 });
  if (!secret) throw new Error('no secret');
  return { statusCode: 200, body: '' };
};`,
};

/** Secrets Manager's GetSecretValue (JSON 1.1), answered from memory. */
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.setHeader('content-type', 'application/x-amz-json-1.1');
    res.end(
      JSON.stringify({
        ARN: 'arn:aws:secretsmanager:ap-southeast-2:1:secret:origin',
        Name: 'origin',
        SecretString: SECRET,
      }),
    );
  });
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const { port } = server.address() as { port: number };
Object.assign(process.env, {
  AWS_REGION: 'ap-southeast-2',
  AWS_ACCESS_KEY_ID: 'AKIDBENCH',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_SESSION_TOKEN: 'bench',
  AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${port}`,
  ORIGIN_SECRET: SECRET,
  ORIGIN_SECRET_ARN: 'arn:aws:secretsmanager:ap-southeast-2:1:secret:origin',
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
server.close();
const floor = median(files[0]!.ms);
console.log(`Cold start, median of ${RUNS} fresh processes (import + first answer), this machine:`);
for (const f of files) {
  const m = median(f.ms);
  console.log(
    `${f.name.padEnd(32)} ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ${m.toFixed(1).padStart(6)} ms  (+${(m - floor).toFixed(1)} ms over the floor; answered ${f.answer})`,
  );
}
