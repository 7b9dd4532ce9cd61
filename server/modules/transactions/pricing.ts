/**
 * Finishing an open order: pricing and settlement in the SQL transaction that ends it, once per
 * order. Called by StopTransaction, by closing a stuck order by hand, by a new Start that
 * supersedes a stale order, and when a rebooted charger reports the connector free. The station's
 * tariff prices the session (server/modules/billing/price-order.ts, domain/billing.ts) and the
 * total is deducted from the card or app balance (./settlement.ts: unpaid with 721/722 recorded
 * when it cannot be).
 */
import { queueRollup } from '../analytics/index.js';
import { and, eq } from 'drizzle-orm';
import type { MeterSample, OrderAmounts } from '../../../domain/billing.js';
import type { OrderFlag } from '../../../domain/enums.js';
import { energyKwh } from '../../../domain/meter.js';
import type { Db } from '../../db/client.js';
import { chargeOrder } from '../../db/schema.js';
import { priceFinishedOrder, type SplitSoFar } from '../billing/index.js';
import { settleOrder, type Settlement } from './settlement.js';

/** An order as stored. */
export type OrderRow = typeof chargeOrder.$inferSelect;

/** How a session ended: the stop register (Wh) and both clocks of the stop. */
export interface SessionEnd {
  meterStop: number;
  chargerStopTime: Date;
  serverStopTime: Date;
}

/** The order's figures, whether the balance paid them, and the `breakdown` stored as is. */
export interface PricedOrder extends OrderAmounts {
  paid: boolean;
  breakdown: Record<string, unknown>;
  /** Flags the pricing adds to the order (CHARGER_CLOCK, STOP_BEFORE_START). */
  flags: OrderFlag[];
  settlement: Settlement;
}

/** The union of two flag lists, in first-seen order. */
export function withFlags(flags: readonly string[], more: readonly string[]): string[] {
  return [...new Set([...flags, ...more])];
}

/** Prices `order` as ended by `end` within `tx` (no write). */
export async function priceEnded(tx: Db, order: OrderRow, end: SessionEnd, soFar?: SplitSoFar) {
  return priceFinishedOrder(
    tx,
    {
      chargerId: order.chargerId,
      stationId: order.stationId,
      transactionId: order.transactionId,
      currency: order.currency,
      meterStart: order.meterStart,
      meterStop: end.meterStop,
      chargerStartTime: order.chargerStartTime,
      chargerStopTime: end.chargerStopTime,
      serverStartTime: order.serverStartTime,
      serverStopTime: end.serverStopTime,
    },
    soFar,
  );
}

/** Prices and settles `order` as ended by `end` within `tx` (no write to the order). */
export async function priceOrder(tx: Db, order: OrderRow, end: SessionEnd, soFar?: SplitSoFar): Promise<PricedOrder> {
  const price = await priceEnded(tx, order, end, soFar);
  const settlement: Settlement =
    order.idTagStatus === 'Accepted'
      ? await settleOrder(tx, { ...order, orderId: order.id, totalAmount: price.totalAmount })
      : { paid: false, deductType: null, code: null, rule: 'NO_PAYER' };
  return { ...price, paid: settlement.paid, breakdown: { ...price.breakdown, settlement }, settlement };
}

/** How an open order is ended: its status, stop reason, flags to add, notes for the breakdown. */
export interface OrderEnding extends SessionEnd {
  status: 'FINISHED' | 'CLOSED';
  stopReason: string;
  flags?: OrderFlag[];
  note?: Record<string, unknown>;
  /** Readings stored with the ending (StopTransaction.transactionData), priced readings. */
  added?: readonly MeterSample[];
}

/**
 * Ends `order` if it is still CHARGING, within `tx`: stop figures, price, settlement and flags in
 * one write set. Returns false (and changes nothing) when another writer ended it first. The price
 * comes from the order's running energy split as the locked row holds it when that split stands
 * for the session's readings (server/modules/billing/energy-split.ts), else from the readings.
 */
export async function finishOrder(tx: Db, order: OrderRow, end: OrderEnding): Promise<boolean> {
  const [row] = await tx
    .update(chargeOrder)
    .set({
      meterStop: end.meterStop,
      energyKwh: energyKwh(order.meterStart, end.meterStop),
      chargerStopTime: end.chargerStopTime,
      serverStopTime: end.serverStopTime,
      status: end.status,
      stopReason: end.stopReason,
    })
    .where(and(eq(chargeOrder.id, order.id), eq(chargeOrder.status, 'CHARGING')))
    .returning({ id: chargeOrder.id, split: chargeOrder.energySplit });
  if (!row) return false;
  const priced = await priceOrder(tx, order, end, { split: row.split ?? null, added: end.added ?? [] });
  await tx
    .update(chargeOrder)
    .set({
      currency: priced.currency,
      electricityFee: priced.electricityFee,
      serviceFee: priced.serviceFee,
      taxAmount: priced.taxAmount,
      cost: priced.cost,
      totalAmount: priced.totalAmount,
      paid: priced.paid,
      breakdown: { ...priced.breakdown, ...end.note },
      flags: withFlags(order.flags, [...(end.flags ?? []), ...priced.flags]),
      energySplit: null,
    })
    .where(eq(chargeOrder.id, order.id));
  await queueRollup(tx, order.id);
  return true;
}
