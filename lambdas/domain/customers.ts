/**
 * The operator dashboard's customer operations (GET /api/users, POST /api/users/search, POST
 * /api/users/redeem): staff look a customer up by local number, page through all customers newest
 * first, and mark an offer redeemed exactly once, through the customers repository (no port:
 * docs/architecture.md, "Repositories").
 */
import * as z from '@shared/zod';
import { routeOf } from '@shared/routes';
import { badRequest, conflict, notFound } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { STAFF_TEXT } from '@shared/messages-staff';
import { isLocalMobile, maskPhone, toInternational } from '@shared/phone-format';
import { formatBusinessTime } from '@shared/prize-validity';
import { csvHeader, csvRow } from '@shared/csv';
import { exportRecord, type CustomersRecordsPage } from '@shared/customer-export';
import { LAST_DIGITS_MATCHES_MAX } from '@shared/dashboard-search';
import type { Customer, CustomersCsvPage, UsersChanges, UsersPage } from '@shared/types';
import type { CustomerFilter } from '../repositories/customers';
import * as pageCursors from '../repositories/page-cursors';
import * as customers from '../repositories/customers';

/** Cursors are short random tokens; anything longer is certainly forged. */
const CURSOR_MAX_LENGTH = 512;

/** The `cursor` query parameter of GET /api/users: absent or empty means the first page. */
export const listCursorSchema = z
  .string()
  .max(CURSOR_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_-]*$/)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * The `filter` query parameter of GET /api/users: absent (or empty) lists everybody, "unredeemed"
 * only the offers still to redeem (neither redeemed nor expired).
 */
export const listFilterSchema = z
  .enum(['', 'unredeemed'])
  .optional()
  .transform((value) => (value === 'unredeemed' ? value : undefined));

/**
 * The customers whose number ends in `digits` (3 or 4, validated by the search schema), whatever
 * their prize's state, newest first, at most LAST_DIGITS_MATCHES_MAX: in a dispute at the counter
 * staff need the redeemed and the expired ones too. Only rows the "All Users" list shows staff
 * already: docs/security.md, "The counter's partial search".
 */
export async function searchByLastDigits(
  digits: string,
): Promise<{ users: Customer[]; more: boolean }> {
  return customers.findByLastDigits(digits, LAST_DIGITS_MATCHES_MAX);
}

/**
 * The customer with this local number (exactly 10 digits, already validated by the search
 * schema), or null. Ten digits that are not an 04 mobile cannot belong to a customer: null too.
 */
export async function searchCustomer(localNumber: string): Promise<Customer | null> {
  if (!isLocalMobile(localNumber)) return null;
  return (await customers.getCustomer(toInternational(localNumber))) ?? null;
}

/**
 * One page of customers (the route table's page size), newest first. The cursor is an opaque token the
 * server issued with the previous page; an unknown, forged or expired one is a 400.
 */
export async function listCustomersPage(
  cursor: string | undefined,
  nowS: number,
  options: { unredeemed?: boolean } = {},
): Promise<UsersPage> {
  const filter: CustomerFilter = options.unredeemed
    ? { kind: 'unredeemed', at: new Date(nowS * 1000).toISOString() }
    : { kind: 'all' };
  return customersPage(cursor, nowS, routeOf('list-users').pageSize, filter);
}

/**
 * One page of customers, newest first, after the page an opaque cursor stands for, and the next
 * page's cursor (null after the last). An unknown, forged or expired cursor is a 400. The list and
 * the CSV export page the same way.
 */
async function customersPage(
  cursor: string | undefined,
  nowS: number,
  pageSize: number,
  filter: CustomerFilter = { kind: 'all' },
): Promise<UsersPage> {
  const startKey = cursor === undefined ? undefined : await pageCursors.loadPageKey(cursor, nowS);
  if (cursor !== undefined && !startKey)
    throw badRequest('INVALID_CURSOR', API_MESSAGES.invalidInput);
  const page = await customers.listCustomers(startKey, pageSize, filter);
  return {
    users: page.users,
    nextCursor: page.lastKey ? await pageCursors.savePageKey(page.lastKey, nowS) : null,
  };
}

export interface RedeemOutcome {
  message: string;
  /** The customer as stored after the redeem (isOfferClaimed true, redeemedAt, redeemedBy). */
  data: Customer;
}

/**
 * Marks the offer of the customer with this local number redeemed by `by` at `at`, once: a
 * conditional update, so of any number of concurrent calls exactly one succeeds. 404 when there is
 * no such customer, 409 when the offer is already redeemed (and nothing changes).
 */
export async function redeemOffer(
  localNumber: string,
  by: string,
  at: string,
  log: (message: string, fields: Record<string, unknown>) => void = () => undefined,
): Promise<RedeemOutcome> {
  if (!isLocalMobile(localNumber))
    throw notFound('CUSTOMER_NOT_FOUND', API_MESSAGES.customerNotFound);
  const phoneNumber = toInternational(localNumber);
  const result = await customers.redeemCustomer(phoneNumber, by, at);
  switch (result.status) {
    case 'redeemed':
      log('offer redeemed', { phone: maskPhone(phoneNumber), by });
      return { message: STAFF_TEXT.redeemSucceeded(localNumber), data: result.customer };
    case 'already-redeemed':
      log('offer already redeemed', { phone: maskPhone(phoneNumber), by });
      throw conflict('ALREADY_REDEEMED', API_MESSAGES.alreadyRedeemed);
    case 'not-found':
      throw notFound('CUSTOMER_NOT_FOUND', API_MESSAGES.customerNotFound);
    case 'expired':
      log('expired offer not redeemed', { phone: maskPhone(phoneNumber), by });
      throw conflict(
        'PRIZE_EXPIRED',
        API_MESSAGES.prizeExpired(formatBusinessTime(result.expiresAt)),
      );
  }
}

/**
 * Each poll looks this far back before the moment of the previous one: a change is written with
 * its Lambda's clock and reaches the index a moment later, so the overlap catches one that was
 * not visible yet. Rows seen twice are merged by the browser.
 */
const CHANGES_OVERLAP_MS = 10_000;
/** Oldest `since` accepted: a page left hidden longer reloads its list instead. */
const CHANGES_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Allowed clock difference between a browser's cursor and the server, forward. */
const CHANGES_MAX_AHEAD_MS = 60_000;

/** The `since` query parameter of GET /api/users/changes: absent starts the feed. */
export const changesSinceSchema = z.iso
  .datetime()
  .optional()
  .transform((value) => (value === undefined ? undefined : new Date(value).toISOString()));

/**
 * Customers who won or were redeemed since `since` (a cursor this route gave), for the
 * dashboard's live list. Without `since` the feed starts now. A cursor older than a day or in the
 * future is a 400: the page reloads its list.
 */
export async function listChanges(since: string | undefined, now: Date): Promise<UsersChanges> {
  const nowMs = now.getTime();
  const startOver = new Date(nowMs - CHANGES_OVERLAP_MS).toISOString();
  if (since === undefined) return { users: [], cursor: startOver, more: false };
  const sinceMs = Date.parse(since);
  if (sinceMs < nowMs - CHANGES_MAX_AGE_MS || sinceMs > nowMs + CHANGES_MAX_AHEAD_MS)
    throw badRequest('INVALID_CURSOR', API_MESSAGES.invalidInput);
  const page = await customers.listCustomersChangedSince(
    since,
    routeOf('list-user-changes').pageSize,
  );
  if (page.more && page.lastChangedAt) {
    // Over a page of changes: go on from the last one (past it, should a page share one moment).
    const next =
      page.lastChangedAt > since ? page.lastChangedAt : new Date(sinceMs + 1).toISOString();
    return { users: page.users, cursor: next, more: true };
  }
  return {
    users: page.users,
    cursor: startOver > since ? startOver : since,
    more: false,
  };
}

/**
 * One page of the customers CSV, newest first; the first page (no cursor) starts with the header.
 * Times are written in the business's `timeZone`, with its offset.
 * Cursors are the list's opaque server-issued tokens (400 for an unknown or expired one).
 */
export async function exportCustomersPage(
  cursor: string | undefined,
  nowS: number,
  timeZone: string,
): Promise<CustomersCsvPage> {
  const page = await customersPage(cursor, nowS, routeOf('export-customers').pageSize);
  const now = new Date(nowS * 1000);
  return {
    csv:
      (cursor === undefined ? csvHeader() : '') +
      page.users.map((customer) => csvRow(customer, timeZone, now)).join(''),
    rows: page.users.length,
    nextCursor: page.nextCursor,
  };
}

/**
 * The same page as rows of text (shared/customer-export.ts), for the browser to write the Excel
 * workbook: an .xlsx is one zip of the whole list, so it is written where the pages come together.
 */
export async function exportCustomerRecordsPage(
  cursor: string | undefined,
  nowS: number,
  timeZone: string,
): Promise<CustomersRecordsPage> {
  const page = await customersPage(cursor, nowS, routeOf('export-customers').pageSize);
  const now = new Date(nowS * 1000);
  return {
    records: page.users.map((customer) => exportRecord(customer, timeZone, now)),
    rows: page.users.length,
    nextCursor: page.nextCursor,
  };
}

/** The `format` query parameter of GET /api/customers/export: absent is the CSV. */
export const exportFormatSchema = z
  .enum(['', 'csv', 'records'])
  .optional()
  .transform((value) => (value === 'records' ? value : 'csv'));
