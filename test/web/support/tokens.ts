/**
 * The web tests' one token builder: unsigned JWT-shaped ID tokens (the browser only decodes them;
 * the fake networks check their presence, the real server verifies signatures).
 */
const HOUR_S = 3600;

/** An unsigned JWT with these fields, valid an hour unless `exp` is given. */
export function unsignedIdToken(fields: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = { token_use: 'id', exp: Math.floor(Date.now() / 1000) + HOUR_S, ...fields };
  return `${part({ alg: 'none' })}.${part(body)}.sig`;
}

/** A visitor's ID token: the verified number the page reads. */
export const visitorIdToken = (phoneNumber: string): string =>
  unsignedIdToken({ phone_number: phoneNumber, phone_number_verified: true });

/** A staff ID token for a user in `groups`. */
export const staffIdToken = (
  username: string,
  groups: string[],
  email = `${username}@example.com`,
): string => unsignedIdToken({ 'cognito:username': username, 'cognito:groups': groups, email });
