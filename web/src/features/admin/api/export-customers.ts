/**
 * GET /api/customers/export?cursor=&format= (admin): the customers, one page at a time, as the
 * CSV's text or as rows for the Excel workbook (shared/customer-export.ts).
 */
import type { CustomersRecordsPage, ExportRecord } from '@shared/customer-export';
import type { CustomersCsvPage } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

/** Every page of the customers CSV, joined (header first), as the server wrote them. */
export async function exportCustomersCsv(signal?: AbortSignal): Promise<string[]> {
  const parts: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await callRoute<{ data: CustomersCsvPage }>(routeOf('export-customers'), {
      query: { cursor },
      signal,
    });
    parts.push(page.data.csv);
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor);
  return parts;
}

/** Every customer as a row of the download, newest first. */
export async function exportCustomerRecords(signal?: AbortSignal): Promise<ExportRecord[]> {
  const records: ExportRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await callRoute<{ data: CustomersRecordsPage }>(routeOf('export-customers'), {
      query: { cursor, format: 'records' },
      signal,
    });
    records.push(...page.data.records);
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor);
  return records;
}
