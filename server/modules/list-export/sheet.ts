/**
 * The one way a list becomes a spreadsheet (docs/exports.md): a streamed xlsx (exceljs
 * WorkbookWriter) with a bold, frozen header row, written page by page so memory stays flat;
 * every text cell neutralised against formulas (domain/spreadsheet.ts, requirements R10.16).
 * 711 when the workbook cannot be started; a failure while streaming aborts the download.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { AppError } from '../../../domain/app-error.js';
import { neutraliseCell, type SheetCell } from '../../../domain/spreadsheet.js';

/** A column of a sheet: its header (already in the caller's language) and width in characters. */
export interface SheetColumn {
  header: string;
  width?: number;
}

/** `<prefix>-<yyyymmdd-hhmmss>.xlsx` (UTC). */
export function exportFileName(prefix: string, ext = 'xlsx'): string {
  return `${prefix}-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.${ext}`;
}

/** Sets the download headers of an export answer. */
export function downloadHeaders(reply: FastifyReply, type: string, name: string): void {
  reply.header('content-type', type);
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'no-store');
}

/** Sends `rows` (pages of cells, one array per row) as the workbook `file` with one sheet. */
export function streamSheet(
  req: FastifyRequest,
  reply: FastifyReply,
  sheet: { file: string; name: string; columns: readonly SheetColumn[] },
  rows: AsyncIterable<SheetCell[][]>,
): FastifyReply {
  const out = new PassThrough();
  let wb: ExcelJS.stream.xlsx.WorkbookWriter;
  let ws: ExcelJS.Worksheet;
  try {
    wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    wb.creator = 'ChargeDesk';
    ws = wb.addWorksheet(sheet.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
  } catch (err) {
    req.log.error({ err }, 'export failed');
    throw new AppError(711);
  }
  downloadHeaders(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', exportFileName(sheet.file));
  void (async () => {
    for await (const page of rows) {
      for (const cells of page) ws.addRow(cells.map(neutraliseCell)).commit();
      // Let the zip stream drain to the client before the next page.
      await new Promise((res) => setImmediate(res));
      if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
    }
    ws.commit();
    await wb.commit();
  })().catch((err: unknown) => {
    req.log.error({ err }, 'export failed while streaming');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(out);
}
