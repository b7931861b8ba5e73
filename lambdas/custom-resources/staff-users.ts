/**
 * CloudFormation custom resource: the staff users (admin, operator) in the staff pool.
 *
 * Create: each user is created (no invitation message), given the password held in its Secrets
 * Manager secret as a permanent password, and added to its group. Update: users missing from the
 * pool are created the same way; existing users only get their group membership ensured, so a
 * password an admin changed in the app is never reset by a later deploy. Delete: nothing (the pool
 * is retained, and deleting staff accounts on a stack change would lock the business out).
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
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type {
  CloudFormationCustomResourceEvent,
  CloudFormationCustomResourceResponse,
} from 'aws-lambda';

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

/** The AWS calls this resource makes, injectable for tests. */
export interface StaffUsersDeps {
  cognito: Pick<CognitoIdentityProviderClient, 'send'>;
  secrets: Pick<SecretsManagerClient, 'send'>;
}

/** Creates the user when missing (returns true), or leaves it as it is (returns false). */
async function ensureUser(
  deps: StaffUsersDeps,
  userPoolId: string,
  user: StaffUserSpec,
): Promise<boolean> {
  try {
    await deps.cognito.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.username }),
    );
    return false;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  await deps.cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const secret = await deps.secrets.send(
    new GetSecretValueCommand({ SecretId: user.passwordSecretArn }),
  );
  if (!secret.SecretString) throw new Error(`Secret for ${user.username} has no string value`);
  await deps.cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: user.username,
      Password: secret.SecretString,
      Permanent: true,
    }),
  );
  return true;
}

/** Applies the resource's desired state; returns the physical resource id. */
export async function applyStaffUsers(
  event: CloudFormationCustomResourceEvent,
  deps: StaffUsersDeps,
): Promise<string> {
  const props = event.ResourceProperties as unknown as StaffUsersProperties;
  const physicalId = `staff-users-${props.UserPoolId}`;
  if (event.RequestType === 'Delete') return event.PhysicalResourceId;
  const users = JSON.parse(props.Users) as StaffUserSpec[];
  for (const user of users) {
    await ensureUser(deps, props.UserPoolId, user);
    // Idempotent: adding a member twice is not an error.
    await deps.cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: props.UserPoolId,
        Username: user.username,
        GroupName: user.group,
      }),
    );
  }
  return physicalId;
}

/** Sends the result to CloudFormation's pre-signed URL; CloudFormation waits for it. */
async function respond(
  event: CloudFormationCustomResourceEvent,
  response: Pick<CloudFormationCustomResourceResponse, 'Status' | 'PhysicalResourceId' | 'Reason'>,
): Promise<void> {
  const body = JSON.stringify({
    ...response,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  const result = await fetch(event.ResponseURL, {
    method: 'PUT',
    // The pre-signed URL is signed for an empty content type.
    headers: { 'content-type': '' },
    body,
  });
  if (!result.ok) throw new Error(`CloudFormation response refused: ${result.status}`);
}

const defaultDeps = (): StaffUsersDeps => ({
  cognito: new CognitoIdentityProviderClient({}),
  secrets: new SecretsManagerClient({}),
});

/**
 * Always answers CloudFormation, success or failure: an unanswered custom resource stalls the
 * stack for an hour. The reason carries the error's name and message only (never a password).
 */
export async function handler(event: CloudFormationCustomResourceEvent): Promise<void> {
  try {
    const physicalId = await applyStaffUsers(event, defaultDeps());
    await respond(event, { Status: 'SUCCESS', PhysicalResourceId: physicalId });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'Unknown error';
    console.error(JSON.stringify({ level: 'ERROR', message: 'staff users failed', reason }));
    const physicalId =
      'PhysicalResourceId' in event
        ? event.PhysicalResourceId
        : `staff-users-failed-${event.RequestId}`;
    await respond(event, { Status: 'FAILED', PhysicalResourceId: physicalId, Reason: reason });
  }
}
