/** Hands the browser a file to save under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A CSV file: a byte-order mark first, so spreadsheets read UTF-8. */
export const csvFile = (parts: string[]): Blob =>
  new Blob(['\uFEFF', ...parts], { type: 'text/csv;charset=utf-8' });
