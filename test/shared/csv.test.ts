/**
 * The customers CSV read the way spreadsheets read it: whatever delimiter the reader's locale
 * splits on (comma, semicolon, tab), every row keeps its columns and no typed cell reaches the
 * spreadsheet as a formula.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow } from '@shared/csv';

/** The columns, as the header line names them. */
const COLUMNS = csvHeader().trimEnd().split(',');
import type { Customer } from '@shared/types';

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The cells a spreadsheet whose delimiter is `delimiter` reads from `text`, as they do: a quote
 * counts only at the start of a cell (doubled quotes inside it are one), anywhere else it is a
 * character; outside quotes a delimiter ends the cell and a line break the row.
 */
function readCells(text: string, delimiter: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
    }
    while (i < text.length && text[i] !== delimiter && text[i] !== '\r' && text[i] !== '\n')
      cell += text[i++];
    cells.push(cell);
    if (text[i] === delimiter) i++;
    else while (text[i] === '\r' || text[i] === '\n') i++;
  }
  return cells;
}

/**
 * Every character that is nothing to a reader before a formula: Unicode's whitespace
 * (White_Space) and format characters (Cf), from the whole code space.
 */
const INVISIBLE = Array.from({ length: 0x110000 }, (_, point) => point)
  .filter((point) => point < 0xd800 || point > 0xdfff)
  .map((point) => String.fromCodePoint(point))
  .filter((char) => /^[\p{White_Space}\p{Cf}]$/u.test(char));

/**
 * What a spreadsheet evaluates: a cell starting with a formula character, quotes, whitespace and
 * format characters aside.
 */
const isFormula = (cell: string) => /^[\p{White_Space}\p{Cf}"]*[=+\-@]/u.test(cell);

const customer = (offer: string, redeemedBy?: string): Customer => ({
  phoneNumber: '+61412345678',
  localNumber: '0412345678',
  offer,
  // The condition is typed text too (the slice's comment as won).
  condition: offer,
  sliceId: 's1',
  isOfferClaimed: redeemedBy !== undefined,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...(redeemedBy === undefined ? {} : { redeemedBy, redeemedAt: '2026-01-02T00:00:00.000Z' }),
});

/** Text people type, weighted towards what spreadsheets split on or evaluate. */
const typed = fc.string({
  unit: fc.oneof(
    fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', ' ', "'", 'x', '1'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 20,
});

const ZONE = 'Australia/Sydney';
const NOW = new Date('2026-06-01T00:00:00Z');

describe('customers CSV', () => {
  it.each(DELIMITERS.map((d) => [JSON.stringify(d), d]))(
    'evaluates no typed text as a formula when read with %s as the delimiter',
    (_name, delimiter) => {
      fc.assert(
        fc.property(typed, typed, (offer, redeemedBy) => {
          const cells = readCells(csvRow(customer(offer, redeemedBy), ZONE, NOW), delimiter);
          // No cell at all, the phone numbers included, starts as a formula.
          expect(cells.filter(isFormula)).toEqual([]);
        }),
        { numRuns: 1000 },
      );
    },
  );

  it('keeps every column for a comma reader, the typed text as typed after its apostrophe', () => {
    fc.assert(
      fc.property(typed, typed, (offer, redeemedBy) => {
        const cells = readCells(csvRow(customer(offer, redeemedBy), ZONE, NOW), ',');
        expect(cells).toHaveLength(COLUMNS.length);
        const unneutralised = (cell: string) => cell.replace(/(^|[,;\t\r\n])'/g, '$1');
        const column = (name: string) => cells[COLUMNS.indexOf(name)]!;
        expect(unneutralised(column('Prize'))).toBe(unneutralised(offer));
        expect(unneutralised(column('Condition'))).toBe(unneutralised(offer));
        expect(unneutralised(column('Redeemed by'))).toBe(unneutralised(redeemedBy));
      }),
      { numRuns: 1000 },
    );
  });

  it('neutralises a formula after any run of whitespace or format characters, at the start or after a delimiter', () => {
    expect(INVISIBLE.length).toBeGreaterThan(150);
    const invisible = fc.string({ unit: fc.constantFrom(...INVISIBLE), maxLength: 4 });
    const formula = fc.constantFrom('=', '+', '-', '@');
    const lead = fc.constantFrom('', 'x,', 'x;', 'x\t', 'x\n');
    fc.assert(
      fc.property(lead, invisible, formula, typed, (before, gap, start, rest) => {
        const offer = `${before}${gap}${start}9+9${rest}`;
        for (const delimiter of DELIMITERS) {
          const cells = readCells(csvRow(customer(offer), ZONE, NOW), delimiter);
          expect(cells.filter(isFormula)).toEqual([]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('quotes `x;=1+2`, and a semicolon reader finds no =1+2 cell', () => {
    const line = csvRow(customer('x;=1+2'), ZONE, NOW);
    expect(line).toContain(`"x;'=1+2"`);
    expect(readCells(line, ';')).not.toContain('=1+2');
    expect(readCells(line, ';').some((c) => c.startsWith('=1+2'))).toBe(false);
  });

  it('neutralises a leading =, +, -, @, tab or carriage return and quotes tabs and semicolons', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cells = readCells(csvRow(customer(`${start}SUM(A1)`), ZONE, NOW), ',');
      expect(cells[COLUMNS.indexOf('Prize')]).toBe(`'${start}SUM(A1)`);
    }
    expect(csvRow(customer('a\tb'), ZONE, NOW)).toContain('"a\tb"');
    expect(csvRow(customer('a;b'), ZONE, NOW)).toContain('"a;b"');
  });
});
