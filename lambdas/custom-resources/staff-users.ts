/**
 * CloudFormation custom resource: the staff users (admin, operator) in the staff pool.
 *
 * Create and Update: domain/staff-accounts.ts makes each user exist (no invitation message), in its
 * group, with a permanent initial password kept in the stack's one staff-passwords secret (a JSON
 * object of passwords by username): the one kept there for the user if any, or a new one, written
 * to the secret before Cognito gets it, so that a run stopped half-way never leaves a password
 * nobody can read. A user that exists keeps its password (an admin may have changed it in the app),
 * unless an earlier run left it in FORCE_CHANGE_PASSWORD, where it could never sign in. Delete:
 * nothing (the pool is retained, and deleting staff accounts on a stack change would lock the
 * business out).
 *
 * Passwords are made and read here, at run time: they never appear in the template, in the
 * resource properties or in a log line.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import {
  ensureStaffAccount,
  generateStaffPassword,
  type StaffAccountCall,
} from '../domain/staff-accounts';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { customResourceHandler } from '../lib/custom-resource';

/** One staff user, as the stack passes it in the resource properties. */
export interface StaffUserSpec {
  username: string;
  group: string;
  email: string;
}

export interface StaffUsersProperties {
  UserPoolId: string;
  /** ARN of the secret whose SecretString is a JSON object of initial passwords by username. */
  PasswordsSecretArn: string;
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
    await ensureStaffAccount(call, props.UserPoolId, user, () =>
      initialPassword(deps.secrets, props.PasswordsSecretArn, user.username),
    );
  }
  return physicalId;
}

/**
 * The user's initial password: the one the secret keeps for it, or a new one, added to the secret
 * (the others' kept as they are) before it is returned.
 */
async function initialPassword(
  secrets: StaffUsersDeps['secrets'],
  secretArn: string,
  username: string,
): Promise<string> {
  const secret = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
  const notAnObject = new Error('The staff passwords secret does not hold a JSON object');
  let kept: unknown;
  try {
    kept = JSON.parse(secret.SecretString ?? '{}');
  } catch {
    // JSON.parse's own message quotes the text: the secret's value must not reach the log.
    throw notAnObject;
  }
  if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) throw notAnObject;
  const password = (kept as Record<string, unknown>)[username];
  if (typeof password === 'string' && password !== '') return password;
  const made = generateStaffPassword();
  await secrets.send(
    new PutSecretValueCommand({
      SecretId: secretArn,
      SecretString: JSON.stringify({ ...(kept as object), [username]: made }),
    }),
  );
  return made;
}

const defaultDeps = (): StaffUsersDeps => ({
  cognito: new CognitoIdentityProviderClient({}),
  secrets: new SecretsManagerClient({}),
});

/** Always answers CloudFormation, success or failure (lib/custom-resource.ts). */
export const handler = customResourceHandler('staff users', (event) =>
  applyStaffUsers(event, defaultDeps()),
);
