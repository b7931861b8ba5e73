/**
 * Capacity: a simulated crowd walks the whole visitor journey on the local stack while every AWS
 * call is counted (lambdas/lib/aws-calls.ts), and a counter staff session serves it. The counts per
 * visitor are then set against the AWS quotas that apply in a viral hour (100,000 visitors, the
 * peak second 5 times the average) and priced. Prints the tables and writes docs/capacity.md, so
 * the figures there always come from a run, never from typing. `npm run bench:capacity`.
 *
 * Each visitor connects from its own loopback address (127.0.x.y), as a crowd on many phones
 * would, and has its own new number. Half the crowd plays verify-first, half spin-first; a share
 * mistypes the code once, a share reloads the page after winning.
 */
import { request } from 'node:http';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format } from 'prettier';
import { build } from 'vite';
import { DEFAULT_THROTTLE_RATE } from '../infra/constructs/api';
import { startCountingAwsCalls } from '../lambdas/lib/aws-calls';
import { startStack, type RunningStack } from '../local/stack';
import { CUSTOM_CHALLENGE } from '../shared/definitions';
import { toInternational } from '../shared/phone';

const ROOT = resolve(import.meta.dirname, '..');
const DOC_FILE = join(ROOT, 'docs/capacity.md');

/** Visitors simulated per spin mode. */
const VISITORS_PER_MODE = 40;
/** Every Nth visitor types a wrong code once before the right one. */
const WRONG_CODE_EVERY = 5;
/** Every Nth visitor reloads the page after winning (the saved prize is shown again). */
const RELOAD_EVERY = 3;
/** Every Nth winner comes to the counter within the hour: a search, then a redeem. */
const REDEEM_EVERY = 3;
/** The viral hour. */
const VISITORS_PER_HOUR = 100_000;
const PEAK_OVER_AVERAGE = 5;
const SECONDS_PER_HOUR = 3600;
/** Local numbers of the crowd: 0461000000 upwards, apart from the tests' and other benches'. */
const CROWD_PHONE_BASE = 461_000_000;

type Counts = Map<string, number>;

/** One HTTP exchange from a given loopback address (a visitor's own "phone"). */
function send(
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; from: string },
): Promise<{ status: number; text: string }> {
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
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => ok({ status: res.statusCode ?? 0, text }));
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
  return { status: answer.status, json: () => JSON.parse(answer.text) as Record<string, unknown> };
}

async function openPage(crowd: Crowd, from: string): Promise<void> {
  for (const asset of crowd.assets) {
    crowd.requests.static++;
    await send(`${crowd.stack.url}${asset}`, { from });
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
  const start = await api(crowd, from, '/api/otp/start', {
    method: 'POST',
    body: { phoneNumber: localPhone },
  });
  if (start.status !== 202) throw new Error(`otp/start answered ${start.status}`);
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
  redeemShare: number;
}

async function measureCapacity(): Promise<CapacityRun> {
  process.env.SMS_HOURLY_CAP = '1000000';
  const dataDir = mkdtempSync(join(tmpdir(), 'spin-capacity-'));
  const stack = await startStack({ dataDir, port: 0, web: 'dist', seed: true, quiet: true });
  try {
    const crowd: Crowd = {
      stack,
      assets: await pageAssets(stack),
      requests: { static: 0, api: 0, cognito: 0 },
    };
    const admin = await cognito(crowd, '127.0.0.1', 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.pools.staff.clientId,
      AuthParameters: { USERNAME: 'admin', PASSWORD: stack.passwords.admin },
    });
    const adminToken = admin.AuthenticationResult?.IdToken;
    if (!adminToken) throw new Error('admin sign-in failed');

    const counts = startCountingAwsCalls();
    crowd.requests = { static: 0, api: 0, cognito: 0 };
    const winners: string[] = [];
    for (const spinFirst of [false, true]) {
      // The mode switch is the admin's, not the crowd's: left out of the counts.
      const before = snapshot(counts);
      const requestsBefore = { ...crowd.requests };
      await setSpinMode(crowd, adminToken, spinFirst);
      for (const [k, v] of minus(snapshot(counts), before)) counts.set(k, (counts.get(k) ?? 0) - v);
      crowd.requests = requestsBefore;
      const offset = spinFirst ? VISITORS_PER_MODE : 0;
      for (let i = 0; i < VISITORS_PER_MODE; i++)
        winners.push(await visit(crowd, offset + i, spinFirst));
    }
    const visitorCounts = snapshot(counts);
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
      redeemShare: 1 / REDEEM_EVERY,
    };
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A quota that a viral hour may reach, and which of our calls count against it. */
interface Quota {
  name: string;
  /** Requests per second allowed by default. */
  limit: number;
  source: string;
  /** How the agency raises it. */
  raise: string;
  /** Calls per visitor that count against it, from the run. */
  calls: (run: CapacityRun) => number;
}

const COGNITO_QUOTAS = 'https://docs.aws.amazon.com/cognito/latest/developerguide/quotas.html';
const per = (run: CapacityRun, ...keys: string[]) =>
  keys.reduce(
    (sum, key) =>
      sum + (run.perVisitor.get(key) ?? 0) + (run.perRedeem.get(key) ?? 0) * run.redeemShare,
    0,
  );

const QUOTAS: Quota[] = [
  {
    name: 'Cognito UserAuthentication (InitiateAuth)',
    limit: 120,
    source: COGNITO_QUOTAS,
    raise: 'Service Quotas console > Amazon Cognito user pools > UserAuthentication',
    calls: (run) => per(run, 'cognito-idp InitiateAuth'),
  },
  {
    name: 'Cognito RespondToAuthChallenge (3x UserAuthentication)',
    limit: 360,
    source: COGNITO_QUOTAS,
    raise: 'raised with UserAuthentication',
    calls: (run) => per(run, 'cognito-idp RespondToAuthChallenge'),
  },
  {
    name: 'Cognito UserCreation (AdminCreateUser)',
    limit: 50,
    source: COGNITO_QUOTAS,
    raise: 'Service Quotas console > Amazon Cognito user pools > UserCreation',
    calls: (run) => per(run, 'cognito-idp AdminCreateUser'),
  },
  {
    name: 'Cognito UserRead (AdminGetUser)',
    limit: 120,
    source: COGNITO_QUOTAS,
    raise: 'Service Quotas console > Amazon Cognito user pools > UserRead',
    calls: (run) => per(run, 'cognito-idp AdminGetUser'),
  },
  {
    name: 'SNS SMS messages per second (account)',
    limit: 20,
    source: 'https://docs.aws.amazon.com/general/latest/gr/sns.html',
    raise: 'AWS Support case: SNS text messaging, messages per second',
    calls: (run) => per(run, 'sns Publish'),
  },
  {
    name: 'API Gateway stage throttle (ours, infra/constructs/api.ts)',
    limit: DEFAULT_THROTTLE_RATE,
    source: 'infra/constructs/api.ts DEFAULT_THROTTLE_RATE',
    raise: 'ours: DEFAULT_THROTTLE_RATE, then redeploy',
    calls: (run) => run.requestsPerVisitor.api,
  },
  {
    name: 'API Gateway account throttle (per Region)',
    limit: 10_000,
    source: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html',
    raise: 'Service Quotas console > Amazon API Gateway > Throttle rate',
    calls: (run) => run.requestsPerVisitor.api,
  },
  {
    name: 'DynamoDB on-demand, one partition key written (e.g. the SMS hourly counter)',
    limit: 1000,
    source:
      'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html',
    raise: 'not raisable: spread the key (design)',
    calls: () => 1,
  },
  {
    name: 'CloudFront requests per distribution',
    limit: 250_000,
    source:
      'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html',
    raise: 'Service Quotas console > Amazon CloudFront',
    calls: (run) => run.requestsPerVisitor.static + run.requestsPerVisitor.api,
  },
];

const peakRps = (callsPerVisitor: number) =>
  (VISITORS_PER_HOUR / SECONDS_PER_HOUR) * PEAK_OVER_AVERAGE * callsPerVisitor;

function markdown(run: CapacityRun): string {
  const fixed = (n: number, d = 2) => n.toFixed(d);
  const ops = [...new Set([...run.perVisitor.keys(), ...run.perRedeem.keys()])].sort();
  const opRows = ops.map(
    (op) =>
      `| ${op} | ${fixed(run.perVisitor.get(op) ?? 0)} | ${fixed(run.perRedeem.get(op) ?? 0)} |`,
  );
  const quotaRows = QUOTAS.map((q) => {
    const calls = q.calls(run);
    const need = peakRps(calls);
    const headroom = need === 0 ? 'no use' : `${fixed(q.limit / need)}x`;
    return `| ${q.name} | ${q.limit} | ${fixed(calls)} | ${fixed(need, 0)} | ${headroom} | ${q.raise} | ${q.source} |`;
  });
  const first = QUOTAS.map((q) => ({
    q,
    ratio: q.limit / Math.max(peakRps(q.calls(run)), 1e-9),
  })).sort((a, b) => a.ratio - b.ratio)[0]!;
  return [
    '# Capacity: a viral hour',
    '',
    'Generated by `npm run bench:capacity` (bench/capacity.ts) from one run of a simulated crowd on',
    'the local stack; do not edit by hand.',
    '',
    `- Crowd: ${run.visitors} visitors, half verify-first and half spin-first, every ${WRONG_CODE_EVERY}th typing a wrong code once, every ${RELOAD_EVERY}th reloading after winning; every ${REDEEM_EVERY}th winner redeemed at the counter (a search and a redeem).`,
    `- A viral hour: ${VISITORS_PER_HOUR.toLocaleString('en-AU')} visitors, the peak second ${PEAK_OVER_AVERAGE} times the average (${fixed(peakRps(1), 0)} visitors starting per second at the peak).`,
    `- HTTP per visitor: ${fixed(run.requestsPerVisitor.static)} static, ${fixed(run.requestsPerVisitor.api)} API, ${fixed(run.requestsPerVisitor.cognito)} Cognito (the browser's own sign-in calls).`,
    '',
    '## AWS calls per visitor, by operation',
    '',
    '| operation | per visitor | per redeem at the counter |',
    '| --- | --- | --- |',
    ...opRows,
    '',
    '## Quotas at the peak second',
    '',
    '| quota | default (req/s) | our calls per visitor | needed at peak (req/s) | headroom | how to raise | source |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...quotaRows,
    '',
    `**First ceiling:** ${first.q.name} (headroom ${fixed(first.ratio)}x).`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The stack serves the production build, as CloudFront serves the deployed one.
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  const run = await measureCapacity();
  const text = await format(markdown(run), { parser: 'markdown' });
  console.log(text);
  writeFileSync(DOC_FILE, text);
  console.error(`[capacity] written to ${DOC_FILE}`);
}
