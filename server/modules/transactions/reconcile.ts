/**
 * A late StopTransaction for an order that was closed without it (by an operator, superseded by a
 * new Start, or closed as stale after a reboot): the charger's figures win. The order takes the
 * charger's meterStop, stop time and reason, its meter values are kept, it is re-priced, and the
 * payer's balance is corrected by one RECONCILE ledger row (domain/enums.ts BALANCE_CHANGE_TYPES)
 * whose remark names the order and the old and new totals — so Σ ledger = balance still holds.
 * An order closed at 0.00 (before any meter value) was marked paid with nothing taken: its late
 * Stop takes the re-priced total by the same RECONCILE row (requirements R10.22).
 * The order becomes FINISHED and is flagged LATE_STOP, so a retried Stop changes nothing.
 *
 * When the correction cannot be taken (the balance would go below zero), the order is left unpaid
 * and 721 is recorded in its breakdown, like any settlement that fails; any other failure to write
 * it records 722 and opens "company income save failure" (or "duplication"). A late Stop for an
 * order that was paid when it was closed also opens "order already paid" (requirements R13.5);
 * the StopTransaction handler announces both after the commit.
 */
import { queueRollup, unrollForRepricing } from '../analytics/index.js';
import Decimal from 'decimal.js';
import { storedMoney } from '../../../domain/money.js';
import { and, eq, sql } from 'drizzle-orm';
import type { OrderFlag } from '../../../domain/enums.js';
import { energyKwh } from '../../../domain/meter.js';
import type { Db } from '../../db/client.js';
import { cardUser, chargeOrder, meterValue } from '../../db/schema.js';
import { AppError } from '../../../domain/app-error.js';
import { changeBalance } from '../balance/index.js';
import { priceEnded, withFlags, type OrderRow, type SessionEnd } from './pricing.js';
import { settleOrder } from './settlement.js';
import { incomeFailedIn, isPaidOrder, orderAlreadyPaidIn } from '../event/index.js';

/** What the late Stop says: the charger's end of the session and its meter values. */
export interface LateStop extends SessionEnd {
  reason: string;
  rows: (typeof meterValue.$inferInsert)[];
  flags: OrderFlag[];
}

/**
 * Whose balance the late Stop corrects, from the order's settlement record: the payer of a
 * deduction (rule DEDUCTED), or the payer an order closed at 0.00 would have had (rule FREE: the
 * order was paid because nothing was owed, typically closed before any meter value). Null when
 * nobody is to be charged (manager card, refused idTag, no payer, or a close that left it unpaid).
 */
async function payerOf(tx: Db, order: OrderRow): Promise<{ holderType: 'CARD' | 'APP'; holderId: number; deductType: 'CARD' | 'BALANCE' } | null> {
  const rule = (order.breakdown as { settlement?: { rule?: string } } | null)?.settlement?.rule;
  if (!order.paid || order.idTagStatus !== 'Accepted' || (rule !== 'DEDUCTED' && rule !== 'FREE')) return null;
  if (order.cardUserId !== null) {
    // Settlement checks the manager card only for a total above 0: a FREE close of one is checked here.
    const [card] = await tx.select({ managerCard: cardUser.managerCard }).from(cardUser).where(eq(cardUser.id, order.cardUserId));
    return card?.managerCard ? null : { holderType: 'CARD', holderId: order.cardUserId, deductType: 'CARD' };
  }
  if (order.appUserId !== null) return { holderType: 'APP', holderId: order.appUserId, deductType: 'BALANCE' };
  return null;
}

/**
 * Reconciles `order` (status CLOSED, not yet LATE_STOP) with a late Stop within `tx`.
 * Returns false when another writer reconciled it first.
 */
export async function reconcileLateStop(tx: Db, order: OrderRow, stop: LateStop): Promise<boolean> {
  const [locked] = await tx
    .select({ id: chargeOrder.id })
    .from(chargeOrder)
    .where(and(eq(chargeOrder.id, order.id), eq(chargeOrder.status, 'CLOSED'), sql`not ('LATE_STOP' = any(${chargeOrder.flags}))`))
    .for('update');
  if (!locked) return false;
  if (stop.rows.length) await tx.insert(meterValue).values(stop.rows);
  const price = await priceEnded(tx, order, stop);
  const before = new Decimal(order.totalAmount);
  const after = new Decimal(price.totalAmount);
  const reconcile: Record<string, unknown> = {
    previousTotal: order.totalAmount,
    previousMeterStop: order.meterStop,
    previousStopReason: order.stopReason,
    previousBreakdown: order.breakdown,
  };
  let paid = order.paid;
  let settlement = (order.breakdown as { settlement?: unknown } | null)?.settlement ?? null;
  const payer = await payerOf(tx, order);
  const ref = { ...order, orderId: order.id };
  // The order was settled and paid when it was closed: this Stop settles it again (requirements R13.5).
  if (isPaidOrder(order)) {
    await orderAlreadyPaidIn(tx, ref, `order ${order.orderNo}: late StopTransaction re-priced ${order.totalAmount} → ${price.totalAmount}`);
  }
  if (payer && !after.equals(before)) {
    try {
      await tx.transaction(async (sp) => {
        const row = await changeBalance(sp, {
          holderType: payer.holderType,
          holderId: payer.holderId,
          changeType: 'RECONCILE',
          deductType: payer.deductType,
          amount: storedMoney(before.minus(after)),
          relevanceId: order.id,
          operator: 'OCPP',
          remark: `${order.orderNo}: late StopTransaction re-priced ${order.totalAmount} → ${price.totalAmount}`,
        });
        reconcile.ledgerRecordId = row.id;
      });
    } catch (err) {
      paid = false;
      reconcile.code = err instanceof AppError && err.code === 721 ? 721 : 722;
      if (reconcile.code === 722) await incomeFailedIn(tx, ref, err, `order ${order.orderNo}: late StopTransaction correction`);
    }
  } else if (!payer && !order.paid && order.idTagStatus === 'Accepted') {
    // Nothing was taken before (a free or unpaid close): settle the re-priced total now.
    const settled = await settleOrder(tx, { ...order, orderId: order.id, totalAmount: price.totalAmount });
    settlement = settled;
    paid = settled.paid;
  }
  // The analytics rollups hold the order as it was closed: take it out, re-add it re-priced below.
  await unrollForRepricing(tx, order.id);
  await tx
    .update(chargeOrder)
    .set({
      meterStop: stop.meterStop,
      energyKwh: energyKwh(order.meterStart, stop.meterStop),
      chargerStopTime: stop.chargerStopTime,
      serverStopTime: stop.serverStopTime,
      status: 'FINISHED',
      stopReason: stop.reason,
      currency: price.currency,
      electricityFee: price.electricityFee,
      serviceFee: price.serviceFee,
      taxAmount: price.taxAmount,
      cost: price.cost,
      totalAmount: price.totalAmount,
      paid,
      breakdown: { ...price.breakdown, settlement, reconcile },
      flags: withFlags(order.flags, ['LATE_STOP', ...stop.flags, ...price.flags]),
    })
    .where(eq(chargeOrder.id, order.id));
  await queueRollup(tx, order.id);
  return true;
}
