/** The staff user pool: the two fixed accounts' passwords and sessions. */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { StaffSignInResponse } from '@shared/types';
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

/** The tokens of a staff sign-in, as the browser keeps them. */
export type StaffTokens = StaffSignInResponse;

/**
 * What a password sign-in came to: tokens; a wrong username or password; the user locked out by
 * Cognito after failed passwords ("Password attempts exceeded"); or anything else that signs no one
 * in (a challenge, such as a temporary password's demand for a new one, or a disabled user).
 */
export type PasswordSignIn =
  { outcome: 'signed-in'; tokens: StaffTokens } | { outcome: 'wrong' | 'locked' | 'refused' };

/** Cognito's message for an attempt while the user is locked out (a NotAuthorizedException too). */
const LOCKED_OUT = 'Password attempts exceeded';

/**
 * A password sign-in with AWS credentials (ADMIN_USER_PASSWORD_AUTH: the app client allows no
 * password flow from the internet). The password goes to Cognito only, never stored or logged.
 * `viewer` is the address CloudFront saw, for Cognito's threat protection.
 */
export async function passwordSignIn(
  pool: { userPoolId: string; clientId: string },
  username: string,
  password: string,
  viewer: string,
): Promise<PasswordSignIn> {
  try {
    const answer = await cognito().send(
      new AdminInitiateAuthCommand({
        UserPoolId: pool.userPoolId,
        ClientId: pool.clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
        ContextData: {
          IpAddress: viewer,
          ServerName: 'spin-and-win',
          ServerPath: '/api/staff/sign-in',
          HttpHeaders: [],
        },
      }),
    );
    const result = answer.AuthenticationResult;
    if (!result?.IdToken || !result.AccessToken || !result.RefreshToken)
      return { outcome: 'refused' };
    return {
      outcome: 'signed-in',
      tokens: {
        idToken: result.IdToken,
        accessToken: result.AccessToken,
        refreshToken: result.RefreshToken,
        expiresIn: result.ExpiresIn ?? 0,
      },
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const message = error instanceof Error ? error.message : '';
    if (name === 'NotAuthorizedException' && message.startsWith(LOCKED_OUT))
      return { outcome: 'locked' };
    // A wrong password, an unknown name and a disabled user alike: the page tells none apart.
    if (name === 'NotAuthorizedException' || name === 'UserNotFoundException')
      return { outcome: 'wrong' };
    if (name === 'PasswordResetRequiredException' || name === 'UserNotConfirmedException')
      return { outcome: 'refused' };
    throw error;
  }
}
