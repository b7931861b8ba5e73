/**
 * PUT /api/accounts/{role}/password against the local Cognito stand-in (Cognito's JSON protocol,
 * started in-process on a loopback port): the real SDK call, no mocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Type-only imports: the modules themselves load in beforeAll, once the env points at the stand-in.
import type * as DomainModule from '../../../lambdas/domain/staff-passwords';
import type * as HandlerModule from '../../../lambdas/handlers/set-staff-password';
import { startCognitoStandIn, type RunningCognitoStandIn } from '../../../local/cognito';
import { API_MESSAGES, MESSAGES } from '../../../shared/messages';
import { bodyOf, httpEvent, type Caller } from '../../support/http-event';

let cognito: RunningCognitoStandIn;
let handler: typeof HandlerModule.handler;
let setStaffPassword: typeof DomainModule.setStaffPassword;
let poolId: string;

const OLD_PASSWORDS = { admin: 'admin-old-1', operator: 'operator-old-1' } as const;

async function signIn(username: string, password: string): Promise<'ok' | string> {
  try {
    await cognito.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
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
      caller,
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
  }
  ({ handler } = await import('../../../lambdas/handlers/set-staff-password'));
  ({ setStaffPassword } = await import('../../../lambdas/domain/staff-passwords'));
});

afterAll(async () => {
  await cognito?.stop();
});

describe('PUT /api/accounts/{role}/password', () => {
  it('sets the operator password: the new one signs in, the old one no longer does', async () => {
    // Act
    const result = await put('operator', { password: 'new-operator-pw' });
    // Assess
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ message: MESSAGES.operatorPasswordUpdated });
    expect(result.body).not.toContain('new-operator-pw');
    expect(await signIn('operator', 'new-operator-pw')).toBe('ok');
    expect(await signIn('operator', OLD_PASSWORDS.operator)).toBe('NotAuthorizedException');
    expect(await signIn('admin', OLD_PASSWORDS.admin)).toBe('ok');
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
