/**
 * Client-side Excel export (xlsx) for the charger-user and statistics screens. Cells that begin
 * with `=`, `+`, `-` or `@` are neutralised with a leading quote so a spreadsheet never evaluates
 * them as formulas (issue "Charging operations", item 2). Numbers stay numbers.
 */
import * as XLSX from 'xlsx';

export type Cell = string | number | boolean | null | undefined;

/** A cell safe for a spreadsheet: strings starting with = + - @ get a `'` prefix. */
export function neutralise(cell: Cell): string | number | boolean {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string' && /^[=+\-@]/.test(cell)) return `'${cell}`;
  return cell;
}

/** Header + rows → a neutralised array of arrays (the sheet's content). */
export function sheetRows(header: string[], rows: Cell[][]): Array<Array<string | number | boolean>> {
  return [header.map(neutralise), ...rows.map((r) => r.map(neutralise))];
}

/** Writes `<filename>.xlsx` in the browser with one sheet. */
export function downloadXlsx(filename: string, sheetName: string, header: string[], rows: Cell[][]): void {
  const ws = XLSX.utils.aoa_to_sheet(sheetRows(header, rows));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheetName.slice(0, 31) || 'Sheet1');
  XLSX.writeFile(wb, `${filename}.xlsx`);
}
