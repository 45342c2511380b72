/** Default file names of exports (spec 000 §7). */
export const EXPORT_FILE_NAMES = { csv: 'export.csv', xlsx: 'export.xlsx' } as const;

/** The file name a response suggests in Content-Disposition, if any. */
export function fileNameFromResponse(response: Response): string | null {
  const header = response.headers.get('Content-Disposition');
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

export type DownloadKind = 'pdf' | 'image' | 'csv' | 'xlsx' | 'other';

/** Binary answers are handled by their content type (spec 000 §7). */
export function downloadKind(contentType: string | null): DownloadKind {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type === 'text/csv') return 'csv';
  if (type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  return 'other';
}

/** Saves a blob as a file in the browser. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a CSV or XLSX export under the server's name, else the spec's default name. */
export function saveExport(blob: Blob, response: Response, kind: 'csv' | 'xlsx'): void {
  saveBlob(blob, fileNameFromResponse(response) ?? EXPORT_FILE_NAMES[kind]);
}
