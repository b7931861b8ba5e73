/**
 * The capacity bench's crowd driver: a simulated crowd walks the whole visitor journey on the local
 * stack while every AWS call is counted (local/aws-calls.ts), and a counter staff session serves it.
 * Returns the counts per visitor and per redeem (CapacityRun); bench/capacity-model.ts sets them
 * against the quotas and prices.
 *
 * Each visitor connects from its own loopback address (127.0.x.y), as a crowd on many phones
 * would, and has its own new number. Half the crowd plays verify-first, half spin-first; a share
 * mistypes the code once, a share reloads the page after winning.
 */
import { request } from 'node:http';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countedLambdaMs, startCountingAwsCalls } from '../local/aws-calls';
import { startStack, type RunningStack } from '../local/stack';
import { CUSTOM_CHALLENGE, SIGN_IN_KEY_METADATA } from '@shared/definitions';
import type { OtpStartResponse } from '@shared/phone';
import { toInternational } from '@shared/phone-format';
import { DynamoDBClient, paginateScan, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { tableEnvName } from '@shared/definitions';

/** Visitors simulated per spin mode. */
const VISITORS_PER_MODE = 40;
/** Every Nth visitor types a wrong code once before the right one. */
export const WRONG_CODE_EVERY = 5;
/** Every Nth visitor reloads the page after winning (the saved prize is shown again). */
export const RELOAD_EVERY = 3;
/** Every Nth winner comes to the counter within the hour: a search, then a redeem. */
export const REDEEM_EVERY = 3;
/** Local numbers of the crowd: 0461000000 upwards, apart from the tests' and other benches'. */
const CROWD_PHONE_BASE = 461_000_000;

type Counts = Map<string, number>;

/** One HTTP exchange from a given loopback address (a visitor's own "phone"). */
function send(
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; from: string },
): Promise<{ status: number; text: string; bytes: number }> {
  return new Promise((ok, fail) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.from,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          ok({ status: res.statusCode ?? 0, text: all.toString('utf8'), bytes: all.length });
        });
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

/** What the browser fetches to show the page: the HTML, each script and style it names, config. */
async function pageAssets(stack: RunningStack): Promise<string[]> {
  const html = (await send(`${stack.url}/`, { from: '127.0.0.1' })).text;
  const refs = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return ['/', ...refs, '/config.json'];
}

interface Crowd {
  stack: RunningStack;
  assets: string[];
  /** HTTP requests the crowd made, by kind. */
  requests: { static: number; api: number; cognito: number };
  /** Response bytes the site (CloudFront: static files and the API) sent the crowd. */
  bytes: number;
}

async function cognito(crowd: Crowd, from: string, operation: string, body: unknown) {
  crowd.requests.cognito++;
  const answer = await send(crowd.stack.cognitoEndpoint, {
    method: 'POST',
    from,
    body,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
  });
  return JSON.parse(answer.text) as {
    Session?: string;
    ChallengeParameters?: Record<string, string>;
    AuthenticationResult?: { IdToken: string };
  };
}

async function api(
  crowd: Crowd,
  from: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
) {
  crowd.requests.api++;
  const answer = await send(`${crowd.stack.url}${path}`, {
    from,
    method: options.method,
    body: options.body,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  crowd.bytes += answer.bytes;
  return { status: answer.status, json: () => JSON.parse(answer.text) as Record<string, unknown> };
}

async function openPage(crowd: Crowd, from: string): Promise<void> {
  for (const asset of crowd.assets) {
    crowd.requests.static++;
    crowd.bytes += (await send(`${crowd.stack.url}${asset}`, { from })).bytes;
  }
  await api(crowd, from, '/api/wheel');
}

async function latestCode(stack: RunningStack, localPhone: string): Promise<string> {
  const sms = await send(
    `${stack.url}/local/sms/latest?phoneNumber=${encodeURIComponent(toInternational(localPhone))}`,
    { from: '127.0.0.1' },
  );
  const { code } = JSON.parse(sms.text) as { code: string | null };
  if (!code) throw new Error(`no SMS code for ${localPhone}`);
  return code;
}

/** otp/start, CUSTOM_AUTH, (a wrong code), the right code: the visitor's ID token. */
async function verify(crowd: Crowd, from: string, localPhone: string, typo: boolean) {
  // The proof of work each code costs, solved as the browser's worker would.
  const issued = (await api(crowd, from, '/api/otp/challenge')).json() as unknown as Challenge;
  const altcha = {
    challenge: issued,
    solution: await solveChallenge({ challenge: issued, deriveKey }),
  };
  const start = await api(crowd, from, '/api/otp/start', {
    method: 'POST',
    body: { phoneNumber: localPhone, altcha },
  });
  if (start.status !== 202) throw new Error(`otp/start answered ${start.status}`);
  const { signInKey } = start.json() as unknown as OtpStartResponse;
  const { visitor } = crowd.stack.pools;
  let challenge = await cognito(crowd, from, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: visitor.clientId,
    AuthParameters: { USERNAME: toInternational(localPhone) },
  });
  const code = await latestCode(crowd.stack, localPhone);
  const answer = (text: string) =>
    cognito(crowd, from, 'RespondToAuthChallenge', {
      ClientId: visitor.clientId,
      ChallengeName: CUSTOM_CHALLENGE,
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: challenge.ChallengeParameters?.USERNAME, ANSWER: text },
      ClientMetadata: { [SIGN_IN_KEY_METADATA]: signInKey },
    });
  if (typo) challenge = await answer(code === '000000' ? '111111' : '000000');
  const result = await answer(code);
  if (!result.AuthenticationResult) throw new Error(`code refused for ${localPhone}`);
  return result.AuthenticationResult.IdToken;
}

/** One visitor's whole visit; returns their number (+61 form). */
async function visit(crowd: Crowd, index: number, spinFirst: boolean): Promise<string> {
  const from = `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;
  const localPhone = `0${CROWD_PHONE_BASE + index}`;
  await openPage(crowd, from);
  let ticket: string | undefined;
  if (spinFirst) {
    // The proof of work each preview costs, solved as the browser would.
    const challenge = (
      await api(crowd, from, '/api/spins/challenge')
    ).json() as unknown as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const preview = await api(crowd, from, '/api/spins/preview', {
      method: 'POST',
      body: { altcha: { challenge, solution } },
    });
    ticket = preview.json().ticket as string | undefined;
    if (!ticket) throw new Error(`preview answered ${preview.status}`);
  }
  const token = await verify(crowd, from, localPhone, index % WRONG_CODE_EVERY === 0);
  const spin = await api(crowd, from, '/api/spins', {
    method: 'POST',
    body: ticket ? { ticket } : {},
    token,
  });
  if (spin.status !== 200) throw new Error(`spin answered ${spin.status}`);
  if (index % RELOAD_EVERY === 0) {
    await openPage(crowd, from);
    await api(crowd, from, '/api/spins/mine', { token });
  }
  return toInternational(localPhone);
}

async function setSpinMode(crowd: Crowd, adminToken: string, spinFirst: boolean) {
  const game = await api(crowd, '127.0.0.1', '/api/settings/game', { token: adminToken });
  const { itemBackgroundColors } = game.json();
  const put = await api(crowd, '127.0.0.1', '/api/settings/game', {
    method: 'PUT',
    token: adminToken,
    body: { itemBackgroundColors, spinMode: spinFirst ? 'spin-first' : 'verify-first' },
  });
  if (put.status !== 200) throw new Error(`game settings answered ${put.status}`);
}

const snapshot = (counts: Counts): Counts => new Map(counts);
const minus = (after: Counts, before: Counts): Counts =>
  new Map(
    [...after]
      .map(([k, v]): [string, number] => [k, v - (before.get(k) ?? 0)])
      .filter(([, v]) => v !== 0),
  );

export interface CapacityRun {
  visitors: number;
  /** AWS calls per visitor, "service Operation" -> calls. */
  perVisitor: Counts;
  /** AWS calls per redeem at the counter (a search and the redeem). */
  perRedeem: Counts;
  /** HTTP requests per visitor, by kind. */
  requestsPerVisitor: { static: number; api: number; cognito: number };
  /** Bytes the site sent per visitor (as the local stack serves them: uncompressed). */
  bytesPerVisitor: number;
  /** Mean time in a Lambda handler per invocation (API handlers and Cognito triggers), ms. */
  msPerInvocation: number;
  redeemShare: number;
  /** The largest customer item the run stored, in DynamoDB's item-size bytes. */
  customerItemBytes: number;
}

/** DynamoDB's size of one attribute value (names are counted by the caller). */
function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return Math.ceil(value.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
  if (value.B !== undefined) return value.B.length;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.L) return 3 + value.L.reduce((sum, v) => sum + 1 + valueBytes(v), 0);
  if (value.M) return 3 + itemBytes(value.M);
  return 0;
}
/** DynamoDB's item size: each attribute's name in UTF-8 plus its value. */
const itemBytes = (item: Record<string, AttributeValue>): number =>
  Object.entries(item).reduce((sum, [name, v]) => sum + Buffer.byteLength(name) + valueBytes(v), 0);

/** The largest item of the customers table in the local stack's DynamoDB Local. */
async function largestCustomerItem(): Promise<number> {
  const client = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
  let largest = 0;
  for await (const page of paginateScan(
    { client },
    { TableName: process.env[tableEnvName('customers')] },
  )) {
    for (const item of page.Items ?? []) largest = Math.max(largest, itemBytes(item));
  }
  client.destroy();
  return largest;
}

/** Runs the crowd on a fresh local stack (serving web/dist) and returns its counts. */
export async function measureCapacity(): Promise<CapacityRun> {
  process.env.SMS_HOURLY_CAP = '1000000';
  const dataDir = mkdtempSync(join(tmpdir(), 'spin-capacity-'));
  const stack = await startStack({ dataDir, port: 0, web: 'dist', seed: true, quiet: true });
  try {
    const crowd: Crowd = {
      stack,
      assets: await pageAssets(stack),
      requests: { static: 0, api: 0, cognito: 0 },
      bytes: 0,
    };
    const admin = await api(crowd, '127.0.0.1', '/api/staff/sign-in', {
      method: 'POST',
      body: { username: 'admin', password: stack.passwords.admin },
    });
    const adminToken = admin.status === 200 ? (admin.json().idToken as string) : undefined;
    if (!adminToken) throw new Error('admin sign-in failed');

    const counts = startCountingAwsCalls();
    crowd.requests = { static: 0, api: 0, cognito: 0 };
    crowd.bytes = 0;
    let adminMs = 0;
    const winners: string[] = [];
    for (const spinFirst of [false, true]) {
      // The mode switch is the admin's, not the crowd's: left out of the counts.
      const before = snapshot(counts);
      const requestsBefore = { ...crowd.requests };
      const bytesBefore = crowd.bytes;
      const msBefore = countedLambdaMs();
      await setSpinMode(crowd, adminToken, spinFirst);
      for (const [k, v] of minus(snapshot(counts), before)) counts.set(k, (counts.get(k) ?? 0) - v);
      crowd.requests = requestsBefore;
      crowd.bytes = bytesBefore;
      adminMs += countedLambdaMs() - msBefore;
      const offset = spinFirst ? VISITORS_PER_MODE : 0;
      for (let i = 0; i < VISITORS_PER_MODE; i++)
        winners.push(await visit(crowd, offset + i, spinFirst));
    }
    const visitorCounts = snapshot(counts);
    const visitorMs = countedLambdaMs() - adminMs;
    const visitors = winners.length;
    const requestsPerVisitor = {
      static: crowd.requests.static / visitors,
      api: crowd.requests.api / visitors,
      cognito: crowd.requests.cognito / visitors,
    };

    // The counter: an operator searches each winner who comes in and redeems the prize.
    const redeemed = winners.filter((_, i) => i % REDEEM_EVERY === 0);
    for (const phone of redeemed) {
      const localPhone = `0${phone.slice(3)}`;
      await api(crowd, '127.0.0.1', '/api/users/search', {
        method: 'POST',
        token: adminToken,
        body: { phoneNumber: localPhone },
      });
      await api(crowd, '127.0.0.1', '/api/users/redeem', {
        method: 'POST',
        token: adminToken,
        body: { phoneNumber: localPhone },
      });
    }
    const perRedeem = new Map(
      [...minus(snapshot(counts), visitorCounts)].map(([k, v]) => [k, v / redeemed.length]),
    );
    return {
      visitors,
      perVisitor: new Map([...visitorCounts].map(([k, v]) => [k, v / visitors])),
      perRedeem,
      requestsPerVisitor,
      bytesPerVisitor: crowd.bytes / visitors,
      msPerInvocation: visitorMs / Math.max(visitorCounts.get('lambda Invoke') ?? 0, 1),
      redeemShare: 1 / REDEEM_EVERY,
      customerItemBytes: await largestCustomerItem(),
    };
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
