/**
 * The customers CSV (admin "Download CSV"): one row per customer, the columns below, RFC 4180
 * quoting, and spreadsheet-safe text: a cell a spreadsheet would read as a formula (starting with
 * =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe. That applies to the text
 * people typed (prize names, staff usernames); numbers, times and flags come from our own
 * validated formats and are written as they are.
 */
import type { Customer } from './types';

export const CSV_COLUMNS = [
  'phoneNumber',
  'localNumber',
  'offer',
  'isOfferClaimed',
  'createdAt',
  'redeemedAt',
  'redeemedBy',
  'expiresAt',
] as const;

/** Columns holding text that people typed. */
const TYPED_TEXT: ReadonlySet<string> = new Set(['offer', 'redeemedBy']);

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised when typed text looks like a formula, quoted when it needs it. */
function csvCell(value: string, typedText: boolean): string {
  const safe = typedText && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header line, ending in CRLF. */
export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;

/** One customer's line, ending in CRLF. */
export function csvRow(customer: Customer): string {
  return `${CSV_COLUMNS.map((column) => {
    const value = customer[column];
    return csvCell(value === undefined ? '' : String(value), TYPED_TEXT.has(column));
  }).join(',')}\r\n`;
}
