/**
 * Reads back the Excel files the product writes (server exports and console downloads), with
 * exceljs, the one spreadsheet library of the product.
 */
import ExcelJS from 'exceljs';

/** A cell as read back: text, number, boolean or an empty cell. */
export type ReadCell = string | number | boolean | null;

/** The rows of the first sheet of `bytes`, each as wide as the sheet (empty cells → null). */
export async function readSheet(bytes: Uint8Array | ArrayBuffer): Promise<ReadCell[][]> {
  const wb = new ExcelJS.Workbook();
  // exceljs' typings want its own Buffer type; it accepts any ArrayBuffer view.
  await wb.xlsx.load((bytes instanceof ArrayBuffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const width = ws.columnCount;
  const out: ReadCell[][] = [];
  ws.eachRow((row) => {
    const vals = (row.values as ExcelJS.CellValue[]).slice(1);
    out.push(
      Array.from({ length: width }, (_, i) => {
        const v = vals[i];
        if (v === undefined || v === null) return null;
        return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : String(v);
      }),
    );
  });
  return out;
}

/** The number format of each cell of the first sheet of `bytes`, row by row (none → null). */
export async function readFormats(bytes: Uint8Array | ArrayBuffer): Promise<(string | null)[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((bytes instanceof ArrayBuffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const out: (string | null)[][] = [];
  ws.eachRow((row) => {
    out.push(Array.from({ length: ws.columnCount }, (_, i) => row.getCell(i + 1).numFmt ?? null));
  });
  return out;
}

/** The name of the first sheet of `bytes`. */
export async function firstSheetName(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((bytes instanceof ArrayBuffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as unknown as ExcelJS.Buffer);
  return wb.worksheets[0].name;
}
