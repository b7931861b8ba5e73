/**
 * The customers CSV (admin "Download CSV"): one row per customer, the columns below, RFC 4180
 * quoting, and spreadsheet-safe text whatever delimiter the reader's locale uses:
 * - a cell holding any delimiter a spreadsheet may split on (comma, semicolon, tab), a quote, a
 *   line break or outer spaces is quoted, so `x;=1+2` stays one cell in a `;` locale instead of
 *   becoming `x` and the formula `=1+2`;
 * - a cell a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage
 *   return) is prefixed with an apostrophe, and so is such a character right after a delimiter or
 *   line break inside it: a reader whose delimiter is not the comma honours no quotes in the
 *   middle of its field, so `x;=1+2` there still splits before `=1+2` and must find `'=1+2`.
 *   That applies to the text people typed (prize names, conditions, staff usernames); numbers,
 *   times and statuses come from our own validated formats and are written as they are.
 * The columns and their values are the download's (shared/customer-export.ts), as in the workbook.
 */
import { EXPORT_COLUMNS, exportRecord, TYPED_COLUMNS } from './customer-export';
import type { Customer } from './types';

/** A tab or carriage return that starts the cell (some readers drop it and see what follows). */
const CONTROL_START = /^[\t\r]/;
/**
 * A formula character at the start of the cell or where another locale's reader starts a new one
 * (after a delimiter or line break), spaces and quotes before it aside.
 */
const FORMULA_AT_BREAK = /(^|[,;\t\r\n])([ "]*[=+\-@])/g;
/** Characters that end a cell in some reader: the delimiters of every locale, quotes, line breaks. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell: neutralised when typed text looks like a formula, quoted when it needs it. */
function csvCell(value: string, typedText: boolean): string {
  const safe = typedText
    ? (CONTROL_START.test(value) ? `'${value}` : value).replace(FORMULA_AT_BREAK, "$1'$2")
    : value;
  return NEEDS_QUOTES.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header line, ending in CRLF. */
export const csvHeader = (): string =>
  `${EXPORT_COLUMNS.map(({ header }) => csvCell(header, false)).join(',')}\r\n`;

/**
 * One customer's line, ending in CRLF; times as the shop's clock read them, with the offset
 * (ISO 8601: 2026-11-25T09:30:00+11:00), in the business's `timeZone`; the status as of `now`.
 */
export function csvRow(customer: Customer, timeZone: string, now: Date): string {
  const record = exportRecord(customer, timeZone, now);
  return `${EXPORT_COLUMNS.map(({ key }) => csvCell(record[key], TYPED_COLUMNS.has(key))).join(',')}\r\n`;
}
