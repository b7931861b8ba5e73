/**
 * The two staff accounts, made to exist: at deploy by the staff-users custom resource, and at the
 * first local start by the seed, with one piece of code. Cognito is reached through `call`, so the
 * deploy can use the SDK and the local seed the stand-in.
 */
import { randomInt } from 'node:crypto';

/** Generated staff passwords: 20 characters from an alphabet without look-alikes (about 115 bits). */
const GENERATED_PASSWORD_LENGTH = 20;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A new random initial password for a staff user (the deploy's and the local seed's alike). */
export const generateStaffPassword = (): string =>
  Array.from(
    { length: GENERATED_PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');

/** The Cognito operations this needs; each takes and returns Cognito's own JSON shapes. */
export type StaffAccountCall = (
  operation: 'AdminGetUser' | 'AdminCreateUser' | 'AdminSetUserPassword' | 'AdminAddUserToGroup',
  input: Record<string, unknown>,
) => Promise<unknown>;

export interface StaffAccountSpec {
  username: string;
  group: string;
  email: string;
}

/**
 * - created: the user did not exist; it now has `initialPassword()` as its permanent password.
 * - repaired: it existed in FORCE_CHANGE_PASSWORD (an earlier run stopped between creating it and
 *   setting its password): it gets `initialPassword()` now, or it could never sign in.
 * - kept: it existed and was usable: its password stays (an admin may have changed it).
 * In every case it ends in its group (adding a member twice is not an error).
 */
export type StaffAccountOutcome = 'created' | 'repaired' | 'kept';

async function userStatus(
  call: StaffAccountCall,
  userPoolId: string,
  username: string,
): Promise<string | undefined> {
  try {
    const user = (await call('AdminGetUser', { UserPoolId: userPoolId, Username: username })) as {
      UserStatus?: string;
    };
    return user.UserStatus ?? 'CONFIRMED';
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

export async function ensureStaffAccount(
  call: StaffAccountCall,
  userPoolId: string,
  user: StaffAccountSpec,
  initialPassword: () => Promise<string>,
): Promise<StaffAccountOutcome> {
  const status = await userStatus(call, userPoolId, user.username);
  let outcome: StaffAccountOutcome = 'kept';
  if (status === undefined) {
    await call('AdminCreateUser', {
      UserPoolId: userPoolId,
      Username: user.username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    outcome = 'created';
  } else if (status === 'FORCE_CHANGE_PASSWORD') {
    outcome = 'repaired';
  }
  if (outcome !== 'kept') {
    await call('AdminSetUserPassword', {
      UserPoolId: userPoolId,
      Username: user.username,
      Password: await initialPassword(),
      Permanent: true,
    });
  }
  await call('AdminAddUserToGroup', {
    UserPoolId: userPoolId,
    Username: user.username,
    GroupName: user.group,
  });
  return outcome;
}
