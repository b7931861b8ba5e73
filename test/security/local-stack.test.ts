/**
 * The local stack gives nothing away (abuse round 4, finding 9): Vite's dev server reads any file
 * of the workspace at `/@fs/<path>`, and the stack's data directory holds the pools' private
 * signing keys, the staff passwords and the erasure key; the Cognito stand-in answered any origin.
 * Runs the stack as `npm start` does (Vite, dev mode) on a data directory of its own.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../local/stack';
import { writeSummary } from './support';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

let stack: RunningStack;
let dataDir = '';
let served = 0;
let tried = 0;

beforeAll(async () => {
  // Inside the workspace, where `npm start` keeps its data (.local/), which Vite may serve from.
  mkdirSync(join(ROOT, '.local'), { recursive: true });
  dataDir = mkdtempSync(join(ROOT, '.local', 'security-'));
  stack = await startStack({ dataDir, port: 0, web: 'dev', log: () => undefined, quiet: true });
}, 90_000);

afterAll(async () => {
  writeSummary('local-stack', {
    label: 'private files and foreign origins tried',
    count: tried,
    dataChanges: served,
  });
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local stack gives nothing away', () => {
  it('serves none of its private files through Vite', async () => {
    for (const file of [
      'cognito.json',
      'erasure-key',
      'staff-passwords.json',
      'aws-credentials.json',
    ]) {
      const path = join(dataDir, file);
      if (!statSync(path, { throwIfNoEntry: false })) continue;
      const answer = await fetch(new URL(`/@fs${path}`, stack.url));
      const text = await answer.text();
      tried++;
      if (answer.status === 200 && text.length > 0) served++;
      expect(answer.status, file).not.toBe(200);
    }
    expect(tried).toBeGreaterThanOrEqual(2);
  });

  it("refuses admin calls not signed with the stack's own key, which only its owner can read", async () => {
    expect(statSync(join(dataDir, 'aws-credentials.json')).mode & 0o777).toBe(0o600);
    const answer = await fetch(stack.cognitoEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
        'x-amz-date': '20260101T000000Z',
        authorization: `AWS4-HMAC-SHA256 Credential=AKIAFORGED0000000000/20260101/ap-southeast-2/cognito-idp/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
      },
      body: JSON.stringify({ UserPoolId: stack.pools.staff.poolId, Username: 'admin' }),
    });
    tried++;
    if (answer.status === 200) served++;
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { __type: string }).__type).toBe(
      'UnrecognizedClientException',
    );
  });

  it("lets no other site's page call the Cognito stand-in", async () => {
    const preflight = await fetch(stack.cognitoEndpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-amz-target',
      },
    });
    const allowed = preflight.headers.get('access-control-allow-origin');
    tried++;
    if (allowed === '*' || allowed === 'https://evil.example') served++;
    expect(allowed).toBe(new URL(stack.url).origin);
  });
});
