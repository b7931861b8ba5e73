/**
 * The customers download (admin Insights): one row per customer, the same columns, headers and
 * values in the CSV (`shared/csv.ts`, written by the export Lambda) and the Excel workbook
 * (written in the browser from the same rows). Plain headers; each customer's prize with its
 * condition as won and where it stands now (its status).
 *
 * Every value is text here. Phone numbers are grouped as staff read them out, 0411 111 005 and
 * 61 411 111 005: a spreadsheet opening a CSV reads 0411111005 as the number 411111005 and
 * +61411111005 as 6.14E+10, but keeps digits with spaces between them as text, and a cell
 * starting with + is a formula to it, so the international form goes without its +. Times are
 * the shop's wall clock with its offset (ISO 8601, 2026-11-25T09:30:00+11:00), which the CSV
 * writes as 2026-11-25 09:30:00 and the workbook stores as real dates.
 */
import { businessIsoTime } from './business-day';
import { AU_COUNTRY_CODE } from './constants';
import { formatLocalNumber, isInternationalMobile, toLocal } from './phone-format';
import { isPrizeExpired } from './prize-validity';
import type { Customer } from './customer';

/** Where a customer's prize stands at the time of the download. */
const EXPORT_STATUS = Object.freeze({
  redeemed: 'Redeemed',
  expired: 'Expired',
  toRedeem: 'Not redeemed yet',
});

/** The answer of a yes/no column. */
const YES = 'Yes';
const NO = 'No';

/**
 * The columns in order. `kind` says how a value is written: `phone` and `text` as text, `time` as
 * a moment (a date in the workbook). The first four carry the product's customer fields
 * (phoneNumber, localNumber, offer, isOfferClaimed) under plain names.
 */
export const EXPORT_COLUMNS = [
  { key: 'phoneNumber', header: 'Phone number', kind: 'phone' },
  { key: 'localNumber', header: 'Local number', kind: 'phone' },
  { key: 'offer', header: 'Prize', kind: 'text' },
  { key: 'claimed', header: 'Claimed', kind: 'text' },
  { key: 'condition', header: 'Condition', kind: 'text' },
  { key: 'status', header: 'Status', kind: 'text' },
  { key: 'wonAt', header: 'Won at', kind: 'time' },
  { key: 'redeemedAt', header: 'Redeemed at', kind: 'time' },
  { key: 'redeemedBy', header: 'Redeemed by', kind: 'text' },
  { key: 'expiresAt', header: 'Expires at', kind: 'time' },
] as const;
export type ExportColumnKey = (typeof EXPORT_COLUMNS)[number]['key'];
export type ExportColumnKind = (typeof EXPORT_COLUMNS)[number]['kind'];

/** One customer's row: each column's text, '' where there is nothing (never redeemed...). */
export type ExportRecord = Record<ExportColumnKey, string>;

/** GET /api/customers/export?format=records: one page of the customers as rows of text. */
export interface CustomersRecordsPage {
  records: ExportRecord[];
  rows: number;
  /** The next page's cursor; null after the last. */
  nextCursor: string | null;
}

/**
 * A number as the download writes it: a local mobile grouped 4-3-3 (0411 111 005), the
 * international form as its country code and the local digits after the 0 (61 411 111 005).
 * Anything else is kept as it is (the CSV still neutralises a leading formula character).
 */
function exportPhone(phone: string): string {
  if (isInternationalMobile(phone))
    return `${AU_COUNTRY_CODE.slice(1)} ${formatLocalNumber(toLocal(phone)).slice(1)}`;
  return formatLocalNumber(phone);
}

/**
 * A customer as a row of the download, times in `timeZone`, the status as of `now`. Every field of
 * the customer's schema (shared/customer.ts) is placed: a field added there is left in `unplaced`,
 * which does not compile until it gets a column here or is left out by name, as sliceId is.
 */
export function exportRecord(customer: Customer, timeZone: string, now: Date): ExportRecord {
  const {
    phoneNumber,
    localNumber,
    offer,
    condition,
    isOfferClaimed,
    createdAt,
    redeemedAt,
    redeemedBy,
    expiresAt,
    sliceId: _notExported,
    ...unplaced
  } = customer;
  const _nothingUnplaced: Record<string, never> = unplaced;
  const time = (iso: string | undefined) => (iso ? businessIsoTime(iso, timeZone) : '');
  return {
    phoneNumber: exportPhone(phoneNumber),
    localNumber: exportPhone(localNumber),
    offer,
    claimed: isOfferClaimed ? YES : NO,
    condition: condition ?? '',
    status: isOfferClaimed
      ? EXPORT_STATUS.redeemed
      : isPrizeExpired(customer, now)
        ? EXPORT_STATUS.expired
        : EXPORT_STATUS.toRedeem,
    wonAt: time(createdAt),
    redeemedAt: time(redeemedAt),
    redeemedBy: redeemedBy ?? '',
    expiresAt: time(expiresAt),
  };
}
