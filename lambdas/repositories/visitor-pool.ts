/** The visitor user pool: users are created by the server (there is no public sign-up). */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/cognito-client';

/**
 * Creates the visitor user for a +61 number: phone number as username, marked verified (the SMS
 * code sign-in is what proves it), and no invitation message: 'created' with the new user's sub,
 * or 'exists' when it already is there.
 */
export async function createVisitorUser(
  userPoolId: string,
  phoneNumber: string,
): Promise<{ status: 'created'; sub: string | undefined } | { status: 'exists' }> {
  try {
    const { User } = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: phoneNumber,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'phone_number', Value: phoneNumber },
          { Name: 'phone_number_verified', Value: 'true' },
        ],
      }),
    );
    return { status: 'created', sub: User?.Attributes?.find((a) => a.Name === 'sub')?.Value };
  } catch (error) {
    if (error instanceof Error && error.name === 'UsernameExistsException')
      return { status: 'exists' };
    throw error;
  }
}

/** Deletes the visitor user of a +61 number; 'not-found' when there is none. */
export async function deleteVisitorUser(
  userPoolId: string,
  phoneNumber: string,
): Promise<'deleted' | 'not-found'> {
  try {
    await cognito().send(
      new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: phoneNumber }),
    );
    return 'deleted';
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return 'not-found';
    throw error;
  }
}
