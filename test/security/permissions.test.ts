/**
 * The permission matrix: every route of shared/routes.ts against eight callers, through the HTTP
 * API emulation's JWT authorizer and the real handlers, with real tokens from the Cognito stand-in.
 * Each cell checks the status the route's `auth` implies and that no data changed. Each route's
 * probe is a request the handler refuses after the permission checks (or a harmless read), so an
 * allowed caller is told apart from a refused one by the status alone.
 */
import { SIGN_IN_KEY_METADATA } from '@shared/definitions';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routePath, type RouteAuth, type RouteId } from '@shared/routes';
import { deleteVisitorRecord } from '../../lambdas/repositories/visitor-users';
import {
  forge,
  signInKeyOf,
  startHarness,
  STAFF_PASSWORDS,
  writeSummary,
  type Harness,
} from './support';

const CALLERS = [
  'anonymous',
  'visitor',
  'operator',
  'admin',
  'other pool',
  'forged signature',
  'expired token',
  'deleted user',
] as const;
type Caller = (typeof CALLERS)[number];

interface Probe {
  params?: Record<string, string>;
  body?: Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
  /** What a caller who passes every permission check gets. */
  allowed: number;
}

const OK = 200;
const BAD_REQUEST = 400;
const NOT_FOUND = 404;
const UNSUPPORTED = 415;
const UNAUTHORIZED = 401;
const FORBIDDEN = 403;
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

/** One row per route: a route added to the table without a row here does not typecheck. */
const PROBES: Record<RouteId, Probe> = {
  'get-wheel': { allowed: OK },
  'start-otp': { body: {}, allowed: BAD_REQUEST },
  'has-reward': { body: {}, allowed: BAD_REQUEST },
  'staff-sign-in': { body: {}, allowed: BAD_REQUEST },
  'spin-challenge': { allowed: OK },
  'otp-challenge': { allowed: OK },
  'preview-spin': { body: { probe: 1 }, allowed: BAD_REQUEST },
  'create-spin': { body: { probe: 1 }, allowed: BAD_REQUEST },
  'get-my-spin': { allowed: NOT_FOUND },
  'issue-prize-reference': { allowed: NOT_FOUND },
  'scan-prize': { body: {}, allowed: BAD_REQUEST },
  'redeem-scanned': { body: {}, allowed: BAD_REQUEST },
  'search-users': { body: {}, allowed: BAD_REQUEST },
  'list-users': { allowed: OK },
  'list-user-changes': { allowed: OK },
  'get-insights': { allowed: OK },
  'export-customers': { allowed: OK },
  'erase-customer': { body: {}, allowed: BAD_REQUEST },
  'redeem-user': { body: {}, allowed: BAD_REQUEST },
  'get-staff-me': { allowed: OK },
  'get-business-settings': { allowed: OK },
  'put-business-settings': { body: { probe: 1 }, allowed: BAD_REQUEST },
  'get-game-settings': { allowed: OK },
  'put-game-settings': { body: { probe: 1 }, allowed: BAD_REQUEST },
  'list-slices': { allowed: OK },
  'create-slice': { body: {}, allowed: BAD_REQUEST },
  'update-slice': { params: { id: randomUUID() }, body: { probe: 1 }, allowed: BAD_REQUEST },
  'delete-slice': { params: { id: randomUUID() }, allowed: NOT_FOUND },
  'upload-logo': {
    body: Buffer.from('<svg onload="alert(1)"/>'),
    headers: { 'content-type': 'image/png' },
    allowed: UNSUPPORTED,
  },
  'set-staff-password': {
    params: { role: 'operator' },
    body: { password: 'x' },
    allowed: BAD_REQUEST,
  },
  'get-setup': { allowed: OK },
  'record-printed': { body: { probe: 1 }, allowed: BAD_REQUEST },
  'list-trusted': { allowed: OK },
  'trust-connection': { body: { address: '203.0.113.9' }, allowed: BAD_REQUEST },
  'untrust-connection': { params: { id: 'bm90LXRydXN0ZWQ' }, allowed: NOT_FOUND },
};

/** The status a caller must get on a route of this kind. */
function expectedStatus(auth: RouteAuth, caller: Caller, allowed: number): number {
  if (auth === 'public') return allowed;
  if (auth === 'visitor') return caller === 'visitor' ? allowed : UNAUTHORIZED;
  if (caller === 'admin') return allowed;
  if (caller === 'operator') return auth === 'staff' ? allowed : FORBIDDEN;
  return UNAUTHORIZED;
}

let harness: Harness;
const tokens = {} as Record<'visitor' | 'staff', Record<Caller, string | undefined>>;
let cellsChecked = 0;
let dataChanges = 0;

beforeAll(async () => {
  harness = await startHarness();
  await harness.createStaffUser('admin', STAFF_PASSWORDS.admin, 'admin');
  await harness.createStaffUser('operator', STAFF_PASSWORDS.operator, 'operator');
  await harness.createStaffUser('leaver', 'leaver-password', 'admin');

  const visitor = await harness.visitorToken('0400000001');
  const admin = await harness.staffTokens('admin', STAFF_PASSWORDS.admin);
  const operator = await harness.staffTokens('operator', STAFF_PASSWORDS.operator);

  // Expired: minted by the pools' own keys two hours ago.
  harness.setClockOffset(-TWO_HOURS_MS);
  const expiredVisitor = await harness.visitorToken('0400000002');
  const expiredStaff = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
  harness.setClockOffset(0);

  // Deleted: signed in, then the user is deleted while the token is still unexpired (a visitor
  // user's record first, as every deletion of a visitor user must: repositories/visitor-users.ts).
  const leaverVisitor = await harness.visitorToken('0400000003');
  const leaverStaff = (await harness.staffTokens('leaver', 'leaver-password')).idToken;
  await deleteVisitorRecord('+61400000003');
  await harness.cognito.call('AdminDeleteUser', {
    UserPoolId: harness.cognito.pools.visitor.poolId,
    Username: decodeJwt(leaverVisitor)['cognito:username'],
  });
  await harness.cognito.call('AdminDeleteUser', {
    UserPoolId: harness.cognito.pools.staff.poolId,
    Username: 'leaver',
  });

  // A visitor's access token: a real token of the visitor pool that is not an ID token.
  const visitorAccessToken = await signInVisitorAccess('0400000004');

  const common = {
    anonymous: undefined,
    visitor,
    operator: operator.idToken,
    admin: admin.idToken,
  };
  tokens.visitor = {
    ...common,
    'other pool': admin.accessToken,
    'forged signature': await forge(visitor),
    'expired token': expiredVisitor,
    'deleted user': leaverVisitor,
  };
  tokens.staff = {
    ...common,
    'other pool': visitorAccessToken,
    'forged signature': await forge(admin.idToken),
    'expired token': expiredStaff,
    'deleted user': leaverStaff,
  };
}, 60_000);

/** Signs a visitor in and returns the access token instead of the ID token. */
async function signInVisitorAccess(localNumber: string): Promise<string> {
  const started = await harness.startOtp(localNumber);
  const intl = `+61${localNumber.slice(1)}`;
  const challenge = await harness.cognito.call('InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: harness.cognito.pools.visitor.clientId,
    AuthParameters: { USERNAME: intl },
  });
  const done = await harness.cognito.call('RespondToAuthChallenge', {
    ClientId: harness.cognito.pools.visitor.clientId,
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: challenge.Session,
    ChallengeResponses: {
      USERNAME: (challenge.ChallengeParameters as Record<string, string>).USERNAME,
      ANSWER: harness.outbox.latestCode(intl) ?? '',
    },
    ClientMetadata: { [SIGN_IN_KEY_METADATA]: signInKeyOf(started) },
  });
  return (done.AuthenticationResult as { AccessToken: string }).AccessToken;
}

afterAll(async () => {
  writeSummary('permissions', { label: 'cells checked', count: cellsChecked, dataChanges });
  await harness?.stop();
});

describe('permission matrix', () => {
  it('has one row for every route of the route table, and no other', () => {
    expect(Object.keys(PROBES).sort()).toEqual(ROUTES.map((r) => r.id).sort());
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'answers %s as its auth kind says for every caller, changing nothing',
    async (_name, route) => {
      const probe = PROBES[route.id];
      const pool = route.auth === 'visitor' ? 'visitor' : 'staff';
      for (const caller of CALLERS) {
        // Prepare
        const before = await harness.snapshot();
        // Act
        const answer = await harness.send({
          method: route.method,
          url: routePath(route.path, probe.params),
          body: probe.body,
          token: tokens[pool][caller],
          headers: probe.headers,
        });
        // Assess
        const after = await harness.snapshot();
        cellsChecked++;
        if (after !== before) dataChanges++;
        expect(answer.status, `${route.id} as ${caller}: ${answer.text}`).toBe(
          expectedStatus(route.auth, caller, probe.allowed),
        );
        expect(after, `${route.id} as ${caller} changed data`).toBe(before);
      }
    },
  );
});
