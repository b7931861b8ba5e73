/** One-time code rules (docs/product.md). */
import * as z from './zod';
import { MESSAGES } from './messages';

export * from './otp-format';

const OTP_COMPLETE = /^\d{6}$/;

/** A complete code: exactly 6 digits, else "Please enter a 6-digit OTP". */
export const otpSchema = z
  .string({ error: MESSAGES.otpMustBe6Digits })
  .regex(OTP_COMPLETE, { error: MESSAGES.otpMustBe6Digits });
