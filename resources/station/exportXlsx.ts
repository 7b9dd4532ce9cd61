/**
 * Client-side Excel export of a list's current filter (react-admin `exporter`): one sheet, a
 * translated header row, cells that start with `=`, `+`, `-` or `@` prefixed with a quote so a
 * spreadsheet never reads them as formulas.
 */
import * as XLSX from 'xlsx';

/** One column: a header text and how to read a record's cell. */
export interface ExportColumn<T> {
  header: string;
  value: (record: T) => string | number | boolean | null | undefined;
}

/** A cell value safe from formula injection (strings starting with = + - @ get a leading quote). */
export function safeCell(v: string | number | boolean | null | undefined): string | number | boolean {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && /^[=+\-@]/.test(v)) return `'${v}`;
  return v;
}

/** The sheet rows (header first) of `records`. */
export function sheetRows<T>(records: readonly T[], columns: readonly ExportColumn<T>[]): (string | number | boolean)[][] {
  return [columns.map((c) => c.header), ...records.map((r) => columns.map((c) => safeCell(c.value(r))))];
}

/** Writes `<fileName>-YYYYMMDD.xlsx` in the browser. */
export function exportXlsx<T>(records: readonly T[], columns: readonly ExportColumn<T>[], fileName: string): void {
  const sheet = XLSX.utils.aoa_to_sheet(sheetRows(records, columns));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, fileName.slice(0, 31));
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  XLSX.writeFile(book, `${fileName}-${stamp}.xlsx`);
}
