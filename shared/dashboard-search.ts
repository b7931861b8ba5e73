/** Dashboard search rules (docs/product.md). */
import * as z from './zod';
import { PHONE_LOCAL_LENGTH } from './constants';
import { MESSAGES } from './messages';

/** As-you-type check of the search box: a message for non-digits or more than 10 digits, else none. */
export function checkSearchInput(value: string): string | undefined {
  if (!/^\d*$/.test(value)) return MESSAGES.searchDigitsOnly;
  if (value.length > PHONE_LOCAL_LENGTH) return MESSAGES.searchTooLong;
  return undefined;
}

/** Search requires exactly 10 digits. */
export const searchPhoneSchema = z
  .string({ error: MESSAGES.searchInvalid })
  .regex(/^\d{10}$/, { error: MESSAGES.searchInvalid });

/** Request body of POST /api/users/search and POST /api/users/redeem. */
export const searchRequestSchema = z.strictObject({ phoneNumber: searchPhoneSchema });
export type SearchRequest = z.infer<typeof searchRequestSchema>;
