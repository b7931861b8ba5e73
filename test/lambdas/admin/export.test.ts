import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as exportCustomers } from '../../../lambdas/handlers/export-customers';
import { logger } from '../../../lambdas/lib/logger';
import { exportCustomersPage } from '../../../lambdas/domain/customers';
import type { CustomersRecordsPage } from '@shared/customer-export';
import { routeOf } from '@shared/routes';
import { redeemCustomer } from '../../../lambdas/repositories/customers';
import type { CustomersCsvPage } from '@shared/types';
import { ADMIN_TOKEN, bodyOf, httpEvent, OPERATOR_TOKEN } from '../../support/http-event';
import { customerFixture, seedCustomers, seedSlice } from '../staff/seed';

/**
 * The CSV's columns, in order, under plain headers: the customer's fields (phoneNumber,
 * localNumber, offer, isOfferClaimed), the prize's condition and where it stands, then when it was
 * won, when and by whom redeemed, and when it expires.
 */
const COLUMNS = [
  'Phone number',
  'Local number',
  'Prize',
  'Claimed',
  'Condition',
  'Status',
  'Won at',
  'Redeemed at',
  'Redeemed by',
  'Expires at',
];

const call = async (query: Record<string, string>, tokenFields = ADMIN_TOKEN) => {
  const result = await exportCustomers(
    httpEvent({ tokenFields, method: 'GET', path: '/api/customers/export', query }),
  );
  return { status: result.statusCode, body: bodyOf(result) };
};

const page = async (cursor?: string, tokenFields = ADMIN_TOKEN) => {
  const result = await call(cursor === undefined ? {} : { cursor }, tokenFields);
  return { status: result.status, body: result.body as { data: CustomersCsvPage } };
};

afterEach(() => vi.restoreAllMocks());

/** Splits CSV text into rows of cells (RFC 4180: quoted cells may hold commas and quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('GET /api/customers/export', () => {
  it('pages every customer exactly once under one header, newest first, spreadsheet-safe', async () => {
    const slice = await seedSlice();
    const base = Date.UTC(2026, 6, 1);
    const customers = Array.from({ length: 120 }, (_, n) =>
      customerFixture(n + 1, slice.id, new Date(base + n * 1000).toISOString()),
    );
    customers[0] = { ...customers[0]!, offer: '=HYPERLINK("x")' };
    customers[1] = { ...customers[1]!, offer: 'Chips, "large"' };
    customers[2] = {
      ...customers[2]!,
      offer: '@SUM(A1)',
      condition: '=1+2 with a main',
      expiresAt: '2026-08-01T00:00:00.000Z',
    };
    await seedCustomers(customers, slice);
    await redeemCustomer(customers[3]!.phoneNumber, '-operator', '2026-07-02T00:00:00.000Z');
    const info = vi.spyOn(logger, 'info');

    // The route, as the browser calls it first: the header and the newest rows.
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.body.data.csv.startsWith(`${COLUMNS.join(',')}\r\n`)).toBe(true);
    // Then the same pages (the route table's page size), followed to the end.
    let text = '';
    let cursor: string | undefined;
    let pages = 0;
    do {
      const next = await exportCustomersPage(
        cursor,
        Math.floor(Date.now() / 1000),
        'Australia/Sydney',
      );
      text += next.csv;
      cursor = next.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);

    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(COLUMNS);
    expect(pages).toBe(Math.ceil(120 / routeOf('export-customers').pageSize));
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((r) => r[0])).size).toBe(120);
    // Phone numbers grouped, the international form without its + (a formula start to Excel).
    expect(rows[0]![0]).toBe('61 400 000 120');
    // Keyed by the local number's digits.
    const byLocal = new Map(rows.map((r) => [r[1]!.replace(/ /g, ''), r]));
    expect(byLocal.get('0400000001')![2]).toBe(`'=HYPERLINK("x")`);
    expect(byLocal.get('0400000002')![2]).toBe('Chips, "large"');
    expect(byLocal.get('0400000003')).toEqual([
      '61 400 000 003',
      '0400 000 003',
      "'@SUM(A1)",
      'No',
      "'=1+2 with a main",
      'Expired',
      // Times as the shop's clock in Sydney read them (winter: UTC+10), as spreadsheets read dates.
      '2026-07-01 10:00:02',
      '',
      '',
      '2026-08-01 10:00:00',
    ]);
    expect(byLocal.get('0400000004')!.slice(3)).toEqual([
      'Yes',
      '',
      'Redeemed',
      '2026-07-01 10:00:03',
      '2026-07-02 10:00:00',
      "'-operator",
      '',
    ]);
    expect(byLocal.get('0400000005')![5]).toBe('Not redeemed yet');
    expect(info).toHaveBeenCalledWith('customers exported', {
      by: 'admin',
      format: 'csv',
      firstPage: true,
      rows: 120,
    });
  });

  it('writes times as the wall clock of the deployment’s time zone', async () => {
    const slice = await seedSlice();
    // 22:30 UTC on 24 Nov is 09:30 on the 25th in Sydney (summer time, +11:00).
    const summer = customerFixture(900, slice.id, '2026-11-24T22:30:00.000Z');
    await seedCustomers([summer], slice);
    const rowOf = async () => {
      const text = (await page()).body.data.csv;
      return parseCsv(text).find((r) => r[1] === '0400 000 900')!;
    };
    expect((await rowOf())[6]).toBe('2026-11-25 09:30:00');
    vi.stubEnv('BUSINESS_TIME_ZONE', 'Australia/Perth');
    expect((await rowOf())[6]).toBe('2026-11-25 06:30:00');
  });

  it('gives the same rows as text for the workbook with format=records, typed text as typed', async () => {
    const slice = await seedSlice();
    const customer = {
      ...customerFixture(950, slice.id, '2026-11-24T22:30:00.000Z', '=HYPERLINK("x")'),
      condition: 'Dine in only',
    };
    await seedCustomers([customer], slice);
    const records: CustomersRecordsPage['records'] = [];
    let cursor: string | undefined;
    do {
      const answer = await call({ format: 'records', ...(cursor ? { cursor } : {}) });
      expect(answer.status).toBe(200);
      const data = (answer.body as { data: CustomersRecordsPage }).data;
      records.push(...data.records);
      cursor = data.nextCursor ?? undefined;
    } while (cursor);
    expect(records.find((r) => r.localNumber === '0400 000 950')).toEqual({
      // The same grouped numbers as the CSV; times keep their offset (the workbook makes dates).
      phoneNumber: '61 400 000 950',
      localNumber: '0400 000 950',
      // No apostrophe: the workbook stores text cells, which a spreadsheet never evaluates.
      offer: '=HYPERLINK("x")',
      claimed: 'No',
      condition: 'Dine in only',
      status: 'Not redeemed yet',
      wonAt: '2026-11-25T09:30:00+11:00',
      redeemedAt: '',
      redeemedBy: '',
      expiresAt: '',
    });
    expect((await call({ format: 'pdf' })).status).toBe(400);
  });

  it('is the admin’s alone, and refuses a forged cursor', async () => {
    expect((await page(undefined, OPERATOR_TOKEN)).status).toBe(403);
    expect((await page('forged-cursor')).status).toBe(400);
    expect((await page('+61400000001')).status).toBe(400);
  });
});
