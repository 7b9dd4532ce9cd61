/**
 * Pricing and settlement of a finished order, called by `stopTransaction` (and by closing a stuck
 * order by hand) inside the SQL transaction that finishes it, once per order (a retried Stop never
 * reaches it): the station's tariff prices the session (server/modules/billing/price-order.ts,
 * domain/billing.ts) and the total is deducted from the card or app balance
 * (./settlement.ts: unpaid with 721/722 recorded when it cannot be).
 */
import type { OrderAmounts } from '../../../domain/billing.js';
import type { Db } from '../../db/client.js';
import { priceFinishedOrder } from '../billing/price-order.js';
import { settleOrder, type Settlement } from './settlement.js';

/** The order facts pricing needs. Energy in kWh (decimal string, 3 decimals); meter in Wh. */
export interface PricingInput {
  orderId: number;
  orderNo: string;
  companyCode: string;
  stationId: number | null;
  chargerId: number;
  chargerSn: string;
  transactionId: number;
  currency: string;
  energyKwh: string;
  meterStart: number;
  meterStop: number;
  chargerStartTime: Date;
  chargerStopTime: Date;
  cardUserId: number | null;
  appUserId: number | null;
  /** An order started with a refused idTag is priced but never deducted. */
  idTagStatus: string;
}

/** The order's figures, whether the balance paid them, and the `breakdown` stored as is. */
export interface PricedOrder extends OrderAmounts {
  paid: boolean;
  breakdown: unknown;
}

/** Prices and settles a finished order within `tx`. */
export async function priceOrder(tx: Db, order: PricingInput): Promise<PricedOrder> {
  const price = await priceFinishedOrder(tx, order);
  const settlement: Settlement = order.idTagStatus === 'Accepted'
    ? await settleOrder(tx, { ...order, totalAmount: price.totalAmount })
    : { paid: false, deductType: null, code: null, rule: 'NO_PAYER' };
  return { ...price, paid: settlement.paid, breakdown: { ...price.breakdown, settlement } };
}
