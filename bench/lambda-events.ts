/**
 * The events the Lambda bench times: for each route, a call a real user makes and that succeeds,
 * as API Gateway hands it to the function. Staff calls carry the token fields of the seeded admin's own
 * ID token and visitor calls those of a number verified by SMS code through the stack; bodies are
 * the ones the web app sends, with a solved proof of work where the route asks for one, and path
 * parameters name what exists (a seeded slice, a trusted connection). What a call needs (a winner
 * to redeem, a slice to delete) is made through the stack's HTTP API before the call, untimed.
 *
 * Each run gets its own event: a number spins once and a prize is redeemed once, so calls that
 * change something are given something fresh each time.
 */
import { decodeJwt } from 'jose';
import type { RunningStack } from '../local/stack';
import { authorizerFields } from '../local/api-gateway';
import {
  CUSTOMERS_LIST_PARTITION,
  ORIGIN_SECRET_HEADER,
  VIEWER_ADDRESS_HEADER,
} from '@shared/definitions';
import { ROUTES, routePath, type PathParameter, type RouteId } from '@shared/routes';
import { businessSettingsInputSchema, gameSettingsInputSchema } from '@shared/settings';
import { sliceUpdateSchema } from '@shared/slice';
import type { SpinMode, TrustedConnections } from '@shared/types';
import { solvedOtpChallenge } from '../test/support/stack-sign-in';
import { createHash, randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { visitorIdToken } from './stack-client';

/** Where an event goes and what its function must answer for the call to count. */
export interface BenchCall {
  event: unknown;
  /** The route's success status, or 'ok' for a trigger (it returns the event). */
  expect: string;
}

/** Success statuses other than 200. */
const SUCCESS_STATUS: Partial<Record<RouteId, number>> = {
  'start-otp': 202,
  'create-slice': 201,
  'upload-logo': 201,
};

/** The smallest GIF (1 x 1), an image the logo rules accept. */
const LOGO_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The bench's own numbers: start-otp's +6149..., fixtures' 045... (run.ts uses 047 and 048). */
const startOtpPhone = (run: number): string => `+6149${String(run).padStart(7, '0')}`;
const FIXTURE_PHONE_BASE = 450_000_000;
/** Where the stack (CloudFront) sees the bench's requests from. */
const VIEWER = '127.0.0.1';

interface EventParts {
  token?: string;
  body?: unknown;
  rawBody?: Buffer;
  headers?: Record<string, string>;
  pathParameters?: Partial<Record<PathParameter, string>>;
}

/** An API Gateway HTTP API (payload 2.0) event for a route, as the local API builds it. */
/** The running local stack's origin secret (benchEvents sets it). */
let originSecret = '';

function httpEvent(id: RouteId, run: number, parts: EventParts = {}): unknown {
  const route = ROUTES.find((r) => r.id === id)!;
  const path = routePath(route.path, parts.pathParameters);
  const fields = parts.token ? authorizerFields(decodeJwt(parts.token)) : undefined;
  const body = parts.rawBody
    ? parts.rawBody.toString('base64')
    : parts.body === undefined
      ? undefined
      : JSON.stringify(parts.body);
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: path,
    rawQueryString: '',
    // As CloudFront forwards it (lib/http.ts refuses anything else): the origin secret of the
    // running local stack and the viewer address.
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': VIEWER,
      [ORIGIN_SECRET_HEADER]: originSecret,
      [VIEWER_ADDRESS_HEADER]: VIEWER,
      ...parts.headers,
    },
    requestContext: {
      http: { method: route.method, path, sourceIp: VIEWER },
      requestId: `bench-${run}`,
      ...(fields ? { authorizer: { jwt: { claims: fields, scopes: null } } } : {}),
    },
    pathParameters: route.path.includes('{') ? parts.pathParameters : undefined,
    body,
    isBase64Encoded: parts.rawBody !== undefined,
  };
}

/** Only the fields a schema takes, as the admin's form sends back what it loaded. */
const fieldsOf = (shape: object, data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([k, v]) => k in shape && v !== null));

/**
 * The events of every function against `stack`, `staffToken` being the seeded admin's ID token.
 * Functions with no event (none here) are left to the caller.
 */
/** The ticket holder a preview names (any browser's: the bench never exchanges its tickets). */
const TICKET_HOLDER = createHash('sha256').update(randomBytes(32)).digest('hex');

export function benchEvents(
  stack: RunningStack,
  staffToken: string,
): (name: string, run: number) => Promise<BenchCall> {
  originSecret = stack.originSecret;
  let nextPhone = FIXTURE_PHONE_BASE;
  const api = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<unknown> => {
    const response = await fetch(new URL(path, stack.url), {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`bench set-up: ${method} ${path} ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  };
  /** A number verified by SMS code through the stack (a new visitor). */
  const visitor = async () => {
    const phone = `0${nextPhone++}`;
    return { phone, token: await visitorIdToken(stack, phone) };
  };
  /** A customer who has spun (every seeded prize is a win): someone to search, redeem or erase. */
  let regular: Promise<{ phone: string; token: string }> | undefined;
  const aWinner = () => (regular ??= winner());
  const slices = async () =>
    (await api('GET', '/api/slices', { token: staffToken })) as (Record<string, unknown> & {
      id: string;
    })[];
  const seededSlices = slices().then((all) => new Set(all.map((s) => s.id)));
  const solvedSpinChallenge = async () => {
    const challenge = (await api('GET', '/api/spins/challenge')) as Challenge;
    return { challenge, solution: await solveChallenge({ challenge, deriveKey }) };
  };
  const admin = { token: staffToken };
  /** A customer who has spun (every seeded prize is a win): someone to search, redeem or erase. */
  const winner = async () => {
    await spinMode('verify-first');
    const v = await visitor();
    await api('POST', '/api/spins', { token: v.token, body: {} });
    return v;
  };
  /** The admin's choice of spin mode: preview is offered in spin-first only, a plain spin in both. */
  const spinMode = async (mode: SpinMode) => {
    const game = (await api('GET', '/api/settings/game')) as Record<string, unknown>;
    if (game.spinMode === mode) return;
    await api('PUT', '/api/settings/game', {
      ...admin,
      body: { ...fieldsOf(gameSettingsInputSchema.shape, game), spinMode: mode },
    });
  };

  const routeEvent = async (id: RouteId, run: number): Promise<unknown> => {
    const event = (parts?: EventParts) => httpEvent(id, run, parts);
    switch (id) {
      case 'get-wheel':
      case 'otp-challenge':
      case 'spin-challenge':
      case 'get-business-settings':
      case 'get-game-settings':
        return event();
      case 'start-otp': {
        const phone = startOtpPhone(run);
        return event({
          body: { phoneNumber: `0${phone.slice(3)}`, altcha: await solvedOtpChallenge(stack.url) },
        });
      }
      case 'has-reward': {
        // users/exists takes otp/start's proof of work too (shared/phone.ts).
        const { phone } = await aWinner();
        return event({ body: { phoneNumber: phone, altcha: await solvedOtpChallenge(stack.url) } });
      }
      case 'preview-spin':
        await spinMode('spin-first');
        // A browser's ticket holder: the SHA-256 of the secret it keeps beside the ticket.
        return event({ body: { altcha: await solvedSpinChallenge(), holder: TICKET_HOLDER } });
      case 'create-spin':
        await spinMode('verify-first');
        return event({ token: (await visitor()).token, body: {} });
      case 'get-my-spin':
      case 'issue-prize-reference':
        return event({ token: (await aWinner()).token });
      case 'scan-prize':
      case 'redeem-scanned': {
        const from = id === 'scan-prize' ? await aWinner() : await winner();
        const issued = (await api('POST', '/api/spins/mine/reference', { token: from.token })) as {
          reference: string;
        };
        return event({ ...admin, body: { reference: issued.reference } });
      }
      case 'search-users':
        return event({ ...admin, body: { phoneNumber: (await aWinner()).phone } });
      case 'redeem-user':
      case 'erase-customer':
        return event({ ...admin, body: { phoneNumber: (await winner()).phone } });
      case 'list-users':
      case 'list-user-changes':
      case 'get-staff-me':
      case 'list-slices':
      case 'get-insights':
      case 'export-customers':
      case 'list-trusted':
      case 'get-setup':
      case 'record-printed':
        return event(admin);
      case 'create-slice':
        return event({ ...admin, body: { name: `Bench prize ${run}` } });
      case 'update-slice': {
        const [slice] = await slices();
        if (!slice) throw new Error('bench set-up: the stack has no slice');
        const body = {
          ...fieldsOf(sliceUpdateSchema.shape, slice),
          comment: `Edited by the bench, run ${run}`,
          expectedUpdatedAt: slice.updatedAt,
          expectedStock: slice.stock ?? null,
        };
        return event({ ...admin, pathParameters: { id: slice.id }, body });
      }
      case 'delete-slice': {
        // The one the admin added (create-slice's), else one added now.
        const seeded = await seededSlices;
        const added = (await slices()).find((s) => !seeded.has(s.id));
        const slice =
          added ??
          ((await api('POST', '/api/slices', { ...admin, body: { name: 'Bench prize' } })) as {
            id: string;
          });
        return event({ ...admin, pathParameters: { id: slice.id } });
      }
      case 'put-business-settings': {
        const data = (await api('GET', '/api/settings/business')) as Record<string, unknown>;
        return event({ ...admin, body: fieldsOf(businessSettingsInputSchema.shape, data) });
      }
      case 'put-game-settings': {
        const data = (await api('GET', '/api/settings/game')) as Record<string, unknown>;
        return event({ ...admin, body: fieldsOf(gameSettingsInputSchema.shape, data) });
      }
      case 'upload-logo':
        return event({
          ...admin,
          rawBody: LOGO_GIF,
          headers: { 'content-type': 'image/gif', 'x-file-name': 'logo.gif' },
        });
      case 'staff-sign-in':
        // The admin's first password (the bench changes only the operator's).
        return event({ body: { username: 'admin', password: stack.passwords.admin ?? '' } });
      case 'set-staff-password':
        return event({
          ...admin,
          pathParameters: { role: 'operator' },
          body: { password: `Bench-operator-${run}-password` },
        });
      case 'trust-connection':
        return event({ ...admin, body: {} });
      case 'untrust-connection': {
        const { data } = (await api('POST', '/api/trusted-connections', {
          ...admin,
          body: {},
        })) as { data: TrustedConnections };
        const current = data.trusted.find((c) => c.address === data.current.address);
        if (!current) throw new Error('bench set-up: the connection was not trusted');
        return event({ ...admin, pathParameters: { id: current.id } });
      }
    }
  };

  return async (name, run) => {
    const route = ROUTES.find((r) => r.id === name);
    if (route) {
      return {
        event: await routeEvent(route.id, run),
        expect: String(SUCCESS_STATUS[route.id] ?? 200),
      };
    }
    // EventBridge Scheduler invokes the clean-up with no input of its own (infra/stack.ts): it
    // lists the visitor pool's users and deletes those that never verified within a day.
    if (name === 'unverified-cleanup') return { event: {}, expect: 'ok' };
    if (name === 'stats-stream') return { event: winRecorded(run), expect: 'ok' };
    return { event: triggerEvent(name, startOtpPhone(run)), expect: 'ok' };
  };
}

/**
 * The customers table's stream delivering one win, as DynamoDB Streams hands it to the insights'
 * consumer (NEW_AND_OLD_IMAGES): a new record per run, so each run counts a win of its own.
 */
function winRecorded(run: number): unknown {
  const phone = `+6146${String(run).padStart(7, '0')}`;
  const createdAt = new Date().toISOString();
  return {
    Records: [
      {
        eventID: `bench-win-${run}-${randomBytes(6).toString('hex')}`,
        eventName: 'INSERT',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: process.env.AWS_REGION,
        dynamodb: {
          Keys: { phoneNumber: { S: phone } },
          NewImage: {
            phoneNumber: { S: phone },
            listPartition: { S: CUSTOMERS_LIST_PARTITION },
            localNumber: { S: `0${phone.slice(3)}` },
            offer: { S: 'Bench prize' },
            sliceId: { S: 'bench-slice' },
            isOfferClaimed: { BOOL: false },
            createdAt: { S: createdAt },
          },
          StreamViewType: 'NEW_AND_OLD_IMAGES',
          SequenceNumber: String(run + 1),
          SizeBytes: 200,
        },
      },
    ],
  };
}

/** A Cognito trigger's event for the visitor pool. */
function triggerEvent(name: string, phone: string): unknown {
  const common = {
    version: '1',
    region: process.env.AWS_REGION,
    userPoolId: process.env.VISITOR_USER_POOL_ID,
    userName: phone,
    callerContext: { awsSdkVersion: 'bench', clientId: 'bench' },
    request: {
      userAttributes: { phone_number: phone, sub: 'bench' },
      session: [],
      privateChallengeParameters: { answer: '000000' },
      challengeAnswer: '123456',
    },
    response: {},
  };
  const source: Record<string, string> = {
    'define-auth-challenge': 'DefineAuthChallenge_Authentication',
    'create-auth-challenge': 'CreateAuthChallenge_Authentication',
    'verify-auth-challenge': 'VerifyAuthChallengeResponse_Authentication',
  };
  if (!source[name]) throw new Error(`no bench event for ${name}`);
  return { ...common, triggerSource: source[name] };
}
