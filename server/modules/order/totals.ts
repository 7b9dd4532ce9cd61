/**
 * Totals of the order list (requirements R2.18): one aggregate over the same WHERE as the page
 * (`orderConditions`, company and station scoped), grouped by currency. Energy in kWh (3
 * decimals), amounts in their currency (2 decimals), as decimal strings.
 */
import Decimal from 'decimal.js';
import { storedMoney } from '../../../domain/money.js';
import { sql, type SQL } from 'drizzle-orm';
import type { OrderTotals } from '../../../domain/entities/order.js';
import type { Db } from '../../db/client.js';
import { chargeOrder } from '../../db/schema.js';

/** The count, energy and amount per currency of every order matching `where`. */
export async function orderTotalsOf(db: Db, where: SQL | undefined): Promise<OrderTotals> {
  const rows = await db
    .select({
      currency: chargeOrder.currency,
      n: sql<number>`count(*)::int`,
      kwh: sql<string>`coalesce(sum(${chargeOrder.energyKwh}), 0)::text`,
      amount: sql<string>`coalesce(sum(${chargeOrder.totalAmount}), 0)::text`,
    })
    .from(chargeOrder)
    .where(where)
    .groupBy(chargeOrder.currency)
    .orderBy(chargeOrder.currency);
  const energy = rows.reduce((a, r) => a.plus(r.kwh), new Decimal(0));
  return {
    count: rows.reduce((a, r) => a + Number(r.n), 0),
    energyKwh: energy.toFixed(3),
    revenue: rows.map((r) => ({ currency: r.currency, totalAmount: storedMoney(r.amount), count: Number(r.n) })),
  };
}
