/**
 * The Eventes Excel export (`GET /sp/event/export`, requirements R13.8; docs/exports.md): the list's
 * filter, scope and sort, at most 50 000 rows (710 above), one sheet with the columns in the
 * caller's language and times in its time zone; every text cell goes through
 * domain/spreadsheet.ts, so a charger's `info` can never run as a formula.
 */
import type { FastifyReply } from 'fastify';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.js';
import { event } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { localTime } from '../order-export/index.js';
import { neutraliseCell, type SheetCell } from '../../../domain/spreadsheet.js';
import { eventTypeLabel } from '../../../domain/events.js';
import type { Lang } from '../../../domain/errors.js';
import type { EventFilters, EventRecord } from '../../../domain/entities/event.js';
import { eventConditions, eventOrder, eventQuery, toEventRecord } from './service.js';

/** Most rows of one export (code 710 above, as for orders). */
export const EVENT_EXPORT_MAX = 50_000;

const COLUMNS = [
  'id',
  'deviceSn',
  'deviceType',
  'stationName',
  'companyName',
  'eventType',
  'eventLevel',
  'connectorId',
  'errorCode',
  'vendorId',
  'vendorErrorCode',
  'info',
  'occurTime',
  'lastOccurTime',
  'repeatCount',
  'status',
  'handleMethod',
  'handler',
  'processTime',
  'ignoreTime',
  'recoverTime',
] as const;
type Column = (typeof COLUMNS)[number];

const HEADERS: Record<Column, Record<Lang, string>> = {
  id: { en: 'ID', zh: 'ID' },
  deviceSn: { en: 'Device SN', zh: '设备序列号' },
  deviceType: { en: 'Device type', zh: '设备类型' },
  stationName: { en: 'Station', zh: '站点' },
  companyName: { en: 'Company', zh: '公司' },
  eventType: { en: 'Event type', zh: '事件类型' },
  eventLevel: { en: 'Level', zh: '级别' },
  connectorId: { en: 'Connector', zh: '枪号' },
  errorCode: { en: 'Error code', zh: '故障码' },
  vendorId: { en: 'Vendor', zh: '厂商' },
  vendorErrorCode: { en: 'Vendor error code', zh: '厂商故障码' },
  info: { en: 'Info', zh: '信息' },
  occurTime: { en: 'Occur time', zh: '发生时间' },
  lastOccurTime: { en: 'Last occurrence', zh: '最近发生' },
  repeatCount: { en: 'Times', zh: '次数' },
  status: { en: 'Status', zh: '状态' },
  handleMethod: { en: 'Handle method', zh: '处理方式' },
  handler: { en: 'Handler', zh: '处理人' },
  processTime: { en: 'Process time', zh: '处理时间' },
  ignoreTime: { en: 'Ignore time', zh: '忽略时间' },
  recoverTime: { en: 'Recover time', zh: '恢复时间' },
};

const WORDS: Record<string, Record<Lang, string>> = {
  charger: { en: 'Charger', zh: '充电桩' },
  gateway: { en: 'Gateway', zh: '网关' },
  fault: { en: 'Fault', zh: '故障' },
  warning: { en: 'Warning', zh: '告警' },
  custom: { en: 'Custom', zh: '自定义' },
  HAPPENING: { en: 'Happening', zh: '发生中' },
  PROCESSED: { en: 'Processed', zh: '已处理' },
  IGNORED: { en: 'Ignored', zh: '已忽略' },
  RECOVERED: { en: 'Recovered', zh: '已恢复' },
};

/** One cell of `e` in `lang`, times in `tz`. */
function cell(e: EventRecord, c: Column, lang: Lang, tz: string): SheetCell {
  switch (c) {
    case 'occurTime':
    case 'lastOccurTime':
    case 'processTime':
    case 'ignoreTime':
    case 'recoverTime':
      return localTime(e[c], tz);
    case 'eventType':
      return eventTypeLabel(e.eventType, lang);
    case 'deviceType':
    case 'eventLevel':
    case 'status':
      return WORDS[e[c]]?.[lang] ?? e[c];
    default:
      return e[c];
  }
}

/** Writes the export of `q` to `reply` (a finished workbook: at most 50 000 rows). */
export async function sendEventWorkbook(
  db: Db,
  auth: AuthContext,
  q: EventFilters & { sort?: string; order?: string },
  lang: Lang,
  tz: string,
  reply: FastifyReply,
) {
  const where = eventConditions(auth, q);
  const order = eventOrder(q);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(event).where(where);
  if (total > EVENT_EXPORT_MAX) throw new AppError(710);
  let buffer: ExcelJS.Buffer;
  try {
    const rows = (
      await eventQuery(db)
        .where(where)
        .orderBy(...order)
        .limit(EVENT_EXPORT_MAX)
    ).map(toEventRecord);
    const wb = new ExcelJS.Workbook();
    wb.creator = 'ChargeDesk';
    const ws = wb.addWorksheet(lang === 'zh' ? '事件' : 'Events', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = COLUMNS.map((c) => ({ header: HEADERS[c][lang], key: c, width: c.endsWith('Time') ? 21 : c === 'info' || c === 'handleMethod' ? 30 : 14 }));
    ws.getRow(1).font = { bold: true };
    for (const e of rows) ws.addRow(COLUMNS.map((c) => neutraliseCell(cell(e, c, lang, tz))));
    buffer = await wb.xlsx.writeBuffer();
  } catch (err) {
    reply.log.error({ err }, 'event export failed');
    throw new AppError(711);
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', `attachment; filename="events-${stamp}.xlsx"`);
  reply.header('cache-control', 'no-store');
  return reply.send(Buffer.from(buffer));
}
