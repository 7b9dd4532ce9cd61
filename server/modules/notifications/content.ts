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

/** `content` in `lang` when it is a settlement notice (see {@link settlementNotice}), else unchanged. */
export function localizeNotice(content: string, lang: Lang): string {
  const m = SETTLEMENT.exec(content);
  if (!m) return content;
  const [, orderNo, code] = m;
  const message = catalogueMessage(Number(code), lang);
  return lang === 'zh' ? `订单 ${orderNo}：${message}（${code}）` : `Order ${orderNo}: ${message} (${code})`;
}
