/*
 * CSV as German Excel opens it (the payroll export, the report files): UTF-8 with a byte-order
 * mark, semicolons, CR LF, dates as DD.MM.YYYY; and the media type of XLSX files.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV field: quoted when it holds a separator, a quote or a line break. */
export const csvField = (value: string) =>
  /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** `2026-03-07` → `07.03.2026`. */
export const germanDate = (iso: string) =>
  `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The lines (fields already joined by `;`) as a file: BOM first, CR LF after every line. */
export const excelCsv = (lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;
