/**
 * The customers as an Excel workbook (.xlsx), written in the browser with write-excel-file. This
 * module is imported only when the owner asks for the file, so no page's first download carries
 * the library.
 *
 * Why the browser: the export Lambda answers in pages (an answer is at most 6 MB) and an .xlsx is
 * one zip of the whole list, so it is written where the pages come together; the server would
 * need the whole list in one call or a file parked in S3. The rows are the CSV's
 * (shared/customer-export.ts): the same columns and text, phone numbers kept as text, and times,
 * which arrive as the shop's wall clock with its offset, stored here as real date-times of that
 * wall clock (a spreadsheet date has no time zone), as the CSV writes them.
 */
import writeExcelFile from 'write-excel-file/browser';
import type { Cell, SheetData } from 'write-excel-file/browser';
import { EXPORT_COLUMNS, type ExportRecord } from '@shared/customer-export';

/** How a date-time cell shows: 2026-11-25 09:30. */
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

/** The wall clock of "2026-11-25T09:30:00+11:00" as a Date whose UTC fields read 09:30. */
const wallClockDate = (iso: string): Date => new Date(`${iso.slice(0, 19)}Z`);

/** Column widths in characters, wide enough for their headers and usual values. */
const WIDTHS: Record<(typeof EXPORT_COLUMNS)[number]['kind'], number> = {
  phone: 15,
  text: 20,
  time: 17,
};

export async function customersWorkbook(records: readonly ExportRecord[]): Promise<Blob> {
  const header: Cell[] = EXPORT_COLUMNS.map(({ header }) => ({
    value: header,
    type: String,
    fontWeight: 'bold',
  }));
  const rows: Cell[][] = records.map((record) =>
    EXPORT_COLUMNS.map(({ key, kind }): Cell => {
      const text = record[key];
      if (text === '') return null;
      if (kind === 'time')
        return { value: wallClockDate(text), type: Date, format: DATE_TIME_FORMAT };
      return { value: text, type: String };
    }),
  );
  const data: SheetData = [header, ...rows];
  return writeExcelFile(data, {
    sheet: 'Customers',
    stickyRowsCount: 1,
    columns: EXPORT_COLUMNS.map(({ kind }) => ({ width: WIDTHS[kind] })),
  }).toBlob();
}
