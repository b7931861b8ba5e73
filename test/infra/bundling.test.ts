/**
 * Function bundles (infra/function-defaults.ts): every SDK client in a deployed bundle takes its
 * credentials from the environment only, as Lambda provides them, and none of the default chain's
 * other providers (ini files, SSO, `credential_process`, instance metadata) is bundled.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuildOptionsFor } from '../../infra/function-defaults';
import { REPO_ROOT } from '../../infra/deploy-config';

const OUT = mkdtempSync(join(tmpdir(), 'spin-bundles-'));
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** Text only the SDK's default chain holds: its warning, and the process provider's setting. */
const CHAIN_MARKERS = ['Multiple credential sources detected', 'credential_process'];

async function bundled(name: string, contents: string, alias = true): Promise<string> {
  const outfile = join(OUT, `${name}.mjs`);
  const options = esbuildOptionsFor('', outfile);
  await build({
    ...options,
    entryPoints: undefined,
    stdin: { contents, resolveDir: REPO_ROOT, loader: 'ts', sourcefile: `${name}.ts` },
    alias: alias ? options.alias : {},
    logLevel: 'error',
  });
  return outfile;
}

/** Each client the functions use, asked for its credentials as a request would. */
const CLIENTS_ENTRY = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SNSClient } from '@aws-sdk/client-sns';
import { S3Client } from '@aws-sdk/client-s3';
const clients = [DynamoDBClient, CognitoIdentityProviderClient, SNSClient, S3Client].map(
  (Client) => new Client({ region: 'ap-southeast-2' }),
);
try {
  const found = await Promise.all(clients.map((c) => c.config.credentials()));
  console.log(JSON.stringify(found.map((f) => f.accessKeyId + '/' + (f.sessionToken ?? ''))));
} catch (error) {
  console.log(JSON.stringify({ error: error.name }));
}
`;

async function run(file: string, env: Record<string, string>): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, [file], {
    // Only what is given: no HOME, so no ~/.aws files could be read either way.
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 20_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? 'null');
}

describe('function bundles', () => {
  it('take credentials from the environment, as Lambda sets them, in every client', async () => {
    const file = await bundled('clients', CLIENTS_ENTRY);
    const found = await run(file, {
      AWS_ACCESS_KEY_ID: 'AKIDLAMBDA',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'session',
    });
    expect(found).toEqual(Array.from({ length: 4 }, () => 'AKIDLAMBDA/session'));
  }, 60_000);

  it('fail with the SDK error when the environment has none', async () => {
    const file = await bundled('clients', CLIENTS_ENTRY);
    expect(await run(file, {})).toEqual({ error: 'CredentialsProviderError' });
  }, 60_000);

  it('hold none of the default chain: not in a handler, only without the alias', async () => {
    const handler = readFileSync(
      await bundled('start-otp', `export { handler } from './lambdas/handlers/start-otp';`),
      'utf8',
    );
    for (const marker of CHAIN_MARKERS) expect(handler).not.toContain(marker);
    expect(handler).not.toMatch(/from\s*"node:child_process"/);

    const unaliased = readFileSync(await bundled('unaliased', CLIENTS_ENTRY, false), 'utf8');
    for (const marker of CHAIN_MARKERS) expect(unaliased).toContain(marker);
  }, 60_000);

  it('resolve the @shared/* alias the typecheck reads (lib/http.ts imports @shared/errors)', async () => {
    const outfile = join(OUT, 'get-wheel.mjs');
    await build({
      ...esbuildOptionsFor(join(REPO_ROOT, 'lambdas/handlers/get-wheel.ts'), outfile),
      logLevel: 'error',
    });
    expect(readFileSync(outfile, 'utf8')).toContain('NOT_VIA_SITE');
  });
});
