/**
 * Phone typing rules and number forms (docs/product.md), without zod: the wheel page imports this
 * so its bundle does not carry the schema library (shared/phone.ts adds the request schemas).
 */
import {
  AU_COUNTRY_CODE,
  PHONE_LOCAL_LENGTH,
  PHONE_LOCAL_PREFIX,
  PHONE_PREFIX_CHECK_AFTER,
} from './constants';
import { MESSAGES } from './messages';

const DIGITS_ONLY = /^\d*$/;
export const LOCAL_MOBILE = /^04\d{8}$/;
const INTERNATIONAL_MOBILE = /^\+614\d{8}$/;

export interface InputResult {
  /** The value the field should hold after this keystroke. */
  value: string;
  /** A message to show, when the input was rejected with one. */
  error?: string;
}

/**
 * Applies a phone field's typing rules to a proposed new value: digits only, at most 10, and once
 * longer than 2 digits it must start with "04". A rejected input keeps the previous value.
 */
function acceptPhoneInput(previous: string, proposed: string): InputResult {
  if (!DIGITS_ONLY.test(proposed)) return { value: previous };
  if (proposed.length > PHONE_LOCAL_LENGTH) return { value: previous };
  if (proposed.length > PHONE_PREFIX_CHECK_AFTER && !proposed.startsWith(PHONE_LOCAL_PREFIX)) {
    return { value: previous, error: MESSAGES.phoneMustStartWith04 };
  }
  return { value: proposed };
}

/** What people put between digits when they write or paste a number: spaces, dashes, dots, brackets. */
const SEPARATORS = /[\s\u00a0\-\u2010-\u2015.()]/g;
/**
 * An Australian mobile written with its country code, whole or as far as typed: +61 4..., 61 4...,
 * 0061 4..., or +61 (0) 4.... Once its 4 is there it can only be a mobile, so it turns local.
 */
const WITH_COUNTRY_CODE = /^(?:\+|00)?61(?:0)?(4\d{0,8})$/;
/** A country code typed key by key, before the mobile's 4: held as typed until the 4 comes. */
const COUNTRY_CODE_SO_FAR = /^(?:\+|\+6|\+61|\+610|006|0061|00610|610)$/;

/**
 * A number as people paste or autofill it, in the local form the phone fields hold: separators
 * dropped, and a +61 / 61 / 0061 prefix turned into the leading 0 ("+61 412 345 678" ->
 * "0412345678"). Anything else (letters, a partial number) comes back with only its separators
 * dropped, so the field's typing rules still judge it and give their message.
 */
export function normalizePhoneInput(raw: string): string {
  const compact = raw.replace(SEPARATORS, '');
  const international = WITH_COUNTRY_CODE.exec(compact);
  return international ? '0' + international[1] : compact;
}

/**
 * The phone field's keystroke as typed or pasted (`raw`, what the field would now hold): the
 * number's separators dropped, a country code held while it is being typed and turned into the
 * leading 0 once the 4 follows, then the typing rules (acceptPhoneInput) applied. So "+61 412 345
 * 678" typed key by key ends as 0412345678, as it does pasted.
 */
export function acceptTypedPhone(previous: string, raw: string): InputResult {
  const proposed = normalizePhoneInput(raw);
  if (COUNTRY_CODE_SO_FAR.test(proposed)) return { value: proposed };
  const result = acceptPhoneInput(previous, proposed);
  // After a country code only a mobile's 4 can follow: anything else gets the typing rule's message.
  if (result.value === previous && COUNTRY_CODE_SO_FAR.test(previous) && proposed !== previous)
    return { value: previous, error: MESSAGES.phoneMustStartWith04 };
  return result;
}

/**
 * The field's value as it reads while typed: digits grouped 4-3-3 as far as they go ("0412 34"),
 * with no trailing space, so deleting a digit is one keystroke. A country code so far is left as is.
 */
export const groupPhoneDigits = (value: string): string =>
  /^\d+$/.test(value)
    ? [value.slice(0, 4), value.slice(4, 7), value.slice(7)].filter(Boolean).join(' ')
    : value;

/** True for a 10-digit local Australian mobile starting 04. */
export const isLocalMobile = (value: string): boolean => LOCAL_MOBILE.test(value);

/** True for +614XXXXXXXX. */
export const isInternationalMobile = (value: string): boolean => INTERNATIONAL_MOBILE.test(value);

/** 0412345678 -> +61412345678. Throws on anything that is not a local mobile. */
export function toInternational(local: string): string {
  if (!isLocalMobile(local)) throw new Error('not a local Australian mobile');
  return AU_COUNTRY_CODE + local.slice(1);
}

/** +61412345678 -> 0412345678. Throws on anything that is not an international AU mobile. */
export function toLocal(international: string): string {
  if (!isInternationalMobile(international)) throw new Error('not an Australian mobile');
  return '0' + international.slice(AU_COUNTRY_CODE.length);
}

/** Masks a phone number for logs: keeps the last 3 digits only, e.g. +614*****678. */
export function maskPhone(phone: string): string {
  if (phone.length <= 3) return '***';
  const keepStart = phone.startsWith('+') ? 4 : 2;
  const start = phone.slice(0, Math.min(keepStart, phone.length - 3));
  return start + '*'.repeat(phone.length - start.length - 3) + phone.slice(-3);
}

/**
 * A local mobile as staff read it back to a customer, grouped 4-3-3: 0412345678 -> "0412 345 678".
 * Anything else comes back as it is.
 */
export const formatLocalNumber = (local: string): string =>
  isLocalMobile(local) ? groupPhoneDigits(local) : local;
