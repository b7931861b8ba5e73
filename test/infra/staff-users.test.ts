/** The staff-users custom resource handler, with recorded Cognito and Secrets Manager calls. */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { applyStaffUsers, type StaffUserSpec } from '../../lambdas/custom-resources/staff-users';

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

/**
 * Fake clients: `existing` users are found by AdminGetUser (CONFIRMED), `unfinished` ones too but
 * in FORCE_CHANGE_PASSWORD; every call is recorded.
 */
function fakes(existing: string[] = [], unfinished: string[] = []) {
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const send = async (command: {
    constructor: { name: string };
    input: Record<string, unknown>;
  }) => {
    calls.push({ name: command.constructor.name, input: command.input });
    if (command instanceof AdminGetUserCommand) {
      const username = String(command.input.Username);
      if (existing.includes(username)) return { Username: username, UserStatus: 'CONFIRMED' };
      if (unfinished.includes(username))
        return { Username: username, UserStatus: 'FORCE_CHANGE_PASSWORD' };
      throw new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });
    }
    if (command instanceof GetSecretValueCommand)
      return { SecretString: `pw-for-${String(command.input.SecretId)}` };
    return {};
  };
  return { calls, deps: { cognito: { send }, secrets: { send } } as never };
}

describe('staff-users custom resource', () => {
  it('creates each user silently with its secret as a permanent password, in its group', async () => {
    const { calls, deps } = fakes();
    const id = await applyStaffUsers(event('Create'), deps);
    expect(id).toBe('staff-users-pool-1');
    const creates = calls.filter((c) => c.name === AdminCreateUserCommand.name);
    expect(creates.map((c) => [c.input.Username, c.input.MessageAction])).toEqual([
      ['admin', 'SUPPRESS'],
      ['operator', 'SUPPRESS'],
    ]);
    const passwords = calls
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
    const groups = calls
      .filter((c) => c.name === AdminAddUserToGroupCommand.name)
      .map((c) => c.input);
    expect(groups.map((g) => [g.Username, g.GroupName])).toEqual([
      ['admin', 'admin'],
      ['operator', 'operator'],
    ]);
  });

  it('never resets the password of a user that already exists (an admin may have changed it)', async () => {
    const { calls, deps } = fakes(['admin']);
    await applyStaffUsers(event('Update'), deps);
    const passwordUsers = calls
      .filter((c) => c.name === AdminSetUserPasswordCommand.name)
      .map((c) => c.input.Username);
    expect(passwordUsers).toEqual(['operator']);
    expect(calls.filter((c) => c.name === GetSecretValueCommand.name)).toHaveLength(1);
    expect(calls.filter((c) => c.name === AdminAddUserToGroupCommand.name)).toHaveLength(2);
  });

  it('gives its password to a user an interrupted run left unable to sign in', async () => {
    const { calls, deps } = fakes(['operator'], ['admin']);
    await applyStaffUsers(event('Update'), deps);
    expect(calls.filter((c) => c.name === AdminCreateUserCommand.name)).toEqual([]);
    expect(
      calls.filter((c) => c.name === AdminSetUserPasswordCommand.name).map((c) => c.input),
    ).toEqual([
      {
        UserPoolId: 'pool-1',
        Username: 'admin',
        Password: 'pw-for-arn:secret:admin',
        Permanent: true,
      },
    ]);
    expect(calls.filter((c) => c.name === AdminAddUserToGroupCommand.name)).toHaveLength(2);
  });

  it('leaves the users in place on delete', async () => {
    const { calls, deps } = fakes(['admin', 'operator']);
    expect(await applyStaffUsers(event('Delete'), deps)).toBe('staff-users-pool-1');
    expect(calls).toEqual([]);
  });
});
