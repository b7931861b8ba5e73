/**
 * Capacity: a simulated crowd walks the whole visitor journey on the local stack while every AWS
 * call is counted (local/aws-calls.ts), and a counter staff session serves it. The counts per
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
import { ROUTE_THROTTLES } from '../infra/constructs/api';
import { FUNCTION_MEMORY_MB } from '../infra/function-defaults';
import { countedLambdaMs, startCountingAwsCalls } from '../local/aws-calls';
import { startStack, type RunningStack } from '../local/stack';
import { CUSTOM_CHALLENGE, SIGN_IN_KEY_METADATA } from '@shared/definitions';
import type { OtpStartResponse } from '@shared/phone';
import { API_MESSAGES, MESSAGES } from '@shared/messages';
import { toInternational } from '@shared/phone-format';
import { SMS_GLOBAL_HOURLY_CAP_DEFAULT, SMS_PRICE_USD_DEFAULT } from '@shared/constants';
import { DynamoDBClient, paginateScan, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { tableEnvName } from '@shared/definitions';
import { CAPACITY_MARKERS } from './capacity-markers';

const ROOT = resolve(import.meta.dirname, '..');
const DOC_FILE = join(ROOT, 'docs/capacity.md');
/** The figures the deploy preflight checks the account against (infra/preflight/preflight.ts). */
const NEEDS_FILE = join(ROOT, 'docs/capacity.json');

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

async function measureCapacity(): Promise<CapacityRun> {
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
    const admin = await cognito(crowd, '127.0.0.1', 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.pools.staff.clientId,
      AuthParameters: { USERNAME: 'admin', PASSWORD: stack.passwords.admin },
    });
    const adminToken = admin.AuthenticationResult?.IdToken;
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

/** A quota that a viral hour may reach, and which of our calls count against it. */
interface Quota {
  name: string;
  /** The default limit, in `unit`. */
  limit: number;
  unit: string;
  source: string;
  /** How the agency raises it. */
  raise: string;
  /** What a visitor sees when it is reached. */
  seen: string;
  /** Uses per visitor that count against it, from the run. */
  calls: (run: CapacityRun) => number;
  /** What the limit is compared with: uses at the peak second (default) or in the whole hour. */
  need?: (run: CapacityRun, calls: number) => number;
  /** Set by us (a deploy option), not by AWS. */
  ours?: boolean;
}

const COGNITO_QUOTAS = 'https://docs.aws.amazon.com/cognito/latest/developerguide/quotas.html';
const LAMBDA_QUOTAS = 'https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html';
/** Cognito's paid request-rate increases (provisioned capacity), announced January 2024. */
const COGNITO_PAID =
  'https://aws.amazon.com/about-aws/whats-new/2024/01/provisioned-capacity-api-limits-amazon-cognito/';
const PARTITION_LIMITS =
  'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html';
const per = (run: CapacityRun, ...keys: string[]) =>
  keys.reduce(
    (sum, key) =>
      sum + (run.perVisitor.get(key) ?? 0) + (run.perRedeem.get(key) ?? 0) * run.redeemShare,
    0,
  );

const peakRps = (callsPerVisitor: number) =>
  (VISITORS_PER_HOUR / SECONDS_PER_HOUR) * PEAK_OVER_AVERAGE * callsPerVisitor;

/** A transactional write costs DynamoDB two write units per item (up to 1 KB). */
const TRANSACTIONAL_WCU = 2;
/** Write units of one write of an item of `bytes` (1 per KB started), in a table or an index. */
const wcu = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
/**
 * Customers' index writes per visitor. Both indexes project the whole item and share one
 * partition key value (CUSTOMER). A win puts the item in each; a redeem rewrites it in byCreatedAt
 * (its key unchanged) and moves it in byChange (its sort key is the change time): a delete and a
 * put there, two writes.
 */
const byCreatedWrites = (run: CapacityRun) => (1 + run.redeemShare) * wcu(run.customerItemBytes);
const byChangeWrites = (run: CapacityRun) => (1 + 2 * run.redeemShare) * wcu(run.customerItemBytes);

/** What the visitor sees when code sending is throttled by Cognito or SNS (the spec's text). */
const SEND_FAILED = `"${MESSAGES.otpSendFailed}" (otp/start's 503 UNAVAILABLE with Retry-After, or the send trigger's failure; every budget and the code grant given back, nothing sent)`;

const QUOTAS: Quota[] = [
  {
    name: 'Cognito UserAuthentication (InitiateAuth)',
    limit: 120,
    unit: 'req/s',
    source: `${COGNITO_QUOTAS} ; ${COGNITO_PAID}`,
    raise:
      'Service Quotas console > Amazon Cognito user pools > UserAuthentication (paid: provisioned capacity, about USD 20 per request/s a month in us-east-1)',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'cognito-idp InitiateAuth'),
  },
  {
    name: 'Cognito RespondToAuthChallenge (3x UserAuthentication)',
    limit: 360,
    unit: 'req/s',
    source: COGNITO_QUOTAS,
    raise: 'raised (and paid) with UserAuthentication',
    seen: `"${MESSAGES.otpVerificationFailed}" at the code step`,
    calls: (run) => per(run, 'cognito-idp RespondToAuthChallenge'),
  },
  {
    name: 'Cognito UserCreation (AdminCreateUser)',
    limit: 50,
    unit: 'req/s',
    source: COGNITO_QUOTAS,
    raise:
      'Service Quotas console > Amazon Cognito user pools > UserCreation (paid: provisioned capacity, about USD 20 per request/s a month in us-east-1)',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'cognito-idp AdminCreateUser'),
  },
  {
    name: 'Cognito UserRead (AdminGetUser)',
    limit: 120,
    unit: 'req/s',
    source: COGNITO_QUOTAS,
    raise:
      'Service Quotas console > Amazon Cognito user pools > UserRead (paid: provisioned capacity, about USD 20 per request/s a month in us-east-1)',
    seen: `staff routes only (visitors are checked in DynamoDB): 503 "${API_MESSAGES.unavailable}"`,
    calls: (run) => per(run, 'cognito-idp AdminGetUser'),
  },
  {
    name: 'SNS SMS per second without a sender ID (account, transactional)',
    limit: 20,
    unit: 'req/s',
    source: 'https://docs.aws.amazon.com/general/latest/gr/sns.html',
    raise: 'AWS Support case: SNS text messaging, messages per second',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'sns Publish'),
  },
  {
    name: 'SMS message parts per second with a sender ID (smsSenderId; Australia)',
    limit: 10,
    unit: 'MPS',
    source: 'https://docs.aws.amazon.com/sms-voice/latest/userguide/sms-limitations-mps.html',
    raise: 'AWS Support case: End User Messaging SMS, MPS increase for the sender ID',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'sns Publish'),
  },
  {
    name: "SNS SMS monthly spend quota (a new account's; the viral hour's spend)",
    limit: 1,
    unit: 'USD/month',
    source: 'https://docs.aws.amazon.com/sms-voice/latest/userguide/spend-limit.html',
    raise:
      'Support case: SMS spending quota increase, then aws sns set-sms-attributes MonthlySpendLimit (npm run preflight checks both)',
    seen: `"${MESSAGES.otpSendFailed}" (SNS stops sending for the rest of the month)`,
    calls: (run) => per(run, 'sns Publish'),
    need: (_run, calls) => VISITORS_PER_HOUR * calls * SMS_PRICE_USD_DEFAULT,
  },
  {
    name: 'Deployment SMS cap per hour (ours, smsHourlyCap)',
    limit: SMS_GLOBAL_HOURLY_CAP_DEFAULT,
    unit: 'SMS/hour',
    source: 'shared/constants.ts SMS_GLOBAL_HOURLY_CAP_DEFAULT',
    raise: 'ours: npm run deploy -- -c smsHourlyCap=N (a cost guard: raise it knowingly)',
    seen: `"${MESSAGES.otpSendFailed}" (otp/start's 429 SMS_GLOBAL_CAP, before any SMS)`,
    calls: (run) => per(run, 'sns Publish'),
    need: (_run, calls) => VISITORS_PER_HOUR * calls,
    ours: true,
  },
  {
    name: "API Gateway route throttle, one public route (ours; every route has its own: needed counts all of a visitor's API calls as if on one route)",
    limit: ROUTE_THROTTLES.public.rate,
    unit: 'req/s',
    source: 'infra/constructs/api.ts ROUTE_THROTTLES',
    raise: 'ours: ROUTE_THROTTLES, then redeploy',
    seen: `API Gateway's 429 (at the code step: "${MESSAGES.otpSendFailed}")`,
    calls: (run) => run.requestsPerVisitor.api,
    ours: true,
  },
  {
    name: 'API Gateway account throttle (per Region)',
    limit: 10_000,
    unit: 'req/s',
    source: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html',
    raise: 'Service Quotas console > Amazon API Gateway > Throttle rate',
    seen: `API Gateway's 429 (at the code step: "${MESSAGES.otpSendFailed}")`,
    calls: (run) => run.requestsPerVisitor.api,
  },
  {
    name: 'Lambda concurrent executions (account, per Region)',
    limit: 1000,
    unit: 'concurrent',
    source: LAMBDA_QUOTAS,
    raise: 'Service Quotas console > AWS Lambda > Concurrent executions',
    seen: `API Gateway's 5xx for the throttled call; a throttled sign-in trigger: "${MESSAGES.otpSendFailed}"`,
    calls: (run) => per(run, 'lambda Invoke'),
    need: (run, calls) => peakRps(calls) * (run.msPerInvocation / 1000),
  },
  {
    name: "Lambda concurrent executions, a new account's reduced quota (10 assumed; npm run preflight reads yours)",
    limit: 10,
    unit: 'concurrent',
    source: LAMBDA_QUOTAS,
    raise:
      'Service Quotas console > AWS Lambda > Concurrent executions (AWS also raises it with usage)',
    seen: `API Gateway's 5xx for the throttled call; a throttled sign-in trigger: "${MESSAGES.otpSendFailed}"`,
    calls: (run) => per(run, 'lambda Invoke'),
    need: (run, calls) => peakRps(calls) * (run.msPerInvocation / 1000),
  },
  {
    name: 'DynamoDB partition: the SMS hourly counter (one key, transactional writes)',
    limit: 1000,
    unit: 'WCU/s per key',
    source: PARTITION_LIMITS,
    raise: 'not raisable: spread the key (design)',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'sns Publish') * TRANSACTIONAL_WCU,
  },
  {
    name: 'DynamoDB partition: the customers byChange index (GSI key CUSTOMER; a win puts, a redeem moves the sort key: delete + put)',
    limit: 1000,
    unit: 'WCU/s per key',
    source: PARTITION_LIMITS,
    raise:
      'not raisable: spread the key (design); a throttled index write throttles the table write',
    seen: `503 "${API_MESSAGES.spinBusy}" after retries; never a second prize`,
    calls: byChangeWrites,
  },
  {
    name: "DynamoDB partition: one prize's stock (worst case: every win draws the same stocked slice)",
    limit: 1000,
    unit: 'WCU/s per key',
    source: PARTITION_LIMITS,
    raise: 'not raisable: spread the key (design)',
    seen: `503 "${API_MESSAGES.spinBusy}" after retries; never a second prize`,
    calls: () => TRANSACTIONAL_WCU,
  },
  {
    name: 'CloudFront requests per distribution',
    limit: 250_000,
    unit: 'req/s',
    source:
      'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html',
    raise: 'Service Quotas console > Amazon CloudFront',
    seen: 'CloudFront 503 (the page does not load)',
    calls: (run) => run.requestsPerVisitor.static + run.requestsPerVisitor.api,
  },
];

/** One priced line of the viral hour's bill. */
interface Price {
  service: string;
  /** What is paid for, and at what price (USD). */
  what: string;
  usd: (run: CapacityRun) => number;
  source: string;
}

/** Prices in USD, ap-southeast-2 (Sydney) where the service prices by Region; as of the date below. */
const PRICES_AS_OF = 'November 2025';
const PRICE = {
  /** The one SMS price (shared/constants.ts, the deploy's smsPriceUsd default). */
  smsAustralia: SMS_PRICE_USD_DEFAULT,
  /** Cognito user pools, Lite tier, per MAU from 10,001 to 100,000 (the first 10,000 free). */
  cognitoLiteMau: 0.0055,
  cognitoFreeMau: 10_000,
  lambdaPerMillionRequests: 0.2,
  /** Arm (Graviton), first tier. */
  lambdaArmPerGbSecond: 0.0000133334,
  httpApiPerMillion: 1.29,
  dynamoPerMillionWru: 0.7125,
  dynamoPerMillionRru: 0.1425,
  /** HTTPS requests served from Australian edges, per 10,000. */
  cloudFrontPer10kHttps: 0.0125,
  /** Data transfer out to the internet from Australian edges, per GB (first 10 TB). */
  cloudFrontPerGb: 0.114,
  wafPerMillion: 0.6,
};
const hour = (perVisitor: number) => perVisitor * VISITORS_PER_HOUR;
const writeUnits = (run: CapacityRun) =>
  per(
    run,
    'dynamodb PutItem',
    'dynamodb UpdateItem',
    'dynamodb DeleteItem',
    'dynamodb BatchWriteItem',
  ) +
  TRANSACTIONAL_WCU * per(run, 'dynamodb TransactWriteItems (items)') +
  // The customers' two indexes.
  byCreatedWrites(run) +
  byChangeWrites(run);
const readUnits = (run: CapacityRun) =>
  per(run, 'dynamodb GetItem', 'dynamodb Query', 'dynamodb Scan', 'dynamodb BatchGetItem');

const PRICES: Price[] = [
  {
    service: 'SNS SMS to Australia',
    what: `SMS sent x $${PRICE.smsAustralia} per message`,
    usd: (run) => hour(per(run, 'sns Publish')) * PRICE.smsAustralia,
    source: 'https://aws.amazon.com/end-user-messaging/pricing/',
  },
  {
    service: 'Cognito user pool (Lite)',
    what: `${VISITORS_PER_HOUR.toLocaleString('en-AU')} new MAUs, first ${PRICE.cognitoFreeMau.toLocaleString('en-AU')} free, then $${PRICE.cognitoLiteMau} per MAU (the month's bill, if the pool has no other users)`,
    usd: () => Math.max(VISITORS_PER_HOUR - PRICE.cognitoFreeMau, 0) * PRICE.cognitoLiteMau,
    source: 'https://aws.amazon.com/cognito/pricing/',
  },
  {
    service: 'Lambda requests',
    what: `invocations (API handlers and sign-in triggers) x $${PRICE.lambdaPerMillionRequests} per million`,
    usd: (run) => (hour(per(run, 'lambda Invoke')) / 1e6) * PRICE.lambdaPerMillionRequests,
    source: 'https://aws.amazon.com/lambda/pricing/',
  },
  {
    service: 'Lambda duration',
    what: `invocations x measured ms x ${FUNCTION_MEMORY_MB} MB x $${PRICE.lambdaArmPerGbSecond} per GB-s (Arm)`,
    usd: (run) =>
      hour(per(run, 'lambda Invoke')) *
      (run.msPerInvocation / 1000) *
      (FUNCTION_MEMORY_MB / 1024) *
      PRICE.lambdaArmPerGbSecond,
    source: 'https://aws.amazon.com/lambda/pricing/',
  },
  {
    service: 'API Gateway HTTP API',
    what: `API requests x $${PRICE.httpApiPerMillion} per million`,
    usd: (run) => (hour(run.requestsPerVisitor.api) / 1e6) * PRICE.httpApiPerMillion,
    source: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  {
    service: 'DynamoDB on-demand writes',
    what: `write units (counted calls; transaction items x2; the two customers indexes) x $${PRICE.dynamoPerMillionWru} per million`,
    usd: (run) => (hour(writeUnits(run)) / 1e6) * PRICE.dynamoPerMillionWru,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  {
    service: 'DynamoDB on-demand reads',
    what: `read units (counted calls, each as one strongly consistent read) x $${PRICE.dynamoPerMillionRru} per million`,
    usd: (run) => (hour(readUnits(run)) / 1e6) * PRICE.dynamoPerMillionRru,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  {
    service: 'CloudFront requests',
    what: `static and API requests x $${PRICE.cloudFrontPer10kHttps} per 10,000 (HTTPS, Australia)`,
    usd: (run) =>
      (hour(run.requestsPerVisitor.static + run.requestsPerVisitor.api) / 10_000) *
      PRICE.cloudFrontPer10kHttps,
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  {
    service: 'CloudFront transfer',
    what: `bytes served (uncompressed, an upper bound) x $${PRICE.cloudFrontPerGb} per GB (Australia)`,
    usd: (run) => (hour(run.bytesPerVisitor) / 1e9) * PRICE.cloudFrontPerGb,
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  {
    service: 'WAF (on unless -c waf=false)',
    what: `requests x $${PRICE.wafPerMillion} per million (plus $5 a month per web ACL and $1 per rule)`,
    usd: (run) =>
      (hour(run.requestsPerVisitor.static + run.requestsPerVisitor.api) / 1e6) *
      PRICE.wafPerMillion,
    source: 'https://aws.amazon.com/waf/pricing/',
  },
];

const fixed = (n: number, d = 2) => n.toFixed(d);
/** A headroom ratio: two significant digits below 0.1, where two decimals would round it away. */
const times = (ratio: number) => `${ratio < 0.1 ? Number(ratio.toPrecision(2)) : fixed(ratio)}x`;
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'}`;
const usd = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What many shops in one account share (no run measures it: AWS's default quotas, read from each
 * service's quotas page, against what one shop's stack creates, counted from its template).
 */
const SHOPS_PER_ACCOUNT = [
  '## Shops per account',
  '',
  "Each shop is a deployment of its own (`-c shop=<name>`), and many can share one account. What one shop's stacks create, against the account's default quotas (all adjustable in Service Quotas unless said), and what every shop shares:",
  '',
  '| quota (default) | scope | one shop uses | shops before it is reached |',
  '| --- | --- | --- | --- |',
  '| CloudFront response headers policies (20) | account | 1 | **20: the first ceiling** |',
  '| IAM roles (1,000) | account | 36 (one per function, and the SNS logging role) | 27 |',
  '| CloudFront origin access controls (100) | account | 2 | 50 |',
  '| WAF web ACLs, regional (100) | account and region | 2 (one per user pool) | 50 |',
  '| CloudFront Functions (100) | account | 3 | 33 |',
  '| WAF web ACLs, CloudFront scope (100) | account (us-east-1) | 1 | 100 |',
  '| CloudFront distributions (500) | account | 1 | 500 |',
  '| Cognito user pools (1,000) | account and region | 2 | 500 |',
  '| CloudWatch Logs resource policy (5,120 characters) | account and region | 0 (API access logs go to `/aws/vendedlogs/`, which need no entry) | no limit |',
  '| Cognito request rates: sign-ins (UserAuthentication 120/s), AdminCreateUser (50/s), AdminGetUser (120/s) | account and region, all pools | a viral hour needs more than the defaults (the table above) | shared: one viral shop takes them all |',
  "| Lambda concurrency (1,000) | account and region | about 92 at a viral hour's peak | about 10 viral at once |",
  '| API Gateway requests (10,000/s) | account and region | 3,800/s at most (its route throttles) | 2 at their limits at once |',
  "| SMS spend limits and messages per second | account and region | the shop's codes | shared |",
  '',
  '**First ceiling:** CloudFront response headers policies, at 20 shops; raise it (Service Quotas > CloudFront) before the 18th. The IAM roles follow at 27.',
  '',
  '**When to give a shop its own account:** when its promotion may go viral (a viral hour alone needs the Cognito, SMS and Lambda quotas raised, and shares them with every other shop in the account and region); when it needs its own bill or its own access; or past a few dozen shops, where the CloudFront and IAM quotas need raising anyway. Several quiet shops in one account and region are fine.',
  '',
];

/** The quota and cost tables and the first ceiling (docs/capacity.md, between the markers). */
function summary(run: CapacityRun): string[] {
  const rows = QUOTAS.map((q) => {
    const calls = q.calls(run);
    const need = (q.need ?? ((_run, c) => peakRps(c)))(run, calls);
    return { q, calls, need, ratio: need === 0 ? Infinity : q.limit / need };
  });
  const quotaRows = rows.map(
    ({ q, calls, need, ratio }) =>
      `| ${q.name} | ${q.limit.toLocaleString('en-AU')} ${q.unit} | ${fixed(calls)} | ${fixed(need, need < 10 ? 1 : 0)} | ${ratio === Infinity ? 'no use' : times(ratio)} | ${q.seen} | ${q.raise} | ${q.source} |`,
  );
  const byRatio = [...rows].sort((a, b) => a.ratio - b.ratio);
  const firstAws = byRatio.find((r) => !r.q.ours)!;
  const firstOurs = byRatio.find((r) => r.q.ours)!;
  const costs = PRICES.map((p) => ({ p, usd: p.usd(run) }));
  const total = costs
    .filter(({ p }) => !p.service.startsWith('WAF'))
    .reduce((sum, c) => sum + c.usd, 0);
  return [
    `Quotas at a viral hour's peak second (${fixed(peakRps(1), 0)} visitors starting per second; limits are the defaults):`,
    '',
    '| quota | default | per visitor (calls, or write units) | needed at peak | headroom | a visitor then sees | how to raise | source |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...quotaRows,
    '',
    `**First ceiling (AWS):** ${firstAws.q.name}, headroom ${times(firstAws.ratio)}. A visitor then sees ${firstAws.q.seen}. To raise it: ${firstAws.q.raise}.`,
    '',
    `**Our own cost guard:** ${firstOurs.q.name}, headroom ${times(firstOurs.ratio)}: a visitor then sees ${firstOurs.q.seen}. To raise it: ${firstOurs.q.raise}.`,
    '',
    `The viral hour's bill (${VISITORS_PER_HOUR.toLocaleString('en-AU')} visitors; USD, ap-southeast-2, list prices as of ${PRICES_AS_OF}, no free tier except Cognito's; check the pages before quoting):`,
    '',
    '| service | what is paid for | the hour | price page |',
    '| --- | --- | --- | --- |',
    ...costs.map(({ p, usd: cost }) => `| ${p.service} | ${p.what} | ${usd(cost)} | ${p.source} |`),
    `| **total** (without WAF's requests) | | **${usd(total)}** | |`,
    '',
    `The least certain prices are the SMS one (set per destination country and sender type, and changed often; it is ${fixed((100 * costs[0]!.usd) / total, 0)}% of the bill) and the Sydney rates of API Gateway and DynamoDB; none of them changes the order of the bill. Not priced: CloudWatch Logs, S3 (the origin behind CloudFront's cache), Secrets Manager.`,
    '',
  ];
}

function markdown(run: CapacityRun): string {
  const ops = [...new Set([...run.perVisitor.keys(), ...run.perRedeem.keys()])].sort();
  const opRows = ops.map(
    (op) =>
      `| ${op} | ${fixed(run.perVisitor.get(op) ?? 0)} | ${fixed(run.perRedeem.get(op) ?? 0)} |`,
  );
  return [
    '# Capacity: a viral hour',
    '',
    'Generated by `npm run bench:capacity` (bench/capacity.ts) from one run of a simulated crowd on',
    'the local stack; do not edit by hand. These figures live here only (the README links here);',
    '`test/lint/capacity-figures.test.ts` keeps it so.',
    '',
    `- Crowd: ${run.visitors} visitors, half verify-first and half spin-first, every ${ordinal(WRONG_CODE_EVERY)} typing a wrong code once, every ${ordinal(RELOAD_EVERY)} reloading after winning; every ${ordinal(REDEEM_EVERY)} winner redeemed at the counter (a search and a redeem).`,
    `- A viral hour: ${VISITORS_PER_HOUR.toLocaleString('en-AU')} visitors, the peak second ${PEAK_OVER_AVERAGE} times the average (${fixed(peakRps(1), 0)} visitors starting per second at the peak).`,
    `- HTTP per visitor: ${fixed(run.requestsPerVisitor.static)} static, ${fixed(run.requestsPerVisitor.api)} API, ${fixed(run.requestsPerVisitor.cognito)} Cognito (the browser's own sign-in calls); ${fixed(run.bytesPerVisitor / 1024, 0)} KB served by the site (uncompressed).`,
    `- Lambda: ${fixed(per(run, 'lambda Invoke'))} invocations per visitor (API handlers and sign-in triggers), ${fixed(run.msPerInvocation, 1)} ms each on average, measured in the run on the local stack (DynamoDB Local and the Cognito stand-in over loopback; on AWS each call is a regional round trip, so treat the concurrency figure as an order of magnitude).`,
    `- Customers: the largest item stored was ${run.customerItemBytes} bytes (DynamoDB's item size), so ${wcu(run.customerItemBytes)} write unit per item write; per visitor the byCreatedAt index takes ${fixed(byCreatedWrites(run))} writes and byChange ${fixed(byChangeWrites(run))} (a redeem moves its sort key: a delete and a put).`,
    '- "lambda Invoke" and "TransactWriteItems (items)" below are counted by the local stack for the bill; the others are the calls our code makes.',
    '',
    '## AWS calls per visitor, by operation',
    '',
    '| operation | per visitor | per redeem at the counter |',
    '| --- | --- | --- |',
    ...opRows,
    '',
    '## Quotas and cost',
    '',
    CAPACITY_MARKERS.start,
    '',
    ...summary(run),
    CAPACITY_MARKERS.end,
    '',
    ...SHOPS_PER_ACCOUNT,
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
  const lambda = QUOTAS.find((q) => q.name.startsWith('Lambda concurrent executions'))!;
  const needs = {
    generatedBy: 'npm run bench:capacity (bench/capacity.ts), with docs/capacity.md; do not edit',
    visitorsPerHour: VISITORS_PER_HOUR,
    smsPerVisitor: Number(fixed(per(run, 'sns Publish'))),
    lambdaConcurrencyAtPeak: Number(fixed(lambda.need!(run, lambda.calls(run)), 1)),
  };
  writeFileSync(NEEDS_FILE, await format(JSON.stringify(needs), { parser: 'json' }));
  console.error(`[capacity] preflight figures written to ${NEEDS_FILE}`);
}
