/** The staff user pool: the two fixed accounts' passwords and sessions. */
import {
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
