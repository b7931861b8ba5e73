/** Password hashing for staff users: scrypt with a random salt, compared in constant time. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const SCHEME = 'scrypt';
/** Salt of the decoy hash computed when there is no stored hash to check against. */
const NO_USER_SALT = randomBytes(SALT_BYTES);

const derive = (password: string, salt: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_BYTES, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** `scrypt$<salt>$<key>`, both base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return [
    SCHEME,
    salt.toString('base64url'),
    (await derive(password, salt)).toString('base64url'),
  ].join('$');
}

/** True when `password` matches `stored`; false for any malformed hash. */
export async function verifyPassword(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  const [scheme, salt, key] = (stored ?? '').split('$');
  if (scheme !== SCHEME || !salt || !key) {
    // No such user (or no password): spend the same scrypt time, so that the answer's timing does
    // not tell an unknown username from a wrong password.
    await derive(password, NO_USER_SALT);
    return false;
  }
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
