/**
 * PUT /api/accounts/{role}/password against the local Cognito stand-in (Cognito's JSON protocol,
 * started in-process on a loopback port): the real SDK call, no mocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Type-only imports: the modules themselves load in beforeAll, once the env points at the stand-in.
import type * as DomainModule from '../../../lambdas/domain/staff-passwords';
import type * as HandlerModule from '../../../lambdas/handlers/set-staff-password';
import { startCognitoStandIn, type RunningCognitoStandIn } from '../../support/cognito-stand-in';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import type { GetReadyState } from '@shared/get-ready';
import { dynamo } from '../../../lambdas/lib/dynamo-client';
import { tableName } from '../../../lambdas/lib/tables';
import {
  ADMIN_TOKEN,
  bodyOf,
  httpEvent,
  OPERATOR_TOKEN,
  type Caller,
} from '../../support/http-event';

let cognito: RunningCognitoStandIn;
let handler: typeof HandlerModule.handler;
let setStaffPassword: typeof DomainModule.setStaffPassword;
let getStaffMe: typeof HandlerModule.handler;
let poolId: string;
/** The stand-in's sub of each staff user: the token's fields carry it, as a real token would. */
const subs: Record<string, string> = {};
/**
 * Staff token fields as of a token of the stand-in's user from a sign-in a little after now: after any
 * password change this file makes (which refuses sign-ins up to a second after it).
 */
const staffToken = (role: 'admin' | 'operator') => ({
  ...(role === 'admin' ? ADMIN_TOKEN : OPERATOR_TOKEN),
  sub: subs[role] ?? '',
  iat: String(Math.floor(Date.now() / 1000) + 2),
  auth_time: String(Math.floor(Date.now() / 1000) + 2),
});

const OLD_PASSWORDS = { admin: 'admin-old-1', operator: 'operator-old-1' } as const;

/** A signed-in device's refresh token. */
async function refreshTokenOf(username: string, password: string): Promise<string> {
  const answer = await cognito.call('AdminInitiateAuth', {
    AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
    UserPoolId: cognito.pools.staff.poolId,
    ClientId: cognito.pools.staff.clientId,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  return (answer.AuthenticationResult as { RefreshToken: string }).RefreshToken;
}

async function refreshes(refreshToken: string): Promise<'ok' | string> {
  try {
    await cognito.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: cognito.pools.staff.clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    return 'ok';
  } catch (error) {
    return (error as { type?: string }).type ?? String(error);
  }
}

async function signIn(username: string, password: string): Promise<'ok' | string> {
  try {
    await cognito.call('AdminInitiateAuth', {
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: cognito.pools.staff.poolId,
      ClientId: cognito.pools.staff.clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    });
    return 'ok';
  } catch (error) {
    return (error as { type?: string }).type ?? String(error);
  }
}

const put = (role: string, body: unknown, caller: Caller = 'admin') =>
  handler(
    httpEvent({
      ...(caller === 'admin' || caller === 'operator'
        ? { tokenFields: staffToken(caller) }
        : { caller }),
      method: 'PUT',
      path: `/api/accounts/${role}/password`,
      pathParameters: { role },
      body,
    }),
  );

beforeAll(async () => {
  cognito = await startCognitoStandIn();
  poolId = cognito.pools.staff.poolId;
  // The handler reads these when called: the SDK client then talks to the stand-in.
  process.env.COGNITO_ENDPOINT = cognito.endpoint;
  process.env.STAFF_USER_POOL_ID = poolId;
  for (const role of ['admin', 'operator'] as const) {
    await cognito.call('AdminCreateUser', {
      UserPoolId: poolId,
      Username: role,
      MessageAction: 'SUPPRESS',
    });
    await cognito.call('AdminSetUserPassword', {
      UserPoolId: poolId,
      Username: role,
      Password: OLD_PASSWORDS[role],
      Permanent: true,
    });
    await cognito.call('AdminAddUserToGroup', {
      UserPoolId: poolId,
      Username: role,
      GroupName: role,
    });
    const user = await cognito.call('AdminGetUser', { UserPoolId: poolId, Username: role });
    subs[role] =
      (user.UserAttributes as { Name: string; Value: string }[]).find((a) => a.Name === 'sub')
        ?.Value ?? '';
  }
  ({ handler } = await import('../../../lambdas/handlers/set-staff-password'));
  ({ setStaffPassword } = await import('../../../lambdas/domain/staff-passwords'));
  ({ handler: getStaffMe } = await import('../../../lambdas/handlers/get-staff-me'));
});

afterAll(async () => {
  await cognito?.stop();
});

describe('PUT /api/accounts/{role}/password', () => {
  it('sets the operator password: the new one signs in, the old one and its sessions no longer do', async () => {
    // Prepare: a shop device signed in with the old password, and the admin's own session.
    const oldDevice = await refreshTokenOf('operator', OLD_PASSWORDS.operator);
    const adminDevice = await refreshTokenOf('admin', OLD_PASSWORDS.admin);
    expect(await refreshes(oldDevice)).toBe('ok');
    // Act
    const result = await put('operator', { password: 'new-operator-pw' });
    // Assess
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ message: MESSAGES.operatorPasswordUpdated });
    expect(result.body).not.toContain('new-operator-pw');
    expect(await signIn('operator', 'new-operator-pw')).toBe('ok');
    expect(await signIn('operator', OLD_PASSWORDS.operator)).toBe('NotAuthorizedException');
    expect(await signIn('admin', OLD_PASSWORDS.admin)).toBe('ok');
    // Signed out everywhere: the old device gets no new tokens; other accounts keep theirs.
    expect(await refreshes(oldDevice)).toBe('NotAuthorizedException');
    expect(await refreshes(adminDevice)).toBe('ok');
    // And an ID token it already had no longer reads anything, nor one refreshed from its sign-in
    // just now (a refresh keeps auth_time); one from a sign-in since does.
    const nowS = Math.floor(Date.now() / 1000);
    const me = (authTime: number, iat: number) =>
      getStaffMe(
        httpEvent({
          tokenFields: { ...staffToken('operator'), auth_time: String(authTime), iat: String(iat) },
          method: 'GET',
          path: '/api/staff/me',
        }),
      );
    expect((await me(nowS - 60, nowS - 60)).statusCode).toBe(401);
    expect((await me(nowS - 60, nowS)).statusCode).toBe(401);
    expect((await me(nowS, nowS)).statusCode).toBe(401);
    expect((await me(nowS + 2, nowS + 2)).statusCode).toBe(200);
  });

  it('records when each password was set, never the password, for the "Get ready" list', async () => {
    const { handler: getSetup } = await import('../../../lambdas/handlers/get-setup');
    const { handler: recordPrinted } = await import('../../../lambdas/handlers/record-printed');
    const facts = async (caller: 'admin' | 'operator' = 'admin') =>
      getSetup(httpEvent({ tokenFields: staffToken(caller), method: 'GET', path: '/api/setup' }));
    const before = new Date(Date.now() - 1000).toISOString();
    expect((await put('operator', { password: 'new-operator-pw' })).statusCode).toBe(200);
    // The operator's is set: the list asks for the admin's (not changed yet in this file).
    const state = bodyOf(await facts()).data as GetReadyState;
    expect(state.passwordToChange).toBe('admin');
    expect(state.done.passwords).toBe(false);
    const printed = await recordPrinted(
      httpEvent({ tokenFields: staffToken('admin'), method: 'POST', path: '/api/setup/printed' }),
    );
    expect(printed.statusCode).toBe(200);
    expect((bodyOf(printed).data as GetReadyState).done.poster).toBe(true);
    // The stored item holds times only.
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName('settings'), Key: { id: 'setup' } }),
    );
    expect(Item!.operatorPasswordSetAt >= before).toBe(true);
    expect(JSON.stringify(Item)).not.toContain('new-operator-pw');
    // Admin only.
    expect((await facts('operator')).statusCode).toBe(403);
  });

  it('sets the admin password with the admin message', async () => {
    const result = await put('admin', { password: 'new-admin-pw' });
    expect(bodyOf(result)).toEqual({ message: MESSAGES.adminPasswordUpdated });
    expect(await signIn('admin', 'new-admin-pw')).toBe('ok');
  });

  it('refuses a missing or short password with the required texts and changes nothing', async () => {
    const results = await Promise.all([
      put('operator', {}),
      put('operator', { password: '' }),
      put('operator', { password: '12345' }),
    ]);
    expect(results.map((r) => [r.statusCode, bodyOf(r).message])).toEqual([
      [400, MESSAGES.passwordRequired],
      [400, MESSAGES.passwordRequired],
      [400, MESSAGES.passwordTooShort],
    ]);
    expect(await signIn('operator', 'new-operator-pw')).toBe('ok');
  });

  it('answers 404 for a role that is not admin or operator', async () => {
    const results = await Promise.all([
      put('root', { password: 'whatever1' }),
      put('visitor', { password: 'whatever1' }),
    ]);
    expect(results.map((r) => [r.statusCode, bodyOf(r)])).toEqual([
      [404, { code: 'UNKNOWN_ROLE', message: API_MESSAGES.unknownRole }],
      [404, { code: 'UNKNOWN_ROLE', message: API_MESSAGES.unknownRole }],
    ]);
  });

  it('refuses operators, visitors and anonymous callers, changing nothing', async () => {
    const results = await Promise.all(
      (['operator', 'visitor', 'anonymous'] as const).map((caller) =>
        put('admin', { password: 'hijacked-pw' }, caller),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([403, 403, 401]);
    expect(await signIn('admin', 'hijacked-pw')).toBe('NotAuthorizedException');
    expect(await signIn('admin', 'new-admin-pw')).toBe('ok');
  });

  it("maps Cognito's policy refusal to a clear 400", async () => {
    // The schema stops short passwords first; this checks the mapping if the pool's policy is stricter.
    await expect(setStaffPassword(poolId, 'operator', 'abc')).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_PASSWORD',
      message: API_MESSAGES.passwordPolicy,
    });
    expect(await signIn('operator', 'new-operator-pw')).toBe('ok');
  });
});
