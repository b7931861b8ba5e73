import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as exportCustomers } from '../../../lambdas/handlers/export-customers';
import { logger } from '../../../lambdas/lib/logger';
import { exportCustomersPage } from '../../../lambdas/domain/customers';
import { routeOf } from '@shared/routes';
import * as customersRepository from '../../../lambdas/repositories/customers';
import { redeemCustomer } from '../../../lambdas/repositories/customers';
import type { CustomersCsvPage } from '@shared/types';
import { ADMIN_CLAIMS, bodyOf, httpEvent, OPERATOR_CLAIMS } from '../../support/http-event';
import { customerFixture, seedCustomers, seedSlice } from '../staff/seed';

/** The CSV's columns, in order: the customer's fields, then when and by whom the offer was redeemed. */
const COLUMNS = [
  'phoneNumber',
  'localNumber',
  'offer',
  'isOfferClaimed',
  'createdAt',
  'redeemedAt',
  'redeemedBy',
  'expiresAt',
];

const page = async (cursor?: string, claims = ADMIN_CLAIMS) => {
  const result = await exportCustomers(
    httpEvent({
      claims,
      method: 'GET',
      path: '/api/customers/export',
      ...(cursor === undefined ? {} : { query: { cursor } }),
    }),
  );
  return { status: result.statusCode, body: bodyOf(result) as { data: CustomersCsvPage } };
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
    customers[2] = { ...customers[2]!, offer: '@SUM(A1)', expiresAt: '2026-08-01T00:00:00.000Z' };
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
        customersRepository,
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
    expect(rows[0]![0]).toBe(customers[119]!.phoneNumber);
    const byLocal = new Map(rows.map((r) => [r[1], r]));
    expect(byLocal.get('0400000001')![2]).toBe(`'=HYPERLINK("x")`);
    expect(byLocal.get('0400000002')![2]).toBe('Chips, "large"');
    expect(byLocal.get('0400000003')).toEqual([
      '+61400000003',
      '0400000003',
      "'@SUM(A1)",
      'false',
      // Times as the shop's clock read them, with Sydney's offset (winter: +10:00).
      '2026-07-01T10:00:02+10:00',
      '',
      '',
      '2026-08-01T10:00:00+10:00',
    ]);
    expect(byLocal.get('0400000004')!.slice(3, 7)).toEqual([
      'true',
      '2026-07-01T10:00:03+10:00',
      '2026-07-02T10:00:00+10:00',
      "'-operator",
    ]);
    expect(info).toHaveBeenCalledWith('customers exported', {
      by: 'admin',
      firstPage: true,
      rows: 120,
    });
  });

  it('writes times in the deployment’s time zone with that moment’s offset', async () => {
    const slice = await seedSlice();
    // 22:30 UTC on 24 Nov is 09:30 on the 25th in Sydney (summer time, +11:00).
    const summer = customerFixture(900, slice.id, '2026-11-24T22:30:00.000Z');
    await seedCustomers([summer], slice);
    const rowOf = async () => {
      const text = (await page()).body.data.csv;
      return parseCsv(text).find((r) => r[1] === summer.localNumber)!;
    };
    expect((await rowOf())[4]).toBe('2026-11-25T09:30:00+11:00');
    vi.stubEnv('BUSINESS_TIME_ZONE', 'Australia/Perth');
    try {
      expect((await rowOf())[4]).toBe('2026-11-25T06:30:00+08:00');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is the admin’s alone, and refuses a forged cursor', async () => {
    expect((await page(undefined, OPERATOR_CLAIMS)).status).toBe(403);
    expect((await page('forged-cursor')).status).toBe(400);
    expect((await page('+61400000001')).status).toBe(400);
  });
});
