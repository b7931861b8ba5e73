/**
 * The customers CSV (admin "Download CSV"): one row per customer, the download's columns and
 * values (shared/customer-export.ts, as in the workbook), RFC 4180 quoting, written so that a
 * spreadsheet opening it reads what the workbook holds and evaluates nothing:
 * - phone numbers come grouped (0411 111 005, 61 411 111 005), which spreadsheets keep as text
 *   with every digit;
 * - times are the shop's wall clock as 2026-11-25 09:30:00, which spreadsheets read as a date and
 *   time whatever their locale (the ISO form with its offset, 2026-11-25T09:30:00+11:00, stays
 *   text to them); like the workbook's dates they carry no offset;
 * - a cell holding any delimiter a spreadsheet may split on (comma, semicolon, tab), a quote, a
 *   line break or outer spaces is quoted, so `x;=1+2` stays one cell in a `;` locale instead of
 *   becoming `x` and the formula `=1+2`;
 * - a cell a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage
 *   return) is prefixed with an apostrophe, and so is such a character right after a delimiter or
 *   line break inside it, whatever whitespace or invisible format characters come before it (a
 *   no-break or ideographic space, a zero-width space or joiner, a direction mark: readers skip
 *   them): a reader whose delimiter is not the comma honours no quotes in the
 *   middle of its field, so `x;=1+2` there still splits before `=1+2` and must find `'=1+2`.
 *   Only text people typed (prize names, conditions, staff usernames) can start that way; the
 *   rule is applied to every cell all the same.
 */
import { EXPORT_COLUMNS, exportRecord, type ExportColumnKind } from './customer-export';
import type { Customer } from './types';

/** A tab or carriage return that starts the cell (some readers drop it and see what follows). */
const CONTROL_START = /^[\t\r]/;
/**
 * A formula character at the start of the cell or where another locale's reader starts a new one
 * (after a delimiter or line break), with anything before it that is nothing to a reader: quotes,
 * any Unicode whitespace (White_Space: the no-break and ideographic spaces...) and format
 * characters (Cf: zero-width spaces and joiners, direction marks, the byte order mark). Tabs and
 * line breaks are breaks of their own, each checked where it stands.
 */
const FORMULA_AT_BREAK = /(^|[,;\t\r\n])((?:(?![\t\r\n])[\p{White_Space}\p{Cf}"])*[=+\-@])/gu;
/** Characters that end a cell in some reader: the delimiters of every locale, quotes, line breaks. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell: neutralised when it looks like a formula, quoted when it needs it. */
function csvCell(value: string): string {
  const safe = (CONTROL_START.test(value) ? `'${value}` : value).replace(FORMULA_AT_BREAK, "$1'$2");
  return NEEDS_QUOTES.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header line, ending in CRLF. */
export const csvHeader = (): string =>
  `${EXPORT_COLUMNS.map(({ header }) => csvCell(header)).join(',')}\r\n`;

/** 2026-11-25T09:30:00+11:00 -> 2026-11-25 09:30:00: the wall clock, as spreadsheets read dates. */
const spreadsheetTime = (iso: string): string =>
  iso === '' ? '' : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

/** A value of the download as the CSV writes it. */
const csvValue = (value: string, kind: ExportColumnKind): string =>
  kind === 'time' ? spreadsheetTime(value) : value;

/**
 * One customer's line, ending in CRLF; times as the shop's clock in the business's `timeZone`
 * reads them (2026-11-25 09:30:00); the status as of `now`.
 */
export function csvRow(customer: Customer, timeZone: string, now: Date): string {
  const record = exportRecord(customer, timeZone, now);
  return `${EXPORT_COLUMNS.map(({ key, kind }) => csvCell(csvValue(record[key], kind))).join(',')}\r\n`;
}
