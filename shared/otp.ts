/** One-time code rules of spec section 5. */
import { z } from 'zod';
import { OTP_LENGTH } from './constants';
import { MESSAGES } from './messages';
import type { InputResult } from './phone';

const OTP_INPUT = /^\d{0,6}$/;
const OTP_COMPLETE = /^\d{6}$/;

/** Typing rule: digits only, at most 6. A rejected input keeps the previous value. */
export function acceptOtpInput(previous: string, proposed: string): InputResult {
  return OTP_INPUT.test(proposed) ? { value: proposed } : { value: previous };
}

/** A complete code: exactly 6 digits, else "Please enter a 6-digit OTP". */
export const otpSchema = z
  .string({ error: MESSAGES.otpMustBe6Digits })
  .regex(OTP_COMPLETE, { error: MESSAGES.otpMustBe6Digits });

/** The result form of the same rule (spec: "Incorrect OTP" with detail "OTP must be 6 characters long"). */
export function checkOtpLength(
  code: string,
): { ok: true } | { ok: false; error: string; detail: string } {
  return code.length === OTP_LENGTH
    ? { ok: true }
    : { ok: false, error: MESSAGES.otpIncorrect, detail: MESSAGES.otpMustBe6Characters };
}
