/**
 * The two customer downloads read back with a spreadsheet library (SheetJS, which types a CSV's
 * cells as a spreadsheet app does): the CSV (shared/csv.ts) and the Excel workbook written in the
 * browser (customers-workbook.ts) hold the same headers and, cell for cell, the same text and the
 * same date-times.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow } from '@shared/csv';
import { EXPORT_COLUMNS, exportRecord } from '@shared/customer-export';
import type { Customer } from '@shared/types';
import { customersWorkbook } from '../../../web/src/features/admin/components/customers-workbook';

const ZONE = 'Australia/Sydney';
const NOW = new Date('2026-11-26T00:00:00Z');

const customers: Customer[] = [
  {
    phoneNumber: '+61411111005',
    localNumber: '0411111005',
    offer: 'Free chips',
    condition: 'With any main',
    sliceId: 's1',
    isOfferClaimed: false,
    createdAt: '2026-11-24T22:30:00.000Z',
    expiresAt: '2026-12-24T22:30:00.000Z',
  },
  {
    phoneNumber: '+61422222003',
    localNumber: '0422222003',
    offer: 'Chips, "large"',
    sliceId: 's2',
    isOfferClaimed: true,
    createdAt: '2026-07-01T00:00:00.000Z',
    redeemedAt: '2026-07-02T01:15:30.000Z',
    redeemedBy: 'operator',
  },
  {
    phoneNumber: '+61400000003',
    localNumber: '0400000003',
    offer: 'Drink',
    sliceId: 's3',
    isOfferClaimed: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-02-01T00:00:00.000Z',
  },
];

/** A file's first sheet as SheetJS types it: strings, numbers or dates; null where empty. */
function cells(data: string | ArrayBuffer): unknown[][] {
  const book =
    typeof data === 'string'
      ? XLSX.read(data, { type: 'string', cellDates: true })
      : XLSX.read(data, { type: 'array', cellDates: true });
  return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, {
    header: 1,
    raw: true,
    defval: null,
  });
}

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

/** A date as the spreadsheet shows it: SheetJS reads a file's date-times on the machine's clock. */
const shown = (value: unknown) =>
  value instanceof Date
    ? new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 19)
    : value;

/** A date read back to the second (a workbook's day fraction can be a millisecond short). */
const toSecond = (value: unknown) =>
  value instanceof Date ? new Date(Math.round(value.getTime() / 1000) * 1000) : value;

describe('the CSV and the Excel workbook, read back with a spreadsheet library', () => {
  it('agree cell for cell: phone numbers as text with all digits, times as the same dates', async () => {
    const csv = cells(csvHeader() + customers.map((c) => csvRow(c, ZONE, NOW)).join(''));
    const workbook = cells(
      await bytesOf(await customersWorkbook(customers.map((c) => exportRecord(c, ZONE, NOW)))),
    );
    const headers: string[] = EXPORT_COLUMNS.map((c) => c.header);
    expect(csv[0]).toEqual(headers);
    expect(workbook[0]).toEqual(headers);
    expect(workbook).toHaveLength(csv.length);

    for (const [n, customer] of customers.entries()) {
      const [fromCsv, fromWorkbook] = [csv[n + 1]!, workbook[n + 1]!];
      for (const [i, { header, kind }] of EXPORT_COLUMNS.entries()) {
        if (kind === 'time') {
          if (fromCsv[i] !== null) expect(fromCsv[i], header).toBeInstanceOf(Date);
          expect(toSecond(fromWorkbook[i]), header).toEqual(fromCsv[i]);
        } else {
          expect(typeof fromCsv[i], header).toBe(fromCsv[i] === null ? 'object' : 'string');
          expect(fromWorkbook[i], header).toBe(fromCsv[i]);
        }
      }
      const digits = (header: string) =>
        String(fromCsv[headers.indexOf(header)]).replace(/\D/g, '');
      expect(digits('Local number')).toBe(customer.localNumber);
      expect(digits('Phone number')).toBe(customer.phoneNumber.slice(1));
    }
    // The shop's wall clock: 09:30 in Sydney's summer, 10:00 in its winter.
    expect(shown(csv[1]![headers.indexOf('Won at')])).toBe('2026-11-25T09:30:00');
    expect(shown(csv[2]![headers.indexOf('Won at')])).toBe('2026-07-01T10:00:00');
    expect(csv[2]![headers.indexOf('Prize')]).toBe('Chips, "large"');
  });
});
