/**
 * One-time code typing and length rules (docs/product.md), without zod: the wheel page imports
 * this so its bundle does not carry the schema library.
 */
import { OTP_LENGTH } from './constants';
import { MESSAGES } from './messages';
import type { InputResult } from './phone-format';

const OTP_INPUT = new RegExp(`^\\d{0,${OTP_LENGTH}}$`);

/** Typing rule: digits only, at most 6. A rejected input keeps the previous value. */
export function acceptOtpInput(previous: string, proposed: string): InputResult {
  return OTP_INPUT.test(proposed) ? { value: proposed } : { value: previous };
}

/** The result form of the length rule (required: "Incorrect OTP" with detail "OTP must be 6 characters long"). */
export function checkOtpLength(
  code: string,
): { ok: true } | { ok: false; error: string; detail: string } {
  return code.length === OTP_LENGTH
    ? { ok: true }
    : { ok: false, error: MESSAGES.otpIncorrect, detail: MESSAGES.otpMustBe6Characters };
}
