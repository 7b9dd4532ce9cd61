/**
 * Texts of the notifications the server writes itself (spec §3 "Notification" `content`). The row
 * keeps one stored text — English, as written — and `GET /sp/notifications` turns the ones it
 * recognises into the caller's language with the catalogue messages (`domain/errors.ts`), so the
 * bell of a Chinese console does not show English. Other contents (e.g. a report ticket's own
 * words) pass through unchanged.
 */
import { catalogueMessage, type Lang } from '../../../domain/errors.js';

/** Settlement codes that leave an order unpaid (721 insufficient balance, 722 deduction failed). */
export type SettlementFailure = 721 | 722;

/** The stored text of an unpaid order's notification: `Order <no>: <message> (<code>)`, in English. */
export function settlementNotice(orderNo: string, code: SettlementFailure): string {
  return `Order ${orderNo}: ${catalogueMessage(code, 'en')} (${code})`;
}

const SETTLEMENT = /^Order (\S+): .+ \((721|722)\)$/;

/** Devices whose socket closing is the custom event "charger offline" / "gateway offline". */
export type DeviceKind = 'charger' | 'gateway';

/** The stored text of a device-offline event: `Charger <SN> offline` / `Gateway <SN> offline`. */
export function offlineNotice(kind: DeviceKind, serialNum: string): string {
  return `${kind === 'gateway' ? 'Gateway' : 'Charger'} ${serialNum} offline`;
}

/**
 * The stored text of a charger fault event: `Charger <SN> connector <n>: <errorCode>`, or
 * `Charger <SN>: <errorCode>` for the whole charger (connector 0). The code is OCPP's (or the
 * vendor's) and is not translated.
 */
export function faultNotice(serialNum: string, connectorId: number, errorCode: string): string {
  return connectorId > 0 ? `Charger ${serialNum} connector ${connectorId}: ${errorCode}` : `Charger ${serialNum}: ${errorCode}`;
}

const FAULT = /^Charger (\S+)(?: connector (\d+))?: (\S+)$/;
const OFFLINE = /^(Charger|Gateway) (\S+) offline$/;
const OFFLINE_ZH = { Charger: '充电桩', Gateway: '网关' } as const;

/**
 * `content` in `lang` when it is one of the server's own notices (a settlement notice, see
 * {@link settlementNotice}, a device-offline event, see {@link offlineNotice}, or a fault, see
 * {@link faultNotice}), else unchanged.
 */
export function localizeNotice(content: string, lang: Lang): string {
  const off = OFFLINE.exec(content);
  if (off) return lang === 'zh' ? `${OFFLINE_ZH[off[1] as 'Charger' | 'Gateway']} ${off[2]} 离线` : content;
  const fault = FAULT.exec(content);
  if (fault) {
    if (lang !== 'zh') return content;
    const [, sn, connector, code] = fault;
    return connector ? `充电桩 ${sn} ${connector} 号枪：${code}` : `充电桩 ${sn}：${code}`;
  }
  const m = SETTLEMENT.exec(content);
  if (!m) return content;
  const [, orderNo, code] = m;
  const message = catalogueMessage(Number(code), lang);
  return lang === 'zh' ? `订单 ${orderNo}：${message}（${code}）` : `Order ${orderNo}: ${message} (${code})`;
}
