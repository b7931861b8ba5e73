/**
 * The customers CSV read as a spreadsheet reads it: SheetJS guesses each cell's type the way a
 * spreadsheet app does when it opens a CSV (numbers, dates, text). Phone numbers must come back as
 * text with every digit, times as date-times of the shop's wall clock.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow } from '@shared/csv';
import { EXPORT_COLUMNS } from '@shared/customer-export';
import type { Customer } from '@shared/types';

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
    // 09:30 on 25 Nov in Sydney (summer time, +11:00).
    createdAt: '2026-11-24T22:30:00.000Z',
    expiresAt: '2026-12-24T22:30:00.000Z',
  },
  {
    phoneNumber: '+61422222003',
    localNumber: '0422222003',
    offer: '=HYPERLINK("x")',
    sliceId: 's2',
    isOfferClaimed: true,
    // 10:00 on 1 Jul in Sydney (winter, +10:00).
    createdAt: '2026-07-01T00:00:00.000Z',
    redeemedAt: '2026-07-02T01:15:30.000Z',
    redeemedBy: 'operator',
  },
];

/** The file's cells as a spreadsheet types them: strings, numbers or dates, null where empty. */
function openCsv(text: string): unknown[][] {
  const book = XLSX.read(text, { type: 'string', cellDates: true });
  return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, {
    header: 1,
    raw: true,
    defval: null,
  });
}

/** A date as the spreadsheet shows it: SheetJS reads a file's date-times on the machine's clock. */
const shown = (value: unknown) =>
  value instanceof Date
    ? new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 19)
    : value;

const csv = csvHeader() + customers.map((c) => csvRow(c, ZONE, NOW)).join('');
const [header, ...rows] = openCsv(csv);
const column = (name: string) => EXPORT_COLUMNS.findIndex((c) => c.header === name);

describe('the customers CSV opened in a spreadsheet', () => {
  it('is read with a reader that types cells as spreadsheets do (the forms the CSV once had)', () => {
    // Bare numbers lose their 0 and their +, and a time with its offset stays text: what owners
    // saw when the CSV held 0411111005, +61422222003 and 2026-11-25T09:30:00+11:00.
    const [, old] = openCsv('a,b,c\r\n0411111005,+61422222003,2026-11-25T09:30:00+11:00\r\n');
    expect(old).toEqual([411111005, 61422222003, '2026-11-25T09:30:00+11:00']);
  });

  it('has the plain headers of the workbook', () => {
    expect(header).toEqual(EXPORT_COLUMNS.map((c) => c.header));
  });

  it('keeps phone numbers as text with every digit', () => {
    for (const [n, customer] of customers.entries()) {
      const local = rows[n]![column('Local number')];
      const international = rows[n]![column('Phone number')];
      expect(typeof local).toBe('string');
      expect(typeof international).toBe('string');
      expect(String(local).replace(/\D/g, '')).toBe(customer.localNumber);
      expect(String(international).replace(/\D/g, '')).toBe(customer.phoneNumber.slice(1));
    }
    // Grouped as staff read them out; the international form without the + a spreadsheet
    // would take for the start of a formula.
    expect(rows[0]!.slice(0, 2)).toEqual(['61 411 111 005', '0411 111 005']);
  });

  it('reads the times as date-times of the shop’s wall clock', () => {
    const at = (n: number, name: string) => rows[n]![column(name)];
    expect(at(0, 'Won at')).toBeInstanceOf(Date);
    expect(shown(at(0, 'Won at'))).toBe('2026-11-25T09:30:00');
    expect(shown(at(0, 'Expires at'))).toBe('2026-12-25T09:30:00');
    expect(shown(at(1, 'Won at'))).toBe('2026-07-01T10:00:00');
    expect(shown(at(1, 'Redeemed at'))).toBe('2026-07-02T11:15:30');
    expect(at(0, 'Redeemed at')).toBeNull();
  });
});
