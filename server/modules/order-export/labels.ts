/**
 * Words of the server-generated order exports (Excel and PDF list, tax invoice) in both languages.
 * Text cells are neutralised against formulas by `domain/spreadsheet.ts` (requirements R10.16).
 */
import type { Lang } from '../../../domain/errors.js';

/** Column keys of the order exports, in order (JSON field names of the order record). */
export const EXCEL_COLUMNS = [
  'orderNo',
  'companyName',
  'stationName',
  'chargerSn',
  'connectorId',
  'idTag',
  'userType',
  'userName',
  'chargerStartTime',
  'chargerStopTime',
  'serverStartTime',
  'serverStopTime',
  'durationSeconds',
  'energyKwh',
  'status',
  'currency',
  'electricityFee',
  'serviceFee',
  'cost',
  'taxAmount',
  'totalAmount',
  'paid',
] as const;
export type ExportColumn = (typeof EXCEL_COLUMNS)[number];

/** Columns of the PDF list (landscape A4). */
export const PDF_COLUMNS: readonly ExportColumn[] = [
  'orderNo',
  'stationName',
  'chargerSn',
  'idTag',
  'chargerStartTime',
  'chargerStopTime',
  'energyKwh',
  'status',
  'cost',
  'taxAmount',
  'totalAmount',
  'currency',
  'paid',
];

const HEADERS: Record<Lang, Record<ExportColumn, string>> = {
  en: {
    orderNo: 'Order number',
    companyName: 'Company',
    stationName: 'Station',
    chargerSn: 'Charger SN',
    connectorId: 'Connector',
    idTag: 'idTag',
    userType: 'User type',
    userName: 'User',
    chargerStartTime: 'Charger start time',
    chargerStopTime: 'Charger stop time',
    serverStartTime: 'Server start time',
    serverStopTime: 'Server stop time',
    durationSeconds: 'Duration (s)',
    energyKwh: 'Energy (kWh)',
    status: 'Status',
    currency: 'Currency',
    electricityFee: 'Electricity fee',
    serviceFee: 'Service fee',
    cost: 'Cost excl. VAT',
    taxAmount: 'Tax',
    totalAmount: 'Total',
    paid: 'Paid',
  },
  zh: {
    orderNo: '订单号',
    companyName: '公司',
    stationName: '站点',
    chargerSn: '充电桩序列号',
    connectorId: '枪号',
    idTag: 'idTag',
    userType: '用户类型',
    userName: '用户',
    chargerStartTime: '充电桩开始时间',
    chargerStopTime: '充电桩结束时间',
    serverStartTime: '服务器开始时间',
    serverStopTime: '服务器结束时间',
    durationSeconds: '时长（秒）',
    energyKwh: '电量（kWh）',
    status: '状态',
    currency: '币种',
    electricityFee: '电费',
    serviceFee: '服务费',
    cost: '不含税费用',
    taxAmount: '税费',
    totalAmount: '总金额',
    paid: '已支付',
  },
};

const VALUES: Record<Lang, Record<string, string>> = {
  en: { CHARGING: 'Charging', FINISHED: 'Finished', CLOSED: 'Closed', CARD: 'Card', APP: 'App', true: 'Yes', false: 'No' },
  zh: { CHARGING: '充电中', FINISHED: '已完成', CLOSED: '已关闭', CARD: '卡', APP: 'App', true: '是', false: '否' },
};

type WordKey =
  | 'sheet'
  | 'listTitle'
  | 'generated'
  | 'rows'
  | 'timeZone'
  | 'page'
  | 'invoiceTitle'
  | 'orderNo'
  | 'invoiceDate'
  | 'start'
  | 'stop'
  | 'station'
  | 'charger'
  | 'connector'
  | 'customer'
  | 'energy'
  | 'item'
  | 'formula'
  | 'amount'
  | 'cost'
  | 'tax'
  | 'total'
  | 'currency'
  | 'notes'
  | 'paid'
  | 'serviceTax';

const WORDS: Record<Lang, Record<WordKey, string>> = {
  en: {
    sheet: 'Orders',
    listTitle: 'Orders',
    generated: 'Generated',
    rows: 'Rows',
    timeZone: 'Time zone',
    page: 'Page',
    invoiceTitle: 'Tax invoice',
    orderNo: 'Order number',
    invoiceDate: 'Invoice date',
    start: 'Start',
    stop: 'Stop',
    station: 'Station',
    charger: 'Charger',
    connector: 'Connector',
    customer: 'Customer',
    energy: 'Energy',
    item: 'Item',
    formula: 'Calculation',
    amount: 'Amount',
    cost: 'Cost excl. VAT',
    tax: 'Tax',
    total: 'Total',
    currency: 'Currency',
    notes: 'Notes',
    paid: 'Paid',
    serviceTax: 'Service tax',
  },
  zh: {
    sheet: '订单',
    listTitle: '订单列表',
    generated: '生成时间',
    rows: '行数',
    timeZone: '时区',
    page: '页',
    invoiceTitle: '税务发票',
    orderNo: '订单号',
    invoiceDate: '开票日期',
    start: '开始',
    stop: '结束',
    station: '站点',
    charger: '充电桩',
    connector: '枪号',
    customer: '客户',
    energy: '电量',
    item: '项目',
    formula: '计算',
    amount: '金额',
    cost: '不含税费用',
    tax: '税费',
    total: '合计',
    currency: '币种',
    notes: '备注',
    paid: '已支付',
    serviceTax: '服务费税',
  },
};
export type Words = Record<WordKey, string>;

/** Column header of `col` in `lang`; time columns name the zone they are shown in. */
export function headerOf(col: ExportColumn, lang: Lang, timeZone: string): string {
  const h = HEADERS[lang][col];
  return col.endsWith('Time') ? `${h} (${timeZone})` : h;
}

/** A coded value (status, user type, paid) in `lang`; unknown codes as they are. */
export function valueLabel(v: string | boolean, lang: Lang): string {
  return VALUES[lang][String(v)] ?? String(v);
}

/** Fixed words of the PDFs in `lang`. */
export function wordsOf(lang: Lang): Words {
  return WORDS[lang];
}

/** A zone's UTC offset is looked up once per quarter hour (every transition falls on one). */
const QUARTER_MS = 15 * 60_000;
const offsets = new Map<string, { format: Intl.DateTimeFormat; byQuarter: Map<number, number> }>();

/** The UTC offset (ms) of zone `tz` at instant `ms`. */
function offsetAt(tz: string, ms: number): number {
  let zone = offsets.get(tz);
  if (!zone) {
    // Building an Intl.DateTimeFormat costs about 100 times more than using one.
    zone = {
      format: new Intl.DateTimeFormat('en-CA', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
      byQuarter: new Map(),
    };
    if (offsets.size > 500) offsets.clear();
    offsets.set(tz, zone);
  }
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = zone.byQuarter.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_MS;
    const p: Record<string, number> = {};
    for (const x of zone.format.formatToParts(new Date(at))) if (x.type !== 'literal') p[x.type] = Number(x.value);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
    if (zone.byQuarter.size > 100_000) zone.byQuarter.clear();
    zone.byQuarter.set(quarter, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD HH:mm:ss` of `iso` in zone `tz` ('' for null). */
export function localTime(iso: string | null, tz: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  const d = new Date(ms + offsetAt(tz, ms));
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}
