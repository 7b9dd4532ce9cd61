/**
 * Order exports (requirements §2 Operations → Orders; docs/exports.md). Every export takes the order
 * list's query string (filters, `sort`, `order`) and applies exactly the list's filter and
 * company scope (`orderConditions`), so it holds the rows the list shows.
 * - `GET /sp/order/export/count?<filters>` → `{ total, max }` (max = 50 000) for the console's
 *   pre-check.
 * - `GET /sp/order/export/excel?<filters>[&size=n]` streamed xlsx (exceljs WorkbookWriter), rows
 *   read in pages of 1000. 710 when more than 50 000 rows would be exported, 704 when `size` is
 *   above 50 000, 711 when the export fails before streaming starts (a failure mid-stream aborts
 *   the download).
 * - `GET /sp/order/export/pdf?<filters>[&size=n]` streamed PDF list; 704 above 5000 rows or
 *   `size` above 5000; 711 on failure.
 * - `GET /sp/order/:id/invoice` tax invoice PDF: 400 `id` unknown order, 709 another company's,
 *   707 unpaid, 813 no export settings for the order's company, 708 rendering failed.
 * Column headers and words follow the caller's language (`language` cookie / Accept-Language);
 * times are shown in the `Time-Zone` header's zone (UTC by default).
 */
import { currencyDigits } from '../../../domain/enums.js';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { authOf } from '../../http/access.js';
import { langOf, ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { answersWith } from '../../../domain/entities/api.js';
import { timeZoneOf } from '../../http/time-zone.js';
import { orderConditions, orderFilterQuery, orderSort } from '../order/index.js';
import { countOrders, getOrder, orderPages as orderRecordPages, type OrderRecord } from '../order/service.js';
import { neutraliseText } from '../../../domain/spreadsheet.js';
import { EXCEL_COLUMNS, headerOf, localTime, valueLabel, wordsOf, type ExportColumn } from './labels.js';
import { invoicePdf, orderListPdf } from './pdf.js';
import { loadExportSetting } from './settings.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { fileAnswer } from '../../../domain/entities/api.js';
import { idParams } from '../../../domain/entities/api.js';

/** Most rows of an Excel export (requirements §8 code 710). */
export const EXCEL_MAX_ROWS = 50_000;
/** Most rows of a PDF list (704 above). */
export const PDF_MAX_ROWS = 5_000;
/** Rows read from the database per query while streaming. */
export const PAGE_ROWS = 1000;

const exportQuery = orderFilterQuery.extend({
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
  /** Export at most this many rows (the first of the sorted list). */
  size: z.coerce.number().int().min(1).optional(),
});
type ExportQuery = z.infer<typeof exportQuery>;

/** The export's order records, `PAGE_ROWS` at a time, `limit` in all (see the order service). */
const orderPages = (db: Db, where: SQL | undefined, q: ExportQuery, limit: number) => orderRecordPages(db, where, q, limit, PAGE_ROWS);

/** The value of an Excel cell: numbers for money, energy and counts; neutralised text otherwise. */
export function excelCell(o: OrderRecord, col: ExportColumn, lang: 'en' | 'zh', tz: string): string | number {
  switch (col) {
    case 'connectorId':
    case 'durationSeconds':
      return o[col];
    case 'energyKwh':
    case 'electricityFee':
    case 'serviceFee':
    case 'cost':
    case 'taxAmount':
    case 'totalAmount':
      return Number(o[col]);
    case 'chargerStartTime':
    case 'chargerStopTime':
    case 'serverStartTime':
    case 'serverStopTime':
      return localTime(o[col], tz);
    case 'status':
    case 'userType':
      return valueLabel(o[col], lang);
    case 'paid':
      return valueLabel(o.paid, lang);
    default:
      return neutraliseText(String(o[col] ?? ''));
  }
}

/** `orders-<yyyymmdd-hhmmss>.<ext>` (UTC). */
function fileName(prefix: string, ext: string): string {
  return `${prefix}-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.${ext}`;
}

/** Sets download headers. */
function download(reply: FastifyReply, type: string, name: string): void {
  reply.header('content-type', type);
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'no-store');
}

/**
 * How many rows an export of `q` will hold: checks `size` (704 above `max`) and the matching
 * count (`overCode` when more than `max` would be exported).
 */
async function plannedRows(db: Db, where: SQL | undefined, q: ExportQuery, max: number, overCode: 704 | 710): Promise<number> {
  if (q.size !== undefined && q.size > max) throw new AppError(704, 'size');
  const total = await countOrders(db, where);
  const rows = q.size !== undefined ? Math.min(q.size, total) : total;
  if (rows > max) throw new AppError(overCode);
  return rows;
}

/**
 * What an export request asks for: its query, the list's conditions (filter and company scope;
 * the sort checked, 400 when unknown), the rows to write (see {@link plannedRows}), and the
 * caller's language and time zone.
 */
async function planExport(db: Db, req: FastifyRequest & { query: ExportQuery }, max: number, overCode: 704 | 710) {
  const q = req.query;
  const where = orderConditions(authOf(req), q);
  orderSort(q);
  const rows = await plannedRows(db, where, q, max, overCode);
  return { q, where, rows, lang: langOf(req), tz: timeZoneOf(req) };
}

const exportRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: PERMISSIONS.operations.orders };

  r.get(
    '/order/export/count',
    {
      config,
      schema: { tags: ['order'], querystring: exportQuery, response: answersWith(z.object({ total: z.number(), max: z.number(), pdfMax: z.number() })) },
    },
    async (req) => {
      const where = orderConditions(authOf(req), req.query);
      orderSort(req.query);
      const total = await countOrders(app.db, where);
      return ok(req, { total, max: EXCEL_MAX_ROWS, pdfMax: PDF_MAX_ROWS });
    },
  );

  r.get(
    '/order/export/excel',
    {
      config,
      schema: {
        tags: ['order'],
        querystring: exportQuery,
        response: { 200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The orders as a spreadsheet') },
      },
    },
    async (req, reply) => {
      const { q, where, rows, lang, tz } = await planExport(app.db, req, EXCEL_MAX_ROWS, 710);
      const out = new PassThrough();
      let wb: ExcelJS.stream.xlsx.WorkbookWriter;
      let ws: ExcelJS.Worksheet;
      try {
        wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
        wb.creator = 'ChargeDesk';
        ws = wb.addWorksheet(wordsOf(lang).sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
        ws.columns = EXCEL_COLUMNS.map((c) => ({
          header: headerOf(c, lang, tz),
          key: c,
          width: c.endsWith('Time') ? 21 : c === 'orderNo' ? 22 : 14,
          style: c === 'energyKwh' ? { numFmt: '0.000' } : undefined,
        }));
        ws.getRow(1).font = { bold: true };
        ws.getRow(1).commit();
      } catch (err) {
        req.log.error({ err }, 'excel export failed');
        throw new AppError(711);
      }
      download(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName('orders', 'xlsx'));
      void (async () => {
        for await (const page of orderPages(app.db, where, q, rows)) {
          for (const o of page) {
            const row = ws.addRow(EXCEL_COLUMNS.map((c) => excelCell(o, c, lang, tz)));
            const money = currencyDigits(o.currency) === 0 ? '0' : '0.00';
            for (const c of ['electricityFee', 'serviceFee', 'cost', 'taxAmount', 'totalAmount'] as const) {
              row.getCell(EXCEL_COLUMNS.indexOf(c) + 1).numFmt = money;
            }
            row.commit();
          }
          // Let the zip stream drain to the client before the next page (memory stays flat).
          await new Promise((res) => setImmediate(res));
          if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
        }
        ws.commit();
        await wb.commit();
      })().catch((err: unknown) => {
        req.log.error({ err }, 'excel export failed while streaming');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply.send(out);
    },
  );

  r.get(
    '/order/export/pdf',
    { config, schema: { tags: ['order'], querystring: exportQuery, response: { 200: fileAnswer('application/pdf', 'The orders as a PDF') } } },
    async (req, reply) => {
      const { q, where, rows, lang, tz } = await planExport(app.db, req, PDF_MAX_ROWS, 704);
      let list: ReturnType<typeof orderListPdf>;
      try {
        list = orderListPdf(lang, tz, rows);
      } catch (err) {
        req.log.error({ err }, 'pdf export failed');
        throw new AppError(711);
      }
      const out = new PassThrough();
      list.doc.pipe(out);
      download(reply, 'application/pdf', fileName('orders', 'pdf'));
      void (async () => {
        for await (const page of orderPages(app.db, where, q, rows)) list.add(page);
        list.end();
      })().catch((err: unknown) => {
        req.log.error({ err }, 'pdf export failed while streaming');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply.send(out);
    },
  );

  r.get(
    '/order/:id/invoice',
    {
      config,
      schema: { tags: ['order'], params: idParams, response: { 200: fileAnswer('application/pdf', 'The tax invoice') } },
    },
    async (req, reply) => {
      const order = await getOrder(app.db, authOf(req), req.params.id);
      if (!order.paid) throw new AppError(707);
      const setting = await loadExportSetting(app.db, order.companyCode);
      if (!setting) throw new AppError(813);
      let pdf: Buffer;
      try {
        pdf = await invoicePdf(
          order,
          {
            operatorCompanyName: setting.operatorCompanyName,
            address: setting.address,
            logo: Buffer.from(setting.logoData, 'base64'),
            serviceFeeTitle: setting.serviceFeeTitle,
            electricityFeeTitle: setting.electricityFeeTitle,
            notes: setting.notes,
          },
          langOf(req),
          timeZoneOf(req),
        );
      } catch (err) {
        req.log.error({ err, orderId: order.id }, 'invoice failed');
        throw new AppError(708);
      }
      download(reply, 'application/pdf', `invoice-${order.orderNo}.pdf`);
      return reply.send(pdf);
    },
  );
};

export default exportRoutes;
