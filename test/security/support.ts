/**
 * The security suite's harness: the real Cognito stand-in (real triggers, a state file), an SMS
 * outbox, and the HTTP API emulation over the real handlers and this file's tables
 * (test/setup/env.ts). Tokens are real: visitors sign in by CUSTOM_AUTH with the outbox code, staff
 * by ADMIN_USER_PASSWORD_AUTH. `snapshot()` captures everything a request could change.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { SIGN_IN_KEY_METADATA, TABLES, tableEnvName } from '@shared/definitions';
import {
  createApiGateway,
  type ApiGateway,
  type ApiResponse,
  poolAuthorizers,
} from '../../local/api-gateway';
import { CLOUDFRONT_EDGE_ADDRESS, forwardedByCloudFront } from '../../local/cloudfront';
import { startCognitoStandIn, type RunningCognitoStandIn } from '../support/cognito-stand-in';
import { TEST_ORIGIN_SECRET } from '../support/http-event';
import { LOCAL_AWS_ENV } from '../../local/dynamodb';
import type { StaffRole } from '@shared/types';
import { freshStateFile } from '../local/cognito-support';
import { startOutbox, type Outbox } from '../lambdas/visitor/support';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SUMMARY_DIR = join(ROOT, 'test-results', 'security');

export const STAFF_PASSWORDS: Readonly<Record<StaffRole, string>> = {
  admin: 'admin-password-1',
  operator: 'operator-password-1',
};

export interface SendOptions {
  method: string;
  url: string;
  body?: Buffer | string | Record<string, unknown> | unknown[];
  token?: string;
  headers?: Record<string, string>;
  /** The client's address as CloudFront sees it (default: one fixed test address). */
  from?: string;
}

/**
 * The secret a previewing browser keeps beside its spin-first tickets, and the SHA-256 (hex) its
 * previews name as the holder (shared/spin.ts).
 */
export const TICKET_SECRET = 'S'.repeat(43);
export const TICKET_HOLDER = createHash('sha256').update(TICKET_SECRET).digest('hex');

/** The address requests come from unless they say otherwise. */
export const DEFAULT_CLIENT = '203.0.113.7';

/** A client address of its own for visitor n (198.18.0.0/15, the benchmarking range). */
export const clientAddress = (n: number): string =>
  `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

export interface Sent {
  status: number;
  headers: ApiResponse['headers'];
  text: string;
  json: unknown;
}

export interface Harness {
  cognito: RunningCognitoStandIn;
  outbox: Outbox;
  api: ApiGateway;
  /** Moves the stand-in's clock (ms), e.g. to mint expired tokens or expire auth sessions. */
  setClockOffset(ms: number): void;
  send(options: SendOptions): Promise<Sent>;
  /** A challenge from GET /api/otp/challenge, solved as the browser solves it. */
  otpAltcha(from?: string): Promise<{ challenge: Challenge; solution: unknown }>;
  /** POST /api/otp/start for a local number with a freshly solved challenge, as the page sends it. */
  startOtp(localNumber: string, from?: string): Promise<Sent>;
  /** A visitor ID token for a local number (04...), through POST /api/otp/start and CUSTOM_AUTH. */
  visitorToken(localNumber: string): Promise<string>;
  /** The ID and access tokens of a staff user. */
  staffTokens(
    username: string,
    password: string,
  ): Promise<{ idToken: string; accessToken: string }>;
  /** Creates a staff user with a password in one group. */
  createStaffUser(username: string, password: string, group: StaffRole): Promise<void>;
  /** Every table (scanned, sorted), the logo bucket listing and the stand-in's users, as JSON. */
  snapshot(): Promise<string>;
  stop(): Promise<void>;
}

const toLocalIntl = (local: string) => `+61${local.slice(1)}`;

/** Starts the stand-in, the outbox and the gateway; sets the env the handlers read. */
export async function startHarness(): Promise<Harness> {
  let offset = 0;
  const stateFile = await freshStateFile();
  const outbox = await startOutbox();
  const cognito = await startCognitoStandIn({
    dataFile: stateFile,
    now: () => Date.now() + offset,
  });
  Object.assign(process.env, {
    SNS_ENDPOINT: outbox.url,
    COGNITO_ENDPOINT: cognito.endpoint,
    VISITOR_USER_POOL_ID: cognito.pools.visitor.poolId,
    STAFF_USER_POOL_ID: cognito.pools.staff.poolId,
    STAFF_CLIENT_ID: cognito.pools.staff.clientId,
  });
  const api = createApiGateway({
    authorizers: poolAuthorizers(cognito),
    log: () => undefined,
  });
  const dynamo = new DynamoDBClient({
    endpoint: process.env.DYNAMODB_ENDPOINT,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: {
      accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
      secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
    },
  });
  const s3 = new S3Client({
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: true,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: {
      accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
      secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
    },
  });

  async function send(options: SendOptions): Promise<Sent> {
    const body =
      options.body === undefined
        ? Buffer.alloc(0)
        : Buffer.isBuffer(options.body)
          ? options.body
          : Buffer.from(
              typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
            );
    const answer = await api.invoke({
      method: options.method,
      url: options.url,
      // Through CloudFront: what the viewer sent, minus what only CloudFront may set.
      headers: forwardedByCloudFront(
        {
          host: '127.0.0.1',
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        options.from ?? DEFAULT_CLIENT,
        TEST_ORIGIN_SECRET,
      ),
      body,
      sourceIp: CLOUDFRONT_EDGE_ADDRESS,
      host: '127.0.0.1',
    });
    const text = answer.body.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: answer.status, headers: answer.headers, text, json };
  }

  async function otpAltcha(from?: string) {
    const issued = await send({
      method: 'GET',
      url: '/api/otp/challenge',
      ...(from ? { from } : {}),
    });
    if (issued.status !== 200) throw new Error(`otp/challenge answered ${issued.text}`);
    const challenge = issued.json as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('the otp challenge was not solved');
    return { challenge, solution };
  }

  const startOtp = async (localNumber: string, from?: string) =>
    send({
      method: 'POST',
      url: '/api/otp/start',
      body: { phoneNumber: localNumber, altcha: await otpAltcha(from) },
      ...(from ? { from } : {}),
    });

  const respond = (challenge: Record<string, unknown>, answer: string, signInKey: string) =>
    cognito.call('RespondToAuthChallenge', {
      ClientId: cognito.pools.visitor.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: challenge.Session,
      ChallengeResponses: {
        USERNAME: (challenge.ChallengeParameters as Record<string, string>).USERNAME,
        ANSWER: answer,
      },
      ClientMetadata: { [SIGN_IN_KEY_METADATA]: signInKey },
    });

  return {
    cognito,
    outbox,
    api,
    setClockOffset: (ms) => {
      offset = ms;
    },
    send,
    otpAltcha,
    startOtp,
    async visitorToken(localNumber) {
      // Each visitor is a client of its own, as real visitors are.
      const started = await startOtp(localNumber, clientAddress(Number(localNumber.slice(-6))));
      if (started.status !== 202) throw new Error(`otp/start answered ${started.text}`);
      const intl = toLocalIntl(localNumber);
      const challenge = await cognito.call('InitiateAuth', {
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: cognito.pools.visitor.clientId,
        AuthParameters: { USERNAME: intl },
      });
      const code = outbox.latestCode(intl);
      if (!code) throw new Error('no code in the outbox');
      const done = await respond(challenge, code, signInKeyOf(started));
      return (done.AuthenticationResult as { IdToken: string }).IdToken;
    },
    async staffTokens(username, password) {
      // As the API signs staff in (a test's own sign-ins spend no address's budget).
      const done = await cognito.call('AdminInitiateAuth', {
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        UserPoolId: cognito.pools.staff.poolId,
        ClientId: cognito.pools.staff.clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
      const result = done.AuthenticationResult as { IdToken: string; AccessToken: string };
      return { idToken: result.IdToken, accessToken: result.AccessToken };
    },
    async createStaffUser(username, password, group) {
      const UserPoolId = cognito.pools.staff.poolId;
      await cognito.call('AdminCreateUser', {
        UserPoolId,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: `${username}@example.com` }],
      });
      await cognito.call('AdminSetUserPassword', {
        UserPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      });
      await cognito.call('AdminAddUserToGroup', {
        UserPoolId,
        Username: username,
        GroupName: group,
      });
    },
    async snapshot() {
      const tables: Record<string, unknown[]> = {};
      for (const def of TABLES) {
        const items: string[] = [];
        let start: Record<string, never> | undefined;
        do {
          const page = await dynamo.send(
            new ScanCommand({
              TableName: process.env[tableEnvName(def.name)],
              ConsistentRead: true,
              ExclusiveStartKey: start,
            }),
          );
          items.push(
            ...(page.Items ?? [])
              // GET /api/wheel counts visitors (the insights' visits, items of their own: a
              // device's first load of the business day): a count, not data a request may leave
              // unchanged.
              .filter((item) => !(def.name === 'stats' && /#v\d+$/.test(item.id?.S ?? '')))
              // ...and marks each client's first load of the day (a keyed hash, nothing readable).
              .filter((item) => !(def.name === 'limits' && /^visit#/.test(item.key?.S ?? '')))
              .map((item) => stableJson(item)),
          );
          start = page.LastEvaluatedKey as Record<string, never> | undefined;
        } while (start);
        tables[def.name] = items.sort();
      }
      const listing = await s3.send(new ListObjectsV2Command({ Bucket: process.env.LOGO_BUCKET }));
      const objects = (listing.Contents ?? []).map((o) => `${o.Key} ${o.Size} ${o.ETag}`).sort();
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
        pools: Record<string, { users: Record<string, unknown> }>;
      };
      const users = Object.fromEntries(
        Object.entries(state.pools).map(([kind, pool]) => [kind, pool.users]),
      );
      return stableJson({ tables, objects, users });
    },
    async stop() {
      dynamo.destroy();
      s3.destroy();
      await cognito.stop();
      await outbox.close();
    },
  };
}

/** JSON with object keys sorted at every level, so equal data gives equal text. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/** The same fields under the same kid, signed by a key the pool never had. */
export async function forge(token: string): Promise<string> {
  const { kid } = decodeProtectedHeader(token);
  return new SignJWT(decodeJwt(token))
    .setProtectedHeader({ alg: 'RS256', kid: kid ?? '' })
    .sign(foreignKey);
}

/** True when a body is the API's error shape with a non-empty message and no stack trace. */
export function isCleanError(json: unknown, text: string): boolean {
  if (!json || typeof json !== 'object') return false;
  const { code, message } = json as { code?: unknown; message?: unknown };
  return (
    typeof code === 'string' &&
    code !== '' &&
    typeof message === 'string' &&
    message.trim() !== '' &&
    !hasStackMarkers(text)
  );
}

/** API Gateway's own answers (400, 401, 404, 413) carry {message} only, as in AWS. */
export function isGatewayAnswer(json: unknown): boolean {
  if (!json || typeof json !== 'object') return false;
  const keys = Object.keys(json);
  return keys.length === 1 && keys[0] === 'message';
}

export const hasStackMarkers = (text: string): boolean =>
  /\bat [\w.<>]+ \(|\.ts:\d|Error:|node_modules|\/work\//.test(text);

/** Counts of one area for the `npm test` summary (test-results/security/<area>.json). */
export function writeSummary(
  area: string,
  counts: { label: string; count: number; dataChanges: number; detail?: string },
): void {
  mkdirSync(SUMMARY_DIR, { recursive: true });
  writeFileSync(join(SUMMARY_DIR, `${area}.json`), JSON.stringify({ area, ...counts }, null, 2));
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** An answer of the Cognito stand-in, as its JSON API returns it. */
export type CognitoAnswer = Record<string, unknown>;

/** +61 form of a local number (0412345678 -> +61412345678). */
export const intlOf = (local: string): string => `+61${local.slice(1)}`;

/** Starts a visitor sign-in straight at Cognito's public client (CUSTOM_AUTH), as an attacker can. */
export const initiateVisitorAuth = (harness: Harness, username: string): Promise<CognitoAnswer> =>
  harness.cognito.call('InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: harness.cognito.pools.visitor.clientId,
    AuthParameters: { USERNAME: username },
  });

/** The sign-in key of an otp/start answer (202 {signInKey}); '' for any other answer. */
export const signInKeyOf = (started: Sent): string =>
  (started.json as { signInKey?: string } | undefined)?.signInKey ?? '';

/**
 * Answers a visitor's custom challenge straight at Cognito, with the sign-in key of an otp/start
 * as the page sends it (none: an attacker who never called otp/start).
 */
export const answerVisitorChallenge = (
  harness: Harness,
  challenge: CognitoAnswer,
  answer: string,
  signInKey?: string,
): Promise<CognitoAnswer> =>
  harness.cognito.call('RespondToAuthChallenge', {
    ClientId: harness.cognito.pools.visitor.clientId,
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: challenge.Session,
    ChallengeResponses: {
      USERNAME: (challenge.ChallengeParameters as Record<string, string>).USERNAME,
      ANSWER: answer,
    },
    ...(signInKey === undefined ? {} : { ClientMetadata: { [SIGN_IN_KEY_METADATA]: signInKey } }),
  });

/** The attacks a suite tried and how many got through (its summary line's figures). */
export class AttackTally {
  attacks = 0;
  breaches = 0;
  /** Counts one attack; a breach when it was not stopped. */
  attack(stopped: boolean): void {
    this.attacks++;
    if (!stopped) this.breaches++;
  }
}

/** What one security file keeps of its attacks for `npm test`'s summary. */
export interface SecurityArea {
  tally: AttackTally;
  /** Before -> after figures, joined into the summary line's detail. */
  figures: string[];
}

/**
 * One security file's frame: before its tests, a harness of its own with the staff users it names
 * (each with its STAFF_PASSWORDS password), handed to `started`; after them, its summary line
 * (attacks tried, data changes found, its figures) and the harness stopped. The file's own hooks,
 * registered after this, run after its start and before its end.
 */
export function securityArea(
  area: string,
  staff: readonly StaffRole[],
  started: (harness: Harness) => void,
): SecurityArea {
  const frame: SecurityArea = { tally: new AttackTally(), figures: [] };
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
    for (const role of staff) await harness.createStaffUser(role, STAFF_PASSWORDS[role], role);
    started(harness);
  }, 60_000);
  afterAll(async () => {
    writeSummary(area, {
      label: 'attacks tried',
      count: frame.tally.attacks,
      dataChanges: frame.tally.breaches,
      ...(frame.figures.length > 0 ? { detail: frame.figures.join('; ') } : {}),
    });
    await harness?.stop();
  });
  return frame;
}
