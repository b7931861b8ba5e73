/**
 * The Customers page's downloads: "Download CSV" and the same rows as an Excel workbook, each named
 * by the business's date (customers-2026-11-25.csv / .xlsx). The workbook's writer is loaded only
 * when asked for (customers-workbook.ts).
 */
import { useState } from 'react';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { exportCustomerRecords, exportCustomersCsv } from '../api/export-customers';
import { useSessionErrorHandler } from '../hooks/use-admin-session';
import { csvFile, saveFile } from './save-file';

type Format = 'csv' | 'xlsx';

export interface CustomersDownloadProps {
  /** Today in the business's time zone, which names the files. */
  businessToday: () => Promise<string>;
}

async function customersFile(format: Format): Promise<Blob> {
  if (format === 'csv') return csvFile(await exportCustomersCsv());
  const [records, workbook] = await Promise.all([
    exportCustomerRecords(),
    import('./customers-workbook').then(({ customersWorkbook }) => customersWorkbook),
  ]);
  return workbook(records);
}

export function CustomersDownload({ businessToday }: CustomersDownloadProps) {
  const onSessionError = useSessionErrorHandler();
  const [preparing, setPreparing] = useState<Format>();
  const [failed, setFailed] = useState<Format>();

  async function download(format: Format) {
    setPreparing(format);
    setFailed(undefined);
    try {
      const [file, today] = await Promise.all([customersFile(format), businessToday()]);
      saveFile(file, `customers-${today}.${format}`);
    } catch (error) {
      if (!onSessionError(error)) setFailed(format);
    } finally {
      setPreparing(undefined);
    }
  }

  const button = (format: Format, label: string) => (
    <button
      type="button"
      className={format === 'csv' ? 'ui-button' : 'ui-button ui-button--secondary'}
      aria-disabled={preparing !== undefined || undefined}
      onClick={() => {
        if (preparing === undefined) void download(format);
      }}
    >
      {preparing === format ? ADMIN_TEXT.preparingCsv : label}
    </button>
  );

  return (
    <>
      {button('csv', ADMIN_TEXT.downloadCsv)}
      {button('xlsx', ADMIN_TEXT.downloadXlsx)}
      {failed && (
        <p role="alert" className="ui-notice ui-notice--error">
          {failed === 'csv' ? ADMIN_TEXT.csvFailed : ADMIN_TEXT.xlsxFailed}
        </p>
      )}
    </>
  );
}
