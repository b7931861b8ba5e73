/**
 * The local stack gives nothing away (abuse round 4, finding 9): Vite's dev server reads any file
 * of the workspace at `/@fs/<path>`, and the stack's data directory holds the pools' private
 * signing keys, the staff passwords and the erasure key; the Cognito stand-in answered any origin.
 * Runs the stack as `npm start` does (Vite, dev mode) on a data directory of its own. And every
 * service it starts listens on 127.0.0.1 only (abuse round 5, finding 8: DynamoDB Local listened on
 * every interface, so anyone on the same network could read and write the tables).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
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
/** Listening sockets of the stack's processes, and those reachable from another machine. */
let listening = 0;
let exposed = 0;

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
    detail: `${exposed} of ${listening} listening sockets reachable beyond 127.0.0.1 (before: 1 of 3, DynamoDB Local's, on every interface)`,
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

/** The inodes of the sockets a process holds (its /proc/<pid>/fd links "socket:[inode]"). */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  const dir = `/proc/${pid}/fd`;
  for (const fd of readdirSync(dir)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(join(dir, fd)));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** The hex address of /proc/net/tcp or tcp6 as text: 0100007F -> 127.0.0.1. */
function addressOf(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  // Each 32-bit word is in the host's order (little-endian on x86 and ARM).
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  if (bytes.length === 4) return [...bytes].join('.');
  const words = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  return words.join(':');
}

/** Loopback only: 127.0.0.0/8, ::1, or 127.x in its IPv4-mapped form. */
const isLoopback = (address: string): boolean =>
  /^127\./.test(address) ||
  address === '0:0:0:0:0:0:0:1' ||
  /^0:0:0:0:0:ffff:7f[0-9a-f]{2}:/.test(address);

describe('every local service listens on 127.0.0.1 only', () => {
  it.skipIf(!existsSync('/proc/net/tcp'))(
    'lists the listening sockets of the stack (this process and DynamoDB Local): none on another interface',
    () => {
      const inodes = new Set([
        ...socketInodes(process.pid),
        ...(stack.dynamoPid ? socketInodes(stack.dynamoPid) : []),
      ]);
      const sockets: string[] = [];
      for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
        if (!existsSync(table)) continue;
        for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
          const fields = line.trim().split(/\s+/);
          const [local, state, inode] = [fields[1]!, fields[3]!, fields[9]!];
          // 0A: LISTEN.
          if (state !== '0A' || !inodes.has(inode)) continue;
          const [hex, port] = local.split(':') as [string, string];
          sockets.push(`${addressOf(hex)} port ${parseInt(port, 16)}`);
        }
      }
      listening = sockets.length;
      const elsewhere = sockets.filter((socket) => !isLoopback(socket.split(' ')[0]!));
      exposed = elsewhere.length;
      // The stack's one origin, s3rver and DynamoDB Local at least.
      expect(sockets.length).toBeGreaterThanOrEqual(3);
      expect(elsewhere).toEqual([]);
    },
  );
});
