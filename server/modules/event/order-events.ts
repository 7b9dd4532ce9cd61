/**
 * The custom events of settling an order (requirements R13.5), on every path that settles one:
 * a StopTransaction, a late Stop reconciling an order closed without it, an operator closing a
 * stuck order, a new Start superseding the open order of its connector, and a stale order closed
 * after a reboot.
 *
 * - "company income duplication" (INCOME_DUPLICATED): the ledger already holds the order's
 *   deduction (the `balance_record_one_deduction` constraint); "company income save failure"
 *   (INCOME_SAVE_FAILED): any other failure to write it. Both are written in the transaction that
 *   settles the order, on the order's charger and connector, with the order's id.
 * - "order already paid" (ORDER_ALREADY_PAID): a settlement asked for an order that is already paid
 *   with a total above zero (a retried or late Stop, a close of a paid order).
 *
 * The `…In` functions run inside the caller's transaction; the caller announces what they opened
 * after its commit (./lifecycle.ts `announceOrderEvents`, keyed by the order's id).
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Bus } from '../../bus.js';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/pg-errors.js';
import { chargeOrder } from '../../db/schema.js';
import { announceOrderEvents, openEventIn } from './lifecycle.js';

/** The order an event is about: its charger, connector, station and company. */
export interface OrderRef {
  orderId: number;
  orderNo: string;
  companyCode: string;
  stationId: number | null;
  chargerSn: string;
  connectorId: number;
}

/** The income event a failed ledger write raises: duplication for the one-deduction constraint, else save failure. */
export function incomeEventType(err: unknown): 'INCOME_DUPLICATED' | 'INCOME_SAVE_FAILED' {
  return uniqueViolation(err) === 'balance_record_one_deduction' ? 'INCOME_DUPLICATED' : 'INCOME_SAVE_FAILED';
}

/** Opens the income event of `err` (a failed ledger write for `order`) within `tx`; `what` names the write. */
export async function incomeFailedIn(tx: Db, order: OrderRef, err: unknown, what = `order ${order.orderNo}`): Promise<void> {
  await openEventIn(tx, {
    companyCode: order.companyCode,
    stationId: order.stationId,
    deviceSn: order.chargerSn,
    deviceType: 'charger',
    connectorId: order.connectorId,
    eventType: incomeEventType(err),
    orderId: order.orderId,
    info: what,
  });
}

/** True when the order is paid with a total above zero (free and manager-card orders count as unpaid here). */
export function isPaidOrder(o: { paid: boolean; totalAmount: string | null }): boolean {
  return o.paid && o.totalAmount !== null && new Decimal(o.totalAmount).gt(0);
}

/** Opens "order already paid" for `order` within `tx`; `info` says who asked to settle it again. */
export async function orderAlreadyPaidIn(tx: Db, order: OrderRef, info: string): Promise<void> {
  await openEventIn(tx, {
    companyCode: order.companyCode,
    stationId: order.stationId,
    deviceSn: order.chargerSn,
    deviceType: 'charger',
    connectorId: order.connectorId,
    eventType: 'ORDER_ALREADY_PAID',
    orderId: order.orderId,
    info,
  });
}

/**
 * When order `orderId` is already paid (see {@link isPaidOrder}), opens "order already paid" on it
 * and announces it. Answers true when the order was paid.
 */
export async function raiseIfPaid(db: Db, bus: Bus, orderId: number, info: string): Promise<boolean> {
  const since = new Date();
  const [o] = await db.select().from(chargeOrder).where(eq(chargeOrder.id, orderId)).limit(1);
  if (!o || !isPaidOrder(o)) return false;
  await db.transaction((tx) => orderAlreadyPaidIn(tx, { ...o, orderId: o.id }, `order ${o.orderNo}: ${info}`));
  await announceOrderEvents(db, bus, orderId, since);
  return true;
}
