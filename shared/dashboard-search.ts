/**
 * Dashboard search rules (docs/product.md), for numbers as staff type or paste them: spaces,
 * dashes and a +61 / 61 / 0061 prefix are accepted (shared/phone-format.ts normalizePhoneInput
 * turns them into the local form); letters get "Please enter only numbers", more than 10 digits
 * "Phone number cannot exceed 10 digits", and a search needs exactly 10.
 */
import * as z from './zod';
import { PHONE_LOCAL_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { normalizePhoneInput, type InputResult } from './phone-format';

/**
 * A number still being typed with its country code ("+6", "+61 41", "0061 4..."), whose digits
 * after the code are not yet a whole mobile: kept as typed, judged on submit.
 */
const COUNTRY_CODE_IN_PROGRESS = /^(?:\+|00)(?:6(?:1(\d*))?)?$/;
/** The longest a number may be with a bare 61 in front (11 digits) before it is too long. */
const WITH_BARE_CODE = /^61/;

/**
 * The search box's typing rule: the proposed text is kept as typed (so "0412 345 678" reads as
 * the staff member wrote it) unless it holds something other than a number, or more digits than
 * a number has; then the previous text stays and the message says why.
 */
export function acceptSearchInput(previous: string, proposed: string): InputResult {
  const local = normalizePhoneInput(proposed);
  const inProgress = COUNTRY_CODE_IN_PROGRESS.exec(local);
  if (inProgress) {
    return (inProgress[1] ?? '').length >= PHONE_LOCAL_LENGTH
      ? { value: previous, error: MESSAGES.searchTooLong }
      : { value: proposed };
  }
  if (!/^\d*$/.test(local)) return { value: previous, error: MESSAGES.searchDigitsOnly };
  const max = WITH_BARE_CODE.test(local) ? PHONE_LOCAL_LENGTH + 1 : PHONE_LOCAL_LENGTH;
  if (local.length > max) return { value: previous, error: MESSAGES.searchTooLong };
  return { value: proposed };
}

/** The message for text that cannot become a number as typed, else undefined. */
export const checkSearchInput = (value: string): string | undefined =>
  acceptSearchInput('', value).error;

/** Search requires exactly 10 digits once spaces, dashes and a +61 prefix are set aside. */
export const searchPhoneSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normalizePhoneInput(value) : value),
  z.string({ error: MESSAGES.searchInvalid }).regex(/^\d{10}$/, { error: MESSAGES.searchInvalid }),
);

/** Request body of POST /api/users/search and POST /api/users/redeem. */
export const searchRequestSchema = z.strictObject({ phoneNumber: searchPhoneSchema });
/** What the web app sends: the number in local form. */
export interface SearchRequest {
  phoneNumber: string;
}

/** Digits of a partial search: the last 3 or 4 of a number. */
const LAST_DIGITS_MIN = 3;
const LAST_DIGITS_MAX = 4;
/** A partial search answers at most this many customers (newest first). */
export const LAST_DIGITS_MATCHES_MAX = 10;

const LAST_DIGITS = new RegExp(`^\\d{${LAST_DIGITS_MIN},${LAST_DIGITS_MAX}}$`);

/** Whether a search box value (as typed) is a partial search: 3 or 4 digits alone. */
export const isLastDigits = (value: string): boolean =>
  LAST_DIGITS.test(normalizePhoneInput(value));

/**
 * Request body of a partial POST /api/users/search: the last 3 or 4 digits. A body naming
 * `lastDigits` is one; any other is judged as a whole number (searchRequestSchema), with the
 * product's messages.
 */
export const lastDigitsRequestSchema = z.strictObject({
  lastDigits: z.string().regex(LAST_DIGITS),
});
export const isLastDigitsRequest = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'lastDigits' in body;
/** What the web app sends for a partial search. */
export interface LastDigitsRequest {
  lastDigits: string;
}
