/**
 * One-time codes: drawn with the platform CSPRNG, and kept only as a salted hash so that neither
 * challenge parameters nor the retry store ever hold the code itself.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@shared/constants';
import type { CodeDigest } from '../repositories/otp-codes';

/** 10^6: codes are uniform over 000000-999999. */
const CODE_SPACE = 10 ** OTP_LENGTH;
/** Salt bytes per issued code: makes equal codes hash differently across issues. */
const SALT_BYTES = 16;
const COMPLETE_CODE = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** A uniform 6-digit code, leading zeros kept (crypto.randomInt is unbiased over its range). */
export function generateOtpCode(): string {
  return String(randomInt(0, CODE_SPACE)).padStart(OTP_LENGTH, '0');
}

// The stored form of a code is the repository's (a repository never imports domain/).
export type { CodeDigest } from '../repositories/otp-codes';

const hashWith = (salt: string, code: string): string =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** Salts and hashes a freshly drawn code. */
export function digestCode(code: string): CodeDigest {
  const salt = randomBytes(SALT_BYTES).toString('hex');
  return { salt, hash: hashWith(salt, code) };
}

/**
 * True when `answer` is the code behind `digest`. The comparison is constant time over the
 * fixed-length hashes; anything but 6 digits is wrong without hashing.
 */
export function codeMatches(digest: CodeDigest, answer: unknown): boolean {
  if (typeof answer !== 'string' || !COMPLETE_CODE.test(answer)) return false;
  const expected = Buffer.from(digest.hash, 'hex');
  const actual = Buffer.from(hashWith(digest.salt, answer), 'hex');
  return (
    expected.length === actual.length && expected.length > 0 && timingSafeEqual(expected, actual)
  );
}

/** challengeMetadata form of a digest; Define and Create see it, the client never does. */
const METADATA_PREFIX = 'CODE#';

export const digestToMetadata = (digest: CodeDigest): string =>
  `${METADATA_PREFIX}${digest.salt}#${digest.hash}`;

/** The digest in a challengeMetadata string, or undefined when it holds none. */
export function digestFromMetadata(metadata: unknown): CodeDigest | undefined {
  if (typeof metadata !== 'string' || !metadata.startsWith(METADATA_PREFIX)) return undefined;
  const [salt, hash] = metadata.slice(METADATA_PREFIX.length).split('#');
  if (!salt || !hash || !/^[0-9a-f]+$/.test(salt) || !/^[0-9a-f]{64}$/.test(hash)) return undefined;
  return { salt, hash };
}
