/** GET /api/customers/export?cursor= (admin): the customers CSV, one page at a time. */
import type { CustomersCsvPage } from '@shared/types';
import { callRoute } from '../../../lib/api-client';

/** Every page of the customers CSV, joined (header first), as the server wrote them. */
export async function exportCustomersCsv(signal?: AbortSignal): Promise<string[]> {
  const parts: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await callRoute<{ data: CustomersCsvPage }>('export-customers', {
      query: { cursor },
      signal,
    });
    parts.push(page.data.csv);
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor);
  return parts;
}
