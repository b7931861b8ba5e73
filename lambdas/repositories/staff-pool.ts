/** The staff user pool: the two fixed accounts' passwords and sessions. */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/cognito-client';

export type SetPasswordResult = 'set' | 'invalid-password' | 'not-found';

/** Sets a user's permanent password; the password goes to Cognito only, never stored or logged. */
export async function setUserPassword(
  userPoolId: string,
  username: string,
  password: string,
): Promise<SetPasswordResult> {
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );
    return 'set';
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'InvalidPasswordException') return 'invalid-password';
    if (name === 'UserNotFoundException') return 'not-found';
    throw error;
  }
}

/** Ends every session of a user: none of its refresh tokens gets new tokens any more. */
export async function signOutEverywhere(userPoolId: string, username: string): Promise<void> {
  await cognito().send(
    new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }),
  );
}

/**
 * Makes a staff account that is missing (deleted by the self-service DeleteUser, or by hand) again:
 * the user with its email, the given permanent password, and its group. An account made meanwhile
 * by someone else is not an error: its password is set all the same.
 */
export async function recreateStaffUser(
  userPoolId: string,
  account: { username: string; group: string; email: string },
  password: string,
): Promise<SetPasswordResult> {
  try {
    await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: account.username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UsernameExistsException')) throw error;
  }
  const result = await setUserPassword(userPoolId, account.username, password);
  if (result !== 'set') return result;
  await cognito().send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: account.username,
      GroupName: account.group,
    }),
  );
  return 'set';
}
