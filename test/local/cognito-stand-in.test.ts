import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  AdminInitiateAuthCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { POOLS, STAFF_PASSWORD_POLICY } from '@shared/definitions';
import type { CustomAuthTriggers } from '../../local/cognito';
import { startCognitoStandIn, type RunningCognitoStandIn } from '../support/cognito-stand-in';
import { scratchDir } from '../support/scratch';
import {
  codeTriggers,
  freshStateFile,
  MAX_WRONG_ANSWERS,
  sdkClient,
  TEST_CODE,
} from './cognito-support';

const PHONE = '+61412345678';
/** A SigV4 Authorization header of the right shape, by a key that is not the stack's. */
const FORGED =
  'AWS4-HMAC-SHA256 Credential=AKIAFORGEDFORGED0000/20260101/ap-southeast-2/cognito-idp/aws4_request, SignedHeaders=host;x-amz-date, Signature=' +
  '0'.repeat(64);
const PASSWORD = 'correct-horse-battery';
const running: { stop(): Promise<void> }[] = [];
const clients: CognitoIdentityProviderClient[] = [];

afterEach(async () => {
  clients.splice(0).forEach((c) => c.destroy());
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

async function standIn(options: Parameters<typeof startCognitoStandIn>[0] = {}) {
  const cognito = await startCognitoStandIn({ dataFile: await freshStateFile(), ...options });
  running.push(cognito);
  const client = sdkClient(cognito.endpoint);
  clients.push(client);
  return { cognito, client };
}

async function visitor(
  client: CognitoIdentityProviderClient,
  cognito: RunningCognitoStandIn,
): Promise<string> {
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: cognito.pools.visitor.poolId,
      Username: PHONE,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'phone_number_verified', Value: 'true' }],
    }),
  );
  return created.User!.Username!;
}

const start = (
  client: CognitoIdentityProviderClient,
  cognito: RunningCognitoStandIn,
  username = PHONE,
) =>
  client.send(
    new InitiateAuthCommand({
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: cognito.pools.visitor.clientId,
      AuthParameters: { USERNAME: username },
    }),
  );

const answer = (
  client: CognitoIdentityProviderClient,
  cognito: RunningCognitoStandIn,
  session: string,
  username: string,
  code: string,
  clientMetadata?: Record<string, string>,
) =>
  client.send(
    new RespondToAuthChallengeCommand({
      ClientId: cognito.pools.visitor.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeResponses: { USERNAME: username, ANSWER: code },
      ClientMetadata: clientMetadata,
    }),
  );

async function staffUser(
  client: CognitoIdentityProviderClient,
  cognito: RunningCognitoStandIn,
  group = 'admin',
) {
  const UserPoolId = cognito.pools.staff.poolId;
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: 'admin',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: 'admin@example.com' }],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId,
      Username: 'admin',
      Password: PASSWORD,
      Permanent: true,
    }),
  );
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId, Username: 'admin', GroupName: group }),
  );
}

const passwordSignIn = (
  client: CognitoIdentityProviderClient,
  cognito: RunningCognitoStandIn,
  username: string,
  password: string,
) =>
  client.send(
    new AdminInitiateAuthCommand({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: cognito.pools.staff.poolId,
      ClientId: cognito.pools.staff.clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );

describe('Cognito stand-in CUSTOM_AUTH', () => {
  it('runs Define/Create/Verify, retries a wrong answer with a new session and issues verifiable tokens', async () => {
    // Prepare
    const { triggers, events } = codeTriggers();
    const { cognito, client } = await standIn({ triggers });
    const uuid = await visitor(client, cognito);
    // Act
    const first = await start(client, cognito);
    const wrong = await answer(client, cognito, first.Session!, uuid, '000000');
    const right = await answer(client, cognito, wrong.Session!, PHONE, TEST_CODE, {
      source: 'test',
    });
    // Assess: the challenge round trips
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).toMatchObject({
      ChallengeName: 'CUSTOM_CHALLENGE',
      ChallengeParameters: { channel: 'SMS', USERNAME: uuid },
    });
    expect(first.Session!.length).toBeGreaterThanOrEqual(20);
    expect(wrong.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(wrong.Session).not.toBe(first.Session);
    expect(right.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(right.ChallengeParameters).toEqual({});
    // Assess: trigger events as Cognito shapes them
    const [define0, define1, define2] = events.define!;
    expect(define0).toMatchObject({
      version: '1',
      triggerSource: 'DefineAuthChallenge_Authentication',
      userPoolId: cognito.pools.visitor.poolId,
      userName: uuid,
      callerContext: { clientId: cognito.pools.visitor.clientId },
      request: {
        session: [],
        userAttributes: {
          sub: uuid,
          phone_number: PHONE,
          phone_number_verified: 'true',
          'cognito:user_status': 'FORCE_CHANGE_PASSWORD',
        },
      },
    });
    expect(define0!.request).not.toHaveProperty('clientMetadata');
    expect(events.create![0]!.request).not.toHaveProperty('clientMetadata');
    expect(define1!.request.session).toEqual([
      {
        challengeName: 'CUSTOM_CHALLENGE',
        challengeResult: false,
        challengeMetadata: `CODE-${TEST_CODE}`,
      },
    ]);
    expect(define2!.request.session).toHaveLength(2);
    expect(define2!.request).toMatchObject({ clientMetadata: { source: 'test' } });
    expect(events.verify![1]!.request).toMatchObject({
      privateChallengeParameters: { code: TEST_CODE },
      challengeAnswer: TEST_CODE,
      clientMetadata: { source: 'test' },
    });
    // Assess: tokens verify against the pool's JWKS, with the fields the app reads
    const { IdToken, AccessToken, RefreshToken } = right.AuthenticationResult!;
    const jwks = createRemoteJWKSet(new URL(`${cognito.issuer('visitor')}/.well-known/jwks.json`));
    const id = await jwtVerify(IdToken!, jwks, {
      issuer: cognito.issuer('visitor'),
      audience: cognito.pools.visitor.clientId,
    });
    expect(id.payload).toMatchObject({
      sub: uuid,
      'cognito:username': uuid,
      phone_number: PHONE,
      phone_number_verified: true,
      token_use: 'id',
    });
    expect(id.payload).not.toHaveProperty('cognito:groups');
    for (const field of ['auth_time', 'iat', 'exp', 'jti', 'origin_jti', 'event_id'])
      expect(id.payload).toHaveProperty(field);
    const access = await jwtVerify(AccessToken!, jwks, { issuer: cognito.issuer('visitor') });
    expect(access.payload).toMatchObject({
      client_id: cognito.pools.visitor.clientId,
      username: uuid,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
    });
    expect(access.payload).not.toHaveProperty('aud');
    expect(decodeProtectedHeader(IdToken!).kid).not.toBe(decodeProtectedHeader(AccessToken!).kid);
    expect(RefreshToken).toBeTruthy();
    expect(RefreshToken!.split('.')).toHaveLength(1);
  });

  it('refuses a reused session, and fails authentication when Define says so', async () => {
    const { triggers } = codeTriggers();
    const { cognito, client } = await standIn({ triggers });
    const uuid = await visitor(client, cognito);
    const first = await start(client, cognito, uuid);
    let session = first.Session!;
    const next = await answer(client, cognito, session, uuid, '111111');
    await expect(answer(client, cognito, session, uuid, TEST_CODE)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
    session = next.Session!;
    for (let wrong = 2; wrong < MAX_WRONG_ANSWERS; wrong++) {
      session = (await answer(client, cognito, session, uuid, '111111')).Session!;
    }
    await expect(answer(client, cognito, session, uuid, '111111')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('expires a session after the pool’s auth session validity', async () => {
    let clock = Date.now();
    const { triggers } = codeTriggers();
    const { cognito, client } = await standIn({ triggers, now: () => clock });
    const uuid = await visitor(client, cognito);
    const first = await start(client, cognito);
    // Four and a half minutes (a slow SMS, a resend) is still in time; the pool's validity is not.
    clock += 4.5 * 60_000;
    const retry = await answer(client, cognito, first.Session!, uuid, '111111');
    clock += POOLS.visitor.authSessionValidityMinutes * 60_000;
    await expect(answer(client, cognito, retry.Session!, uuid, TEST_CODE)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('answers an unknown user as Cognito does with PreventUserExistenceErrors: the triggers run with userNotFound, and it never signs in', async () => {
    const { triggers, events } = codeTriggers();
    const { cognito, client } = await standIn({ triggers });
    const unknown = await start(client, cognito, '+61499999999');
    expect(unknown.ChallengeName).toBe('CUSTOM_CHALLENGE');
    // A username shaped like a real one, the same each time for the same name.
    const username = unknown.ChallengeParameters?.USERNAME ?? '';
    expect(username).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await start(client, cognito, '+61499999999')).ChallengeParameters?.USERNAME).toBe(
      username,
    );
    expect(events.define![0]!.request.userNotFound).toBe(true);
    expect(events.create![0]!.request.userNotFound).toBe(true);
    // Even an answer its triggers call right gets no tokens.
    await expect(
      answer(client, cognito, unknown.Session!, username, TEST_CODE),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(events.verify![0]!.request.userNotFound).toBe(true);
  });

  it('answers a disabled user like Cognito', async () => {
    const { triggers } = codeTriggers();
    const { cognito, client } = await standIn({ triggers });
    await visitor(client, cognito);
    await client.send(
      new AdminDisableUserCommand({ UserPoolId: cognito.pools.visitor.poolId, Username: PHONE }),
    );
    await expect(start(client, cognito)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });
});

describe('Cognito stand-in trigger failures', () => {
  const withOverride = (override: Partial<CustomAuthTriggers>) => {
    const { triggers } = codeTriggers();
    return { ...triggers, ...override };
  };

  it('maps a thrown error to UserLambdaValidationException with the trigger slot name', async () => {
    const triggers = withOverride({
      createAuthChallenge: () => {
        throw new Error('SMS limit reached');
      },
    });
    const { cognito, client } = await standIn({ triggers });
    await visitor(client, cognito);
    await expect(start(client, cognito)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'CreateAuthChallenge failed with error SMS limit reached.',
    });
  });

  it('kills the session after a failing Verify', async () => {
    const triggers = withOverride({
      verifyAuthChallengeResponse: async () => {
        throw new Error('boom');
      },
    });
    const { cognito, client } = await standIn({ triggers });
    const uuid = await visitor(client, cognito);
    const first = await start(client, cognito);
    await expect(answer(client, cognito, first.Session!, uuid, TEST_CODE)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'VerifyAuthChallengeResponse failed with error boom.',
    });
    await expect(answer(client, cognito, first.Session!, uuid, TEST_CODE)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
  });

  it('retries a slow trigger and gives up after three attempts', async () => {
    let attempts = 0;
    const triggers = withOverride({
      defineAuthChallenge: () => {
        attempts++;
        return new Promise(() => undefined);
      },
    });
    const { cognito, client } = await standIn({ triggers, triggerTimeoutMs: 30 });
    await visitor(client, cognito);
    await expect(start(client, cognito)).rejects.toMatchObject({
      name: 'UnexpectedLambdaException',
      message:
        'DefineAuthChallenge invocation failed due to error Socket timeout while invoking Lambda function.',
    });
    expect(attempts).toBe(3);
  });

  it('succeeds when a slow first attempt is followed by a fast one', async () => {
    const { triggers: base } = codeTriggers();
    let attempts = 0;
    const triggers = {
      ...base,
      defineAuthChallenge: (event: never) => {
        attempts++;
        return attempts === 1 ? new Promise(() => undefined) : base.defineAuthChallenge(event);
      },
    };
    const { cognito, client } = await standIn({ triggers, triggerTimeoutMs: 30 });
    await visitor(client, cognito);
    expect((await start(client, cognito)).ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(attempts).toBe(2);
  });

  it.each([
    ['no event', () => undefined],
    [
      'a non-boolean answer',
      (e: never) => ({ ...(e as object), response: { answerCorrect: 'yes' } }),
    ],
  ])('answers InvalidLambdaResponseException for %s', async (_, verify) => {
    const { cognito, client } = await standIn({
      triggers: withOverride({ verifyAuthChallengeResponse: verify }),
    });
    const uuid = await visitor(client, cognito);
    const first = await start(client, cognito);
    await expect(answer(client, cognito, first.Session!, uuid, TEST_CODE)).rejects.toMatchObject({
      name: 'InvalidLambdaResponseException',
      message: 'Unrecognizable lambda output',
    });
  });
});

describe('Cognito stand-in password and refresh flows', () => {
  it('signs staff in with their groups, and refuses wrong credentials identically', async () => {
    const { cognito, client } = await standIn({ triggers: codeTriggers().triggers });
    await staffUser(client, cognito);
    const result = await passwordSignIn(client, cognito, 'admin', PASSWORD);
    const jwks = createRemoteJWKSet(new URL(`${cognito.issuer('staff')}/.well-known/jwks.json`));
    const id = await jwtVerify(result.AuthenticationResult!.IdToken!, jwks, {
      issuer: cognito.issuer('staff'),
      audience: cognito.pools.staff.clientId,
    });
    expect(id.payload).toMatchObject({
      'cognito:username': 'admin',
      'cognito:groups': ['admin'],
      email: 'admin@example.com',
    });
    for (const [username, password] of [
      ['admin', 'wrong-password'],
      ['nobody', PASSWORD],
      ['Admin', 'wrong-password'],
    ] as const) {
      await expect(passwordSignIn(client, cognito, username, password)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
    await client.send(
      new AdminDisableUserCommand({ UserPoolId: cognito.pools.staff.poolId, Username: 'admin' }),
    );
    await expect(passwordSignIn(client, cognito, 'admin', PASSWORD)).rejects.toMatchObject({
      message: 'User is disabled.',
    });
  });

  it("locks a user out after 5 failed passwords as Cognito does: 2^(n-5) s, 'Password attempts exceeded' while locked, uncounted", async () => {
    let now = Date.UTC(2099, 0, 1);
    const { cognito, client } = await standIn({
      triggers: codeTriggers().triggers,
      now: () => now,
    });
    await staffUser(client, cognito);
    const attempt = (password: string) =>
      passwordSignIn(client, cognito, 'admin', password).then(
        () => 'signed in',
        (error: { name: string; message: string }) => `${error.name}: ${error.message}`,
      );
    const wrong = 'NotAuthorizedException: Incorrect username or password.';
    const locked = 'NotAuthorizedException: Password attempts exceeded';
    for (let n = 1; n <= 5; n++)
      expect(await attempt('wrong-password'), `failure ${n}`).toBe(wrong);
    // Failure 5 locks for 1 s: even the right password is refused, and does not count.
    expect(await attempt(PASSWORD)).toBe(locked);
    expect(await attempt('wrong-password')).toBe(locked);
    now += 1_000;
    expect(await attempt('wrong-password')).toBe(wrong); // failure 6: 2 s
    now += 1_999;
    expect(await attempt(PASSWORD)).toBe(locked);
    now += 1;
    expect(await attempt('wrong-password')).toBe(wrong); // failure 7: 4 s
    now += 4_000;
    // The right password after the lockout signs in and starts again from zero.
    expect(await attempt(PASSWORD)).toBe('signed in');
    for (let n = 1; n <= 4; n++) expect(await attempt('wrong-password')).toBe(wrong);
    expect(await attempt(PASSWORD)).toBe('signed in');
    // The lockout doubles up to about 15 minutes at most: failure 15 locks for 900 s, not 1024.
    for (let n = 1; n <= 15; n++) {
      expect(await attempt('wrong-password'), `failure ${n}`).toBe(wrong);
      if (n >= 5) now += Math.min(2 ** (n - 5), 900) * 1000;
    }
    now -= 1;
    expect(await attempt(PASSWORD)).toBe(locked); // 15 minutes after failure 15, less 1 ms
    now += 1;
    expect(await attempt(PASSWORD)).toBe('signed in');
    // 15 minutes without any attempt start again from zero: 4 + 4 failures lock nobody.
    for (let n = 1; n <= 4; n++) expect(await attempt('wrong-password')).toBe(wrong);
    now += 15 * 60_000;
    for (let n = 1; n <= 4; n++) expect(await attempt('wrong-password')).toBe(wrong);
    expect(await attempt(PASSWORD)).toBe('signed in');
    // An unknown name locks the same way: a lockout tells no more than a wrong password.
    for (let n = 1; n <= 5; n++)
      expect(
        await passwordSignIn(client, cognito, 'nobody', 'x').catch((e: Error) => e.message),
      ).toBe('Incorrect username or password.');
    expect(
      await passwordSignIn(client, cognito, 'nobody', 'x').catch((e: Error) => e.message),
    ).toBe('Password attempts exceeded');
  });

  it('matches staff usernames in any case, as the staff pool is configured (signInCaseSensitive false)', async () => {
    expect(POOLS.staff.signInCaseSensitive).toBe(false);
    const { cognito, client } = await standIn({ triggers: codeTriggers().triggers });
    await staffUser(client, cognito);
    for (const typed of ['Admin', 'ADMIN', 'aDmIn']) {
      const result = await passwordSignIn(client, cognito, typed, PASSWORD);
      expect(result.AuthenticationResult?.IdToken, typed).toBeTruthy();
    }
    const UserPoolId = cognito.pools.staff.poolId;
    const found = await client.send(new AdminGetUserCommand({ UserPoolId, Username: 'ADMIN' }));
    expect(found.Username).toBe('admin');
    await expect(
      client.send(
        new AdminCreateUserCommand({ UserPoolId, Username: 'Admin', MessageAction: 'SUPPRESS' }),
      ),
    ).rejects.toMatchObject({ name: 'UsernameExistsException' });
  });

  it('asks a user with a temporary password for a new one (NEW_PASSWORD_REQUIRED), with no tokens', async () => {
    const { cognito, client } = await standIn({ triggers: codeTriggers().triggers });
    const UserPoolId = cognito.pools.staff.poolId;
    await client.send(
      new AdminCreateUserCommand({ UserPoolId, Username: 'operator', MessageAction: 'SUPPRESS' }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: 'operator',
        Password: PASSWORD,
        Permanent: false,
      }),
    );
    const result = await passwordSignIn(client, cognito, 'operator', PASSWORD);
    expect(result.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(result.Session).toBeTruthy();
    expect(result.ChallengeParameters?.USER_ID_FOR_SRP).toBe('operator');
    expect(result.AuthenticationResult).toBeUndefined();
    // A wrong password is still just a wrong password.
    await expect(
      passwordSignIn(client, cognito, 'operator', 'wrong-password'),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses flows the app client does not allow', async () => {
    const { cognito, client } = await standIn({ triggers: codeTriggers().triggers });
    await expect(
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: cognito.pools.visitor.clientId,
          AuthParameters: { USERNAME: PHONE, PASSWORD },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'CUSTOM_AUTH',
          ClientId: 'nosuchclient',
          AuthParameters: { USERNAME: PHONE },
        }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool client nosuchclient does not exist.',
    });
  });

  it('refreshes tokens keeping auth_time, across a restart from the state file', async () => {
    const dataFile = join(scratchDir('cognito'), 'cognito.json');
    let clock = Date.now();
    const first = await standIn({
      dataFile,
      triggers: codeTriggers().triggers,
      now: () => clock,
    });
    await staffUser(first.client, first.cognito);
    const signedIn = await passwordSignIn(first.client, first.cognito, 'admin', PASSWORD);
    const refreshToken = signedIn.AuthenticationResult!.RefreshToken!;
    await first.cognito.stop();
    expect(statSync(dataFile).mode & 0o777).toBe(0o600);
    clock += 120_000;
    const second = await standIn({
      dataFile,
      port: Number(new URL(first.cognito.endpoint).port),
      triggers: codeTriggers().triggers,
      now: () => clock,
    });
    expect(second.cognito.pools).toEqual(first.cognito.pools);
    const refreshed = await second.client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: second.cognito.pools.staff.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
    const jwks = createRemoteJWKSet(
      new URL(`${second.cognito.issuer('staff')}/.well-known/jwks.json`),
    );
    const before = await jwtVerify(signedIn.AuthenticationResult!.IdToken!, jwks, {
      issuer: second.cognito.issuer('staff'),
      currentDate: new Date(clock),
    });
    const after = await jwtVerify(refreshed.AuthenticationResult!.IdToken!, jwks, {
      currentDate: new Date(clock),
    });
    expect(after.payload.auth_time).toBe(before.payload.auth_time);
    expect(after.payload.iat).toBeGreaterThan(before.payload.iat!);
    await expect(
      second.client.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: second.cognito.pools.staff.clientId,
          AuthParameters: { REFRESH_TOKEN: 'forged' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // A refresh token of one client is refused by the other pool's client.
    await expect(
      second.client.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: second.cognito.pools.visitor.clientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('Cognito stand-in: ending sessions', () => {
  const refresh = (
    client: CognitoIdentityProviderClient,
    cognito: RunningCognitoStandIn,
    token: string,
  ) =>
    client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: cognito.pools.staff.clientId,
        AuthParameters: { REFRESH_TOKEN: token },
      }),
    );

  it('revokes one refresh token (Logout) and every one of a user (global sign-out)', async () => {
    const { client, cognito } = await standIn({ triggers: codeTriggers().triggers });
    await staffUser(client, cognito);
    const deviceA = (await passwordSignIn(client, cognito, 'admin', PASSWORD))
      .AuthenticationResult!;
    const deviceB = (await passwordSignIn(client, cognito, 'admin', PASSWORD))
      .AuthenticationResult!;
    const deviceC = (await passwordSignIn(client, cognito, 'admin', PASSWORD))
      .AuthenticationResult!;

    // Logout on device A: its refresh token is dead, B's still works.
    await client.send(
      new RevokeTokenCommand({
        ClientId: cognito.pools.staff.clientId,
        Token: deviceA.RefreshToken,
      }),
    );
    await expect(refresh(client, cognito, deviceA.RefreshToken!)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(
      (await refresh(client, cognito, deviceB.RefreshToken!)).AuthenticationResult,
    ).toBeDefined();
    // Revoking again is not an error; a JWT is not a refresh token; another client may not.
    await client.send(
      new RevokeTokenCommand({
        ClientId: cognito.pools.staff.clientId,
        Token: deviceA.RefreshToken,
      }),
    );
    await expect(
      client.send(
        new RevokeTokenCommand({ ClientId: cognito.pools.staff.clientId, Token: deviceB.IdToken }),
      ),
    ).rejects.toMatchObject({ name: 'UnsupportedTokenTypeException' });
    await expect(
      client.send(
        new RevokeTokenCommand({
          ClientId: cognito.pools.visitor.clientId,
          Token: deviceB.RefreshToken,
        }),
      ),
    ).rejects.toMatchObject({ name: 'UnauthorizedException' });

    // A password reset signs the user out everywhere.
    await client.send(
      new AdminUserGlobalSignOutCommand({
        UserPoolId: cognito.pools.staff.poolId,
        Username: 'admin',
      }),
    );
    for (const device of [deviceB, deviceC]) {
      await expect(refresh(client, cognito, device.RefreshToken!)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
    }
    await expect(
      client.send(
        new AdminUserGlobalSignOutCommand({
          UserPoolId: cognito.pools.staff.poolId,
          Username: 'nobody',
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    // A new sign-in works as before.
    expect(
      (await passwordSignIn(client, cognito, 'admin', PASSWORD)).AuthenticationResult,
    ).toBeDefined();
  });

  it('ends a staff refresh token after 12 hours', async () => {
    let clock = Date.now();
    const { client, cognito } = await standIn({
      triggers: codeTriggers().triggers,
      now: () => clock,
    });
    await staffUser(client, cognito);
    const { RefreshToken } = (await passwordSignIn(client, cognito, 'admin', PASSWORD))
      .AuthenticationResult!;
    clock += 11 * 3_600_000;
    expect((await refresh(client, cognito, RefreshToken!)).AuthenticationResult).toBeDefined();
    clock += 1 * 3_600_000 + 1_000;
    await expect(refresh(client, cognito, RefreshToken!)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });
});

describe('Cognito stand-in admin calls', () => {
  it('creates, reads, guards and deletes users like Cognito', async () => {
    const { cognito, client } = await standIn({ triggers: codeTriggers().triggers });
    const visitorPool = cognito.pools.visitor.poolId;
    const staffPool = cognito.pools.staff.poolId;
    const uuid = await visitor(client, cognito);
    await expect(visitor(client, cognito)).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'An account with the given phone_number already exists.',
    });
    const byPhone = await client.send(
      new AdminGetUserCommand({ UserPoolId: visitorPool, Username: PHONE }),
    );
    expect(byPhone).toMatchObject({
      Username: uuid,
      Enabled: true,
      UserStatus: 'FORCE_CHANGE_PASSWORD',
    });
    expect(byPhone.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'sub', Value: uuid },
        { Name: 'phone_number', Value: PHONE },
      ]),
    );
    expect(byPhone.UserCreateDate).toBeInstanceOf(Date);

    await staffUser(client, cognito, 'operator');
    await expect(staffUser(client, cognito)).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'User account already exists',
    });
    await expect(
      client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: staffPool,
          Username: 'admin',
          Password: 'x'.repeat(STAFF_PASSWORD_POLICY.minLength - 1),
          Permanent: true,
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    await expect(
      client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: staffPool,
          Username: 'ghost',
          Password: PASSWORD,
          Permanent: true,
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
    await expect(
      client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: staffPool,
          Username: 'admin',
          GroupName: 'chefs',
        }),
      ),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException', message: 'Group not found.' });
    await expect(
      client.send(
        new AdminGetUserCommand({ UserPoolId: 'ap-southeast-2_nope', Username: 'admin' }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
    expect(
      (await client.send(new AdminGetUserCommand({ UserPoolId: staffPool, Username: 'admin' })))
        .UserStatus,
    ).toBe('CONFIRMED');

    await client.send(new AdminDeleteUserCommand({ UserPoolId: staffPool, Username: 'admin' }));
    await expect(
      client.send(new AdminGetUserCommand({ UserPoolId: staffPool, Username: 'admin' })),
    ).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });

  it("refuses admin calls signed by anything but the stack's own credentials, as AWS does", async () => {
    const { cognito } = await standIn({ triggers: codeTriggers().triggers });
    const UserPoolId = cognito.pools.staff.poolId;
    const create = (client: CognitoIdentityProviderClient, Username: string) =>
      client.send(new AdminCreateUserCommand({ UserPoolId, Username, MessageAction: 'SUPPRESS' }));
    const withKey = (accessKeyId: string, secretAccessKey: string) => {
      const client = new CognitoIdentityProviderClient({
        endpoint: cognito.endpoint,
        region: 'ap-southeast-2',
        credentials: { accessKeyId, secretAccessKey },
        maxAttempts: 1,
      });
      clients.push(client);
      return client;
    };
    // A forged header of the right shape, by hand.
    const forged = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser',
        'x-amz-date': '20260101T000000Z',
        authorization: FORGED,
      },
      body: JSON.stringify({ UserPoolId, Username: 'forged' }),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      __type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    });
    // A real SDK signature by another key; the stack's key with a wrong secret.
    await expect(
      create(withKey('AKIAOTHERKEY00000000', 'other-secret'), 'other'),
    ).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    await expect(
      create(withKey(cognito.adminCredentials.accessKeyId, 'not-the-secret'), 'guessed'),
    ).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    for (const Username of ['forged', 'other', 'guessed'])
      await expect(cognito.call('AdminGetUser', { UserPoolId, Username })).rejects.toThrow(
        'User does not exist.',
      );
    // The stack's own credentials (what the functions sign with) are taken.
    const own = withKey(
      cognito.adminCredentials.accessKeyId,
      cognito.adminCredentials.secretAccessKey,
    );
    await create(own, 'staff-member');
    expect(
      await cognito.call('AdminGetUser', { UserPoolId, Username: 'staff-member' }),
    ).toMatchObject({
      Username: 'staff-member',
    });
  });

  it('refuses admin calls without AWS credentials, as Cognito does; the public calls need none', async () => {
    const { cognito } = await standIn({ triggers: codeTriggers().triggers });
    const send = (operation: string, body: object, headers: Record<string, string> = {}) =>
      fetch(cognito.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const UserPoolId = cognito.pools.staff.poolId;
    for (const operation of [
      'AdminCreateUser',
      'AdminGetUser',
      'AdminSetUserPassword',
      'AdminAddUserToGroup',
      'AdminDeleteUser',
      'AdminDisableUser',
      'AdminEnableUser',
      'AdminUserGlobalSignOut',
    ]) {
      const body = { UserPoolId, Username: 'intruder', Password: PASSWORD, GroupName: 'admin' };
      const unsigned: Record<string, string>[] = [{}, { authorization: 'Bearer eyJhbGciOi' }];
      for (const headers of unsigned) {
        const response = await send(operation, body, headers);
        expect(response.status, operation).toBe(400);
        expect(await response.json(), operation).toEqual({
          __type: 'MissingAuthenticationTokenException',
          message: 'Missing Authentication Token',
        });
      }
    }
    // Nothing was created by the refused calls.
    await expect(
      cognito.call('AdminGetUser', { UserPoolId, Username: 'intruder' }),
    ).rejects.toThrow('User does not exist.');
    // The browser's calls are unsigned, as on AWS.
    const initiate = await send('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: cognito.pools.staff.clientId,
      AuthParameters: { REFRESH_TOKEN: 'not-a-refresh-token' },
    });
    expect(((await initiate.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
    // A password from the internet is refused outright: the staff client allows none.
    const password = await send('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cognito.pools.staff.clientId,
      AuthParameters: { USERNAME: 'nobody', PASSWORD },
    });
    expect(((await password.json()) as { __type: string }).__type).toBe(
      'InvalidParameterException',
    );
  });

  it('speaks the wire format: 400 with __type and x-amzn-ErrorType, CORS preflight, JWKS', async () => {
    const { cognito } = await standIn({ triggers: codeTriggers().triggers });
    const response = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'no-such-client',
        AuthParameters: { USERNAME: 'nobody', PASSWORD },
      }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException:');
    expect(response.headers.get('x-amzn-requestid')).toBeTruthy();
    expect(await response.json()).toEqual({
      __type: 'ResourceNotFoundException',
      message: 'User pool client no-such-client does not exist.',
    });

    const preflight = await fetch(cognito.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-headers': 'x-amz-target,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-user-agent');

    const jwks = (await (
      await fetch(`${cognito.issuer('staff')}/.well-known/jwks.json`)
    ).json()) as { keys: Record<string, string>[] };
    expect(jwks.keys).toHaveLength(2);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ alg: 'RS256', kty: 'RSA', e: 'AQAB', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
    const unknownOp = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      body: '{}',
    });
    expect(((await unknownOp.json()) as { __type: string }).__type).toBe(
      'UnknownOperationException',
    );
  });
});
