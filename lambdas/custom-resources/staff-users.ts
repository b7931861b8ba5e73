/**
 * CloudFormation custom resource: the staff users (admin, operator) in the staff pool.
 *
 * Create and Update: domain/staff-accounts.ts makes each user exist (no invitation message), with
 * the password held in its Secrets Manager secret as a permanent password, in its group. A user
 * that exists keeps its password (an admin may have changed it in the app), unless an earlier run
 * left it in FORCE_CHANGE_PASSWORD, where it could never sign in. Delete: nothing (the pool is
 * retained, and deleting staff accounts on a stack change would lock the business out).
 *
 * The password is read from Secrets Manager here, at run time: it never appears in the template,
 * in the resource properties or in a log line.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ensureStaffAccount, type StaffAccountCall } from '../domain/staff-accounts';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { customResourceHandler } from '../lib/custom-resource';

/** One staff user, as the stack passes it in the resource properties. */
export interface StaffUserSpec {
  username: string;
  group: string;
  email: string;
  /** ARN of the secret whose SecretString is the user's initial password. */
  passwordSecretArn: string;
}

export interface StaffUsersProperties {
  UserPoolId: string;
  /** JSON of StaffUserSpec[]: CloudFormation turns nested values into strings anyway. */
  Users: string;
}

/** Sends one of ensureStaffAccount's operations as its SDK command. */
function sdkCall(cognito: StaffUsersDeps['cognito']): StaffAccountCall {
  return (operation, input) => {
    switch (operation) {
      case 'AdminGetUser':
        return cognito.send(new AdminGetUserCommand(input as never));
      case 'AdminCreateUser':
        return cognito.send(new AdminCreateUserCommand(input as never));
      case 'AdminSetUserPassword':
        return cognito.send(new AdminSetUserPasswordCommand(input as never));
      case 'AdminAddUserToGroup':
        return cognito.send(new AdminAddUserToGroupCommand(input as never));
    }
  };
}

/** The AWS calls this resource makes. */
interface StaffUsersDeps {
  cognito: Pick<CognitoIdentityProviderClient, 'send'>;
  secrets: Pick<SecretsManagerClient, 'send'>;
}

/** Applies the resource's desired state; returns the physical resource id. */
async function applyStaffUsers(
  event: CloudFormationCustomResourceEvent,
  deps: StaffUsersDeps,
): Promise<string> {
  const props = event.ResourceProperties as unknown as StaffUsersProperties;
  const physicalId = `staff-users-${props.UserPoolId}`;
  if (event.RequestType === 'Delete') return event.PhysicalResourceId;
  const users = JSON.parse(props.Users) as StaffUserSpec[];
  const call = sdkCall(deps.cognito);
  for (const user of users) {
    await ensureStaffAccount(call, props.UserPoolId, user, async () => {
      const secret = await deps.secrets.send(
        new GetSecretValueCommand({ SecretId: user.passwordSecretArn }),
      );
      if (!secret.SecretString) throw new Error(`Secret for ${user.username} has no string value`);
      return secret.SecretString;
    });
  }
  return physicalId;
}

const defaultDeps = (): StaffUsersDeps => ({
  cognito: new CognitoIdentityProviderClient({}),
  secrets: new SecretsManagerClient({}),
});

/** Always answers CloudFormation, success or failure (lib/custom-resource.ts). */
export const handler = customResourceHandler('staff users', (event) =>
  applyStaffUsers(event, defaultDeps()),
);
