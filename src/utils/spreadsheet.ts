/**
 * The console's Excel exports (list exporters, card users, statistics, station insights): one
 * sheet with a header row, written with exceljs (the library the server's order export streams
 * with; see docs/decisions.md "One library per job"). Every cell goes through the formula
 * neutraliser of `domain/spreadsheet.ts` (requirements R10.16); numbers stay numbers. exceljs is
 * loaded on the first export only, so the console's first load does not carry it.
 */
import { neutraliseCell, type SheetCell } from '../../domain/spreadsheet';

export type { SheetCell } from '../../domain/spreadsheet';

/** One column of a list export: its header text and how to read a record's cell. */
export interface ExportColumn<T> {
  header: string;
  value: (record: T) => SheetCell;
}

/** Header + rows → the sheet's content, every cell neutralised. */
export function sheetRows(header: readonly string[], rows: readonly (readonly SheetCell[])[]): (string | number | boolean)[][] {
  return [header.map(neutraliseCell), ...rows.map((r) => r.map(neutraliseCell))];
}

/** Header + rows of `records` read through `columns`. */
export function columnRows<T>(records: readonly T[], columns: readonly ExportColumn<T>[]): { header: string[]; rows: SheetCell[][] } {
  return { header: columns.map((c) => c.header), rows: records.map((r) => columns.map((c) => c.value(r))) };
}

/** A sheet name Excel accepts: at most 31 characters, none of `\ / ? * [ ] :`. */
export function sheetNameOf(name: string): string {
  return (
    name
      .replace(/[\\/?*[\]:]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet1'
  );
}

/** The `.xlsx` file (bytes) of one sheet named `sheetName` holding `header` and `rows`. */
export async function workbookBytes(sheetName: string, header: readonly string[], rows: readonly (readonly SheetCell[])[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetNameOf(sheetName));
  sheet.addRows(sheetRows(header, rows));
  sheet.getRow(1).font = { bold: true };
  return book.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

/** Downloads `<filename>.xlsx` in the browser: one sheet of `header` and `rows`. */
export async function downloadXlsx(filename: string, sheetName: string, header: readonly string[], rows: readonly (readonly SheetCell[])[]): Promise<void> {
  const bytes = await workbookBytes(sheetName, header, rows);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${filename}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A list exporter's download: `<fileName>-YYYYMMDD.xlsx` of `records` through `columns`. */
export function exportXlsx<T>(records: readonly T[], columns: readonly ExportColumn<T>[], fileName: string): Promise<void> {
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  const { header, rows } = columnRows(records, columns);
  return downloadXlsx(`${fileName}-${stamp}`, fileName, header, rows);
}
