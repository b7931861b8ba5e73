/** Phone rules (docs/product.md), and conversion between local and international forms. */
import * as z from './zod';
import { MESSAGES } from './messages';
import { LOCAL_MOBILE } from './phone-format';
import { solvedChallengeSchema } from './spin';

/** The local number a visitor sends: exactly 10 digits starting 04. */
const localPhoneSchema = z
  .string({ error: MESSAGES.phoneInvalid })
  .regex(LOCAL_MOBILE, { error: MESSAGES.phoneInvalid });

/**
 * Request body of POST /api/otp/start and POST /api/users/exists: the number and a solved
 * GET /api/otp/challenge (a reward lookup costs the work of a code: docs/security.md).
 */
export const otpStartRequestSchema = z.strictObject({
  phoneNumber: localPhoneSchema,
  altcha: solvedChallengeSchema,
});
export type OtpStartRequest = z.infer<typeof otpStartRequestSchema>;

/**
 * Answer of POST /api/otp/start (202): the sign-in key the code's answers must carry (as the
 * ClientMetadata entry SIGN_IN_KEY_METADATA), so that sign-ins started by anyone else for the same
 * number cannot spend this visitor's tries.
 */
export interface OtpStartResponse {
  signInKey: string;
}
