/** Visitor-pool users: created by the server (no public SignUp) just before their first sign-in. */
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/cognito-client';

/**
 * Creates the visitor user for a +61 number if it does not exist yet: phone number as username,
 * marked verified (the SMS code sign-in is what proves it), and no invitation message.
 */
export async function ensureVisitorUser(userPoolId: string, phoneNumber: string): Promise<void> {
  try {
    await cognito().send(
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
  } catch (error) {
    // Already there: fine, the sign-in can start.
    if (error instanceof Error && error.name === 'UsernameExistsException') return;
    throw error;
  }
}
