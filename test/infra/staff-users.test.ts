/**
 * The staff-users custom resource's Lambda handler, as CloudFormation calls it: Cognito and Secrets
 * Manager answered by aws-sdk-client-mock (no emulator runs a stack's custom resource), every call
 * recorded, and the answer CloudFormation reads from its pre-signed URL caught at fetch.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler, type StaffUserSpec } from '../../lambdas/custom-resources/staff-users';

const USERS: StaffUserSpec[] = [
  { username: 'admin', group: 'admin', email: 'admin@example.com' },
  { username: 'operator', group: 'operator', email: 'operator@example.com' },
];
const SECRET_ARN = 'arn:secret:staff-passwords';

function event(type: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent {
  const base = {
    ServiceToken: 'arn:fn',
    ResponseURL: 'https://example.invalid/response',
    StackId: 'stack',
    RequestId: 'req',
    LogicalResourceId: 'StaffUsers',
    ResourceType: 'Custom::StaffUsers',
    ResourceProperties: {
      ServiceToken: 'arn:fn',
      UserPoolId: 'pool-1',
      PasswordsSecretArn: SECRET_ARN,
      Users: JSON.stringify(USERS),
    },
  };
  if (type === 'Create') return { ...base, RequestType: 'Create' };
  if (type === 'Update') {
    return {
      ...base,
      RequestType: 'Update',
      PhysicalResourceId: 'staff-users-pool-1',
      OldResourceProperties: { ServiceToken: 'arn:fn' },
    };
  }
  return { ...base, RequestType: 'Delete', PhysicalResourceId: 'staff-users-pool-1' };
}

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const secretsMock = mockClient(SecretsManagerClient);

afterEach(() => {
  cognitoMock.reset();
  secretsMock.reset();
  vi.unstubAllGlobals();
});

/**
 * Cognito with `existing` users found by AdminGetUser (CONFIRMED), `unfinished` ones too but in
 * FORCE_CHANGE_PASSWORD; the staff-passwords secret starts as `kept` (what CloudFormation makes it:
 * an empty object) and keeps what PutSecretValue writes, as Secrets Manager does. Returns every call
 * made, and the secret's value now.
 */
function fakes(existing: string[] = [], unfinished: string[] = [], kept = '{}') {
  let secretValue = kept;
  /** The writes in the order they happened: to the secret, and to Cognito's passwords. */
  const writes: string[] = [];
  cognitoMock.onAnyCommand().resolves({});
  cognitoMock.on(AdminSetUserPasswordCommand).callsFake((input: { Username?: string }) => {
    writes.push(`cognito ${input.Username}`);
    return {};
  });
  cognitoMock.on(AdminGetUserCommand).callsFake((input: { Username?: string }) => {
    const username = String(input.Username);
    if (existing.includes(username)) return { Username: username, UserStatus: 'CONFIRMED' };
    if (unfinished.includes(username))
      return { Username: username, UserStatus: 'FORCE_CHANGE_PASSWORD' };
    throw new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });
  });
  secretsMock.on(GetSecretValueCommand).callsFake((input: { SecretId?: string }) => {
    expect(input.SecretId).toBe(SECRET_ARN);
    return { SecretString: secretValue };
  });
  secretsMock
    .on(PutSecretValueCommand)
    .callsFake((input: { SecretId?: string; SecretString?: string }) => {
      expect(input.SecretId).toBe(SECRET_ARN);
      writes.push(`secret ${Object.keys(JSON.parse(String(input.SecretString))).join('+')}`);
      secretValue = String(input.SecretString);
      return {};
    });
  const calls = () =>
    [...cognitoMock.calls(), ...secretsMock.calls()].map((call) => {
      const command = call.args[0] as { constructor: { name: string }; input: object };
      return { name: command.constructor.name, input: command.input as Record<string, unknown> };
    });
  return Object.assign(calls, {
    secret: () => JSON.parse(secretValue) as Record<string, string>,
    writes: () => writes,
  });
}

/** The passwords Cognito was given, by username. */
const passwordsSet = (calls: ReturnType<typeof fakes>) =>
  Object.fromEntries(
    calls()
      .filter((c) => c.name === AdminSetUserPasswordCommand.name)
      .map((c) => {
        expect(c.input).toMatchObject({ UserPoolId: 'pool-1', Permanent: true });
        return [c.input.Username as string, c.input.Password as string];
      }),
  );

/** Runs the handler on `event`; returns what it answered CloudFormation. */
async function run(event: CloudFormationCustomResourceEvent) {
  const answers: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    answers.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return new Response(null, { status: 200 });
  });
  await handler(event);
  expect(answers).toHaveLength(1);
  expect(answers[0]!.url).toBe(event.ResponseURL);
  return answers[0]!.body;
}

describe('staff-users custom resource', () => {
  it('creates each user silently with a new password kept in the one secret, permanent, in its group', async () => {
    const calls = fakes();
    expect(await run(event('Create'))).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'staff-users-pool-1',
    });
    const creates = calls().filter((c) => c.name === AdminCreateUserCommand.name);
    expect(creates.map((c) => [c.input.Username, c.input.MessageAction])).toEqual([
      ['admin', 'SUPPRESS'],
      ['operator', 'SUPPRESS'],
    ]);
    // Both passwords in the one secret, as a JSON object by username: what Cognito was given.
    const passwords = passwordsSet(calls);
    expect(Object.keys(passwords)).toEqual(['admin', 'operator']);
    expect(calls.secret()).toEqual(passwords);
    for (const password of Object.values(passwords)) expect(password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect(passwords.admin).not.toBe(passwords.operator);
    // Each written to the secret before Cognito got it.
    expect(calls.writes()).toEqual([
      'secret admin',
      'cognito admin',
      'secret admin+operator',
      'cognito operator',
    ]);
    const groups = calls()
      .filter((c) => c.name === AdminAddUserToGroupCommand.name)
      .map((c) => c.input);
    expect(groups.map((g) => [g.Username, g.GroupName])).toEqual([
      ['admin', 'admin'],
      ['operator', 'operator'],
    ]);
  });

  it('never resets the password of a user that already exists (an admin may have changed it)', async () => {
    const calls = fakes(['admin'], [], JSON.stringify({ admin: 'kept-admin-password' }));
    expect(await run(event('Update'))).toMatchObject({ Status: 'SUCCESS' });
    const passwords = passwordsSet(calls);
    expect(Object.keys(passwords)).toEqual(['operator']);
    expect(calls().filter((c) => c.name === GetSecretValueCommand.name)).toHaveLength(1);
    // The admin's kept as it was, the operator's added beside it.
    expect(calls.secret()).toEqual({ admin: 'kept-admin-password', operator: passwords.operator });
    expect(calls().filter((c) => c.name === AdminAddUserToGroupCommand.name)).toHaveLength(2);
  });

  it('gives a user an interrupted run left unable to sign in the password the secret kept for it', async () => {
    const kept = { admin: 'written-before-the-stop', operator: 'operators-own' };
    const calls = fakes(['operator'], ['admin'], JSON.stringify(kept));
    expect(await run(event('Update'))).toMatchObject({ Status: 'SUCCESS' });
    expect(calls().filter((c) => c.name === AdminCreateUserCommand.name)).toEqual([]);
    expect(passwordsSet(calls)).toEqual({ admin: 'written-before-the-stop' });
    expect(calls().filter((c) => c.name === PutSecretValueCommand.name)).toEqual([]);
    expect(calls().filter((c) => c.name === AdminAddUserToGroupCommand.name)).toHaveLength(2);
  });

  it('fails, changing nothing in Cognito and logging nothing of the value, when the secret holds no JSON object', async () => {
    const calls = fakes([], [], 'hunter2-not-json');
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      }),
    );
    const answer = await run(event('Create'));
    for (const spy of spies) spy.mockRestore();
    expect(answer).toMatchObject({ Status: 'FAILED' });
    expect(JSON.stringify(answer)).not.toContain('hunter2');
    expect(logged.join('\n')).not.toContain('hunter2');
    expect(logged.join('\n')).toContain('does not hold a JSON object');
    expect(calls().filter((c) => c.name === AdminSetUserPasswordCommand.name)).toEqual([]);
    expect(calls().filter((c) => c.name === PutSecretValueCommand.name)).toEqual([]);
  });

  it('leaves the users in place on delete', async () => {
    const calls = fakes(['admin', 'operator']);
    expect(await run(event('Delete'))).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'staff-users-pool-1',
    });
    expect(calls()).toEqual([]);
  });
});
