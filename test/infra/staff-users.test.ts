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
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler, type StaffUserSpec } from '../../lambdas/custom-resources/staff-users';

const USERS: StaffUserSpec[] = [
  {
    username: 'admin',
    group: 'admin',
    email: 'admin@example.com',
    passwordSecretArn: 'arn:secret:admin',
  },
  {
    username: 'operator',
    group: 'operator',
    email: 'operator@example.com',
    passwordSecretArn: 'arn:secret:operator',
  },
];

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
 * FORCE_CHANGE_PASSWORD; each secret holds `pw-for-<its ARN>`. Returns every call made.
 */
function fakes(existing: string[] = [], unfinished: string[] = []) {
  cognitoMock.onAnyCommand().resolves({});
  cognitoMock.on(AdminGetUserCommand).callsFake((input: { Username?: string }) => {
    const username = String(input.Username);
    if (existing.includes(username)) return { Username: username, UserStatus: 'CONFIRMED' };
    if (unfinished.includes(username))
      return { Username: username, UserStatus: 'FORCE_CHANGE_PASSWORD' };
    throw new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });
  });
  secretsMock
    .on(GetSecretValueCommand)
    .callsFake((input: { SecretId?: string }) => ({ SecretString: `pw-for-${input.SecretId}` }));
  return () =>
    [...cognitoMock.calls(), ...secretsMock.calls()].map((call) => {
      const command = call.args[0] as { constructor: { name: string }; input: object };
      return { name: command.constructor.name, input: command.input as Record<string, unknown> };
    });
}

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
  it('creates each user silently with its secret as a permanent password, in its group', async () => {
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
    const passwords = calls()
      .filter((c) => c.name === AdminSetUserPasswordCommand.name)
      .map((c) => c.input);
    expect(passwords).toEqual([
      {
        UserPoolId: 'pool-1',
        Username: 'admin',
        Password: 'pw-for-arn:secret:admin',
        Permanent: true,
      },
      {
        UserPoolId: 'pool-1',
        Username: 'operator',
        Password: 'pw-for-arn:secret:operator',
        Permanent: true,
      },
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
    const calls = fakes(['admin']);
    expect(await run(event('Update'))).toMatchObject({ Status: 'SUCCESS' });
    const passwordUsers = calls()
      .filter((c) => c.name === AdminSetUserPasswordCommand.name)
      .map((c) => c.input.Username);
    expect(passwordUsers).toEqual(['operator']);
    expect(calls().filter((c) => c.name === GetSecretValueCommand.name)).toHaveLength(1);
    expect(calls().filter((c) => c.name === AdminAddUserToGroupCommand.name)).toHaveLength(2);
  });

  it('gives its password to a user an interrupted run left unable to sign in', async () => {
    const calls = fakes(['operator'], ['admin']);
    expect(await run(event('Update'))).toMatchObject({ Status: 'SUCCESS' });
    expect(calls().filter((c) => c.name === AdminCreateUserCommand.name)).toEqual([]);
    expect(
      calls()
        .filter((c) => c.name === AdminSetUserPasswordCommand.name)
        .map((c) => c.input),
    ).toEqual([
      {
        UserPoolId: 'pool-1',
        Username: 'admin',
        Password: 'pw-for-arn:secret:admin',
        Permanent: true,
      },
    ]);
    expect(calls().filter((c) => c.name === AdminAddUserToGroupCommand.name)).toHaveLength(2);
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
