/** Phone rules (docs/product.md), and conversion between local and international forms. */
import * as z from './zod';
import { MESSAGES } from './messages';
import { LOCAL_MOBILE } from './phone-format';
import { solvedChallengeSchema, sourceTagSchema } from './spin';

/** The local number a visitor sends: exactly 10 digits starting 04. */
const localPhoneSchema = z
  .string({ error: MESSAGES.phoneInvalid })
  .regex(LOCAL_MOBILE, { error: MESSAGES.phoneInvalid });

/**
 * Request body of POST /api/users/exists: the number and a solved GET /api/otp/challenge (a reward
 * lookup costs the work of a code: docs/security.md).
 */
export const rewardLookupRequestSchema = z.strictObject({
  phoneNumber: localPhoneSchema,
  altcha: solvedChallengeSchema,
});

/**
 * Request body of POST /api/otp/start: the number, a solved GET /api/otp/challenge, and the
 * source tag of the placement the visitor came through, if any. `recover`:
 * the visitor was told "This number already has a reward!" and verifies the number to see that
 * prize, so a reward does not refuse the code (a number without one gets its code all the same:
 * the answer tells nothing the refusal had not told; docs/security.md, "A prize nobody can lose").
 */
export const otpStartRequestSchema = z.strictObject({
  phoneNumber: localPhoneSchema,
  altcha: solvedChallengeSchema,
  recover: z.literal(true).optional(),
  source: sourceTagSchema.optional(),
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
