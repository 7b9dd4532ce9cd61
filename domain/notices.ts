/**
 * The notices of the navbar bell as data (requirements §3 "Notification"; issue "notifications stored as
 * data"): every producer stores a `kind` and its `params`, never a sentence. The server (the
 * `content` of `GET /sp/notifications`) and the console render them here, in the reader's
 * language, so a Chinese console shows no English and no raw catalogue code.
 *
 * Kinds and params:
 * - EVENT `{ eventId, eventType, device, serialNum, connectorId }` — an event opened (domain/events.ts;
 *   the notice links to the event, its status follows the event's; connector 0 = the whole device)
 * - DEVICE_OFFLINE `{ device: 'charger' | 'gateway', serialNum }` — a device's socket closed (kept
 *   for notices stored before events were rows)
 * - FAULT `{ serialNum, connectorId, errorCode }` — a StatusNotification Faulted (the same, kept for older rows)
 * - ORDER_UNPAID `{ orderNo, code: 721 | 722, cardNumber? }` — settlement left an order unpaid (problem)
 * - CARD_REJECTED `{ idTag, serialNum, status }` — a charger was told not to accept a card (problem)
 * - REPORT_TICKET `{ subject, nickname? }` — an app user's report ticket, in their own words (problem;
 *   the notice links to the ticket by its number, `ticketNo`)
 * - TEXT `{ text }` — a free text kept from before notices were data
 *
 * Repeats of the same notice for the same device or card are one row (`groupKey`, see
 * {@link noticeGroupKey}) with a count and the last time.
 */
import { z } from 'zod';
import { catalogueMessage, type Lang } from './errors.js';
import { eventTypeLabel } from './events.js';

/** Params per kind, validated where a stored row is read back (see {@link toNotice}). */
export const NOTICE_PARAMS = {
  EVENT: z.object({
    eventId: z.number().int().positive(),
    eventType: z.string(),
    device: z.enum(['charger', 'gateway']),
    serialNum: z.string(),
    connectorId: z.number().int().min(0),
  }),
  DEVICE_OFFLINE: z.object({ device: z.enum(['charger', 'gateway']), serialNum: z.string() }),
  FAULT: z.object({ serialNum: z.string(), connectorId: z.number().int().min(0), errorCode: z.string() }),
  ORDER_UNPAID: z.object({ orderNo: z.string(), code: z.union([z.literal(721), z.literal(722)]), cardNumber: z.string().nullish() }),
  CARD_REJECTED: z.object({ idTag: z.string(), serialNum: z.string(), status: z.string() }),
  REPORT_TICKET: z.object({ subject: z.string(), nickname: z.string().optional() }),
  TEXT: z.object({ text: z.string() }),
} as const;

export type NoticeKind = keyof typeof NOTICE_PARAMS;
export const NOTICE_KINDS = Object.keys(NOTICE_PARAMS) as NoticeKind[];
export type NoticeParams = { [K in NoticeKind]: z.infer<(typeof NOTICE_PARAMS)[K]> };

/** A notice as stored: its kind and params. */
export type Notice = { [K in NoticeKind]: { kind: K; params: NoticeParams[K] } }[NoticeKind];

/** The bell's tabs: events are what devices did, problems are what someone must act on. */
export type NoticeTab = 'all' | 'events' | 'problems';
export const NOTICE_TABS: readonly NoticeTab[] = ['all', 'events', 'problems'];

/** Kinds shown under Problems (with every REPORT_TICKET notification); the rest are Events. */
export const PROBLEM_KINDS: readonly NoticeKind[] = ['ORDER_UNPAID', 'CARD_REJECTED', 'REPORT_TICKET'];

/** requirements §3 systemNotificationType of a kind (a report ticket is REPORT_TICKET, all else EVENT). */
export function noticeType(kind: NoticeKind): 'EVENT' | 'REPORT_TICKET' {
  return kind === 'REPORT_TICKET' ? 'REPORT_TICKET' : 'EVENT';
}

/** YYYY-MM-DD of `at` in UTC: the day repeats are grouped by. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The key under which repeats are one row: the same kind for the same device (or card) on the
 * same UTC day; an unpaid order is one problem per card and day. Null = never grouped.
 */
export function noticeGroupKey(n: Notice, at: Date): string | null {
  const day = utcDay(at);
  switch (n.kind) {
    case 'EVENT':
      return `EVENT:${n.params.eventId}`;
    case 'DEVICE_OFFLINE':
      return `DEVICE_OFFLINE:${n.params.device}:${n.params.serialNum}:${day}`;
    case 'FAULT':
      return `FAULT:${n.params.serialNum}:${n.params.connectorId}:${n.params.errorCode}:${day}`;
    case 'ORDER_UNPAID':
      return n.params.cardNumber ? `ORDER_UNPAID:${n.params.cardNumber}:${day}` : null;
    case 'CARD_REJECTED':
      return `CARD_REJECTED:${n.params.idTag}:${day}`;
    default:
      return null;
  }
}

/** OCPP 1.6 ChargePointErrorCode labels; a vendor's own code is shown as sent. */
const OCPP_ERRORS: Record<string, Record<Lang, string>> = {
  ConnectorLockFailure: { en: 'Connector lock failure', zh: '枪锁故障' },
  EVCommunicationError: { en: 'Vehicle communication error', zh: '车辆通信故障' },
  GroundFailure: { en: 'Ground failure', zh: '接地故障' },
  HighTemperature: { en: 'High temperature', zh: '温度过高' },
  InternalError: { en: 'Internal error', zh: '内部错误' },
  LocalListConflict: { en: 'Local list conflict', zh: '本地列表冲突' },
  NoError: { en: 'No error', zh: '无错误' },
  OtherError: { en: 'Other error', zh: '其他错误' },
  OverCurrentFailure: { en: 'Over-current failure', zh: '过流故障' },
  OverVoltage: { en: 'Over-voltage', zh: '过压' },
  PowerMeterFailure: { en: 'Power meter failure', zh: '电表故障' },
  PowerSwitchFailure: { en: 'Power switch failure', zh: '电源开关故障' },
  ReaderFailure: { en: 'Card reader failure', zh: '读卡器故障' },
  ResetFailure: { en: 'Reset failure', zh: '重启失败' },
  UnderVoltage: { en: 'Under-voltage', zh: '欠压' },
  WeakSignal: { en: 'Weak signal', zh: '信号弱' },
  EmergencyStop: { en: 'Emergency stop', zh: '急停' },
};

/** OCPP AuthorizationStatus labels (why a card was not accepted). */
const ID_TAG_STATUS: Record<string, Record<Lang, string>> = {
  Blocked: { en: 'blocked', zh: '已停用或余额不足' },
  Expired: { en: 'expired', zh: '已过期' },
  Invalid: { en: 'unknown or not valid here', zh: '未知或在此无效' },
  ConcurrentTx: { en: 'already charging', zh: '正在充电中' },
};

const label = (table: Record<string, Record<Lang, string>>, key: string, lang: Lang) => table[key]?.[lang] ?? key;

/** The notice as one sentence in `lang`. */
export function renderNotice(n: Notice, lang: Lang): string {
  const zh = lang === 'zh';
  switch (n.kind) {
    case 'EVENT': {
      const { eventType, device, serialNum, connectorId } = n.params;
      if (eventType === 'CHARGER_OFFLINE' || eventType === 'GATEWAY_OFFLINE')
        return renderNotice({ kind: 'DEVICE_OFFLINE', params: { device, serialNum } }, lang);
      const what = eventTypeLabel(eventType, lang);
      if (zh) return `${device === 'gateway' ? '网关' : '充电桩'} ${serialNum}${connectorId > 0 ? ` ${connectorId} 号枪` : ''}：${what}`;
      return `${device === 'gateway' ? 'Gateway' : 'Charger'} ${serialNum}${connectorId > 0 ? ` connector ${connectorId}` : ''}: ${what}`;
    }
    case 'DEVICE_OFFLINE': {
      const { device, serialNum } = n.params;
      if (zh) return `${device === 'gateway' ? '网关' : '充电桩'} ${serialNum} 离线`;
      return `${device === 'gateway' ? 'Gateway' : 'Charger'} ${serialNum} offline`;
    }
    case 'FAULT': {
      const { serialNum, connectorId, errorCode } = n.params;
      const what = label(OCPP_ERRORS, errorCode, lang);
      if (zh) return connectorId > 0 ? `充电桩 ${serialNum} ${connectorId} 号枪故障：${what}` : `充电桩 ${serialNum} 故障：${what}`;
      return connectorId > 0 ? `Charger ${serialNum} connector ${connectorId}: ${what}` : `Charger ${serialNum}: ${what}`;
    }
    case 'ORDER_UNPAID': {
      const { orderNo, code, cardNumber } = n.params;
      const why = catalogueMessage(code, lang);
      if (zh) return cardNumber ? `卡 ${cardNumber} 订单未支付：${why}（订单 ${orderNo}）` : `订单 ${orderNo} 未支付：${why}`;
      return cardNumber ? `Card ${cardNumber} order unpaid: ${why} (order ${orderNo})` : `Order ${orderNo} unpaid: ${why}`;
    }
    case 'CARD_REJECTED': {
      const { idTag, serialNum, status } = n.params;
      const why = label(ID_TAG_STATUS, status, lang);
      return zh ? `卡 ${idTag} 在充电桩 ${serialNum} 未被接受：${why}` : `Card ${idTag} not accepted at charger ${serialNum}: ${why}`;
    }
    case 'REPORT_TICKET': {
      const { subject, nickname } = n.params;
      if (!nickname) return subject;
      return zh ? `${nickname} 提交工单：${subject}` : `Report ticket from ${nickname}: ${subject}`;
    }
    case 'TEXT':
      return n.params.text;
  }
}

/**
 * A stored row's kind and params as a {@link Notice}; an unknown kind or params that do not fit
 * the kind read as TEXT with the row's stored text, so a bad row never breaks the bell.
 */
export function toNotice(kind: string | null | undefined, params: unknown, fallbackText: string): Notice {
  if (kind && Object.hasOwn(NOTICE_PARAMS, kind)) {
    const parsed = NOTICE_PARAMS[kind as NoticeKind].safeParse(params);
    if (parsed.success) return { kind, params: parsed.data } as Notice;
  }
  return { kind: 'TEXT', params: { text: fallbackText } };
}
