/**
 * API under load: GET /api/wheel, POST /api/spins (a distinct verified number per request) and
 * GET /api/users on the local stack, and the same requests against the floor server
 * (bench/floor-server.ts: the same DynamoDB calls on the same DynamoDB Local, nothing else), with
 * the same autocannon settings, in the same run. Load comes from a
 * separate process; each endpoint runs for a bounded time (spins: a fixed number of requests, one
 * per pre-verified number, since a number spins once).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunningStack } from '../local/stack';
import type { LoadResult, LoadSpec } from './load-worker';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
/** Concurrent connections: a busy evening of one shop's visitors and staff, many times over. */
export const LOAD_CONNECTIONS = 10;
/** Seconds per endpoint: long enough for a stable p99, short enough for the whole bench. */
export const LOAD_SECONDS = 8;
/** Target: p99 within 2 times the floor's (the floor makes the route's DynamoDB calls). */
export const MAX_P99_OVER_FLOOR = 2;

export interface LoadFigure {
  endpoint: string;
  api: LoadResult;
  floor: LoadResult;
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  tokens: string[];
  amount?: number;
}

/** The spec goes through a file: hundreds of tokens overflow a command line. */
function runLoad(spec: LoadSpec, dir: string): Promise<LoadResult> {
  const specFile = join(dir, 'load-spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  return new Promise((ok, fail) => {
    const child = spawn(TSX, [join(ROOT, 'bench/load-worker.ts'), specFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        ok(JSON.parse(line) as LoadResult);
      } catch {
        fail(new Error(`load worker exited ${code}: ${err.slice(0, 800)}`));
      }
    });
  });
}

async function startFloor() {
  // The stack's env (table names, DynamoDB Local's endpoint) is this process's env.
  const child = spawn(TSX, [join(ROOT, 'bench/floor-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((ok, fail) => {
    child.once('error', fail);
    child.stdout.once('data', (d: Buffer) => ok(Number(d.toString().trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        child.once('close', () => done());
        child.kill();
      }),
  };
}

/** Checks each endpoint answers, then loads the stack and the floor alike. */
export async function measureApiLoad(
  stack: RunningStack,
  staffToken: string,
  visitorTokens: { capture: string; load: string[] },
): Promise<LoadFigure[]> {
  const endpoints: Endpoint[] = [
    { name: 'GET /api/wheel', method: 'GET', path: '/api/wheel', tokens: [] },
    {
      name: 'POST /api/spins',
      method: 'POST',
      path: '/api/spins',
      body: '{}',
      tokens: visitorTokens.load,
      amount: visitorTokens.load.length,
    },
    { name: 'GET /api/users', method: 'GET', path: '/api/users', tokens: [staffToken] },
  ];
  for (const e of endpoints) {
    const token = e.method === 'POST' ? visitorTokens.capture : e.tokens[0];
    const response = await fetch(`${stack.url}${e.path}`, {
      method: e.method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(e.body !== undefined ? { body: e.body } : {}),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${e.name} answered ${response.status}: ${body}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'spin-floor-'));
  const floor = await startFloor();
  try {
    const figures: LoadFigure[] = [];
    for (const e of endpoints) {
      const spec = (base: string): LoadSpec => ({
        url: `${base}${e.path}`,
        method: e.method,
        ...(e.body !== undefined ? { body: e.body } : {}),
        tokens: e.tokens,
        connections: LOAD_CONNECTIONS,
        duration: LOAD_SECONDS,
        ...(e.amount ? { amount: e.amount } : {}),
      });
      const api = await runLoad(spec(stack.url), dir);
      const floorResult = await runLoad(spec(floor.url), dir);
      if (api.non2xx > 0 || api.errors > 0)
        console.warn(`[api-load] ${e.name}: ${api.non2xx} non-2xx, ${api.errors} errors`);
      figures.push({ endpoint: e.name, api, floor: floorResult });
    }
    return figures;
  } finally {
    await floor.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sequential AdminGetUser calls timed for the per-request user check's own cost. */
export const USER_CHECK_CALLS = 200;

/**
 * What the per-request user check (lambdas/domain/active-user.ts) costs on its own: AdminGetUser for
 * the admin user, one call after another from this process, with the handlers' Cognito client and
 * the stack's env. Locally the stand-in answers over loopback; on AWS add a regional round trip.
 */
export async function measureUserCheck(): Promise<{ p50: number; p99: number }> {
  const { cognito } = await import('../lambdas/lib/cognito-client');
  const { AdminGetUserCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  const poolId = process.env.STAFF_USER_POOL_ID;
  const times: number[] = [];
  for (let i = 0; i < USER_CHECK_CALLS; i++) {
    const start = performance.now();
    await cognito().send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'admin' }));
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}
