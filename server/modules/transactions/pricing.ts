/**
 * The pricing seam: what a finished order costs. Called by `stopTransaction` inside the SQL
 * transaction that finishes the order, once per order (a retried Stop never reaches it).
 * For now every order costs zero in the company currency; the billing work replaces the body
 * (rate templates, service fee, tax) and may settle balances in the same transaction `tx`.
 */
import type { Db } from '../../db/client.js';

/** The order facts pricing needs. Energy in kWh (decimal string, 3 decimals). */
export interface PricingInput {
  orderId: number;
  companyCode: string;
  stationId: number | null;
  chargerId: number;
  currency: string;
  energyKwh: string;
  chargerStartTime: Date;
  chargerStopTime: Date;
  cardUserId: number | null;
  appUserId: number | null;
}

/** Amounts as decimal strings (2 decimals) in `currency`; `breakdown` is stored as is. */
export interface PricedOrder {
  currency: string;
  electricityFee: string;
  serviceFee: string;
  taxAmount: string;
  /** Cost excluding VAT = electricity fee + service fee. */
  cost: string;
  totalAmount: string;
  breakdown: unknown;
}

/** Prices a finished order. `tx` is the open SQL transaction finishing it. */
export async function priceOrder(_tx: Db, order: PricingInput): Promise<PricedOrder> {
  return {
    currency: order.currency,
    electricityFee: '0.00',
    serviceFee: '0.00',
    taxAmount: '0.00',
    cost: '0.00',
    totalAmount: '0.00',
    breakdown: { rule: 'unpriced', energyKwh: order.energyKwh },
  };
}
