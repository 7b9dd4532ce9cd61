/**
 * Balance-aware charging (requirements §16): while a session of a prepaid card or an app user runs,
 * each MeterValues that raised its energy prices the session so far with the station's tariff
 * (domain/billing.ts) from meterStart to the latest reading, plus the energy of one more interval
 * like the last; when that reaches the holder's balance the order is flagged BALANCE_LIMIT and the
 * charger is asked to stop (RemoteStopTransaction), so the balance the Stop is settled from covers
 * the session. Bounded work per MeterValues: three small reads, no scan of the meter values (the
 * order's running energy and the previous reading kept in memory stand for them).
 */
import { and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { priceSession } from '../../../domain/billing.js';
import { appUser, cardUser, chargeOrder } from '../../db/schema.js';
import { recentTariffOfStation } from '../billing/tariff.js';
import { commandTo } from '../command/service.js';

/** The previous reading of each watched order (Wh, server time ms), to project the next interval. */
const previous = new Map<number, { wh: Decimal; at: number }>();
/** At most this many orders remembered (oldest forgotten first). */
const MAX_WATCHED = 50_000;

/** Forgets order `orderId` (its session ended). */
export function forgetOrder(orderId: number): void {
  previous.delete(orderId);
}

/** What the guard decided for one reading (for tests and logs). */
export interface GuardVerdict {
  orderId: number;
  /** Cost so far and projected to the next reading, in the order's currency. */
  costSoFar: string;
  projected: string;
  balance: string;
  stopped: boolean;
}

/**
 * Prices the running order `orderId` of `charger` so far and stops it when its projected cost
 * reaches the balance. Returns null when the order is not watched (not charging, not a card or app
 * holder, no tariff, already stopped for its balance). The station's tariff is the one read at most
 * 30 s ago (billing/tariff.ts `recentTariffOfStation`): this runs after every meter value.
 */
export async function guardBalance(app: FastifyInstance, charger: { serialNum: string; companyCode: string }, orderId: number, now = new Date()): Promise<GuardVerdict | null> {
  const db = app.db;
  const [o] = await db.select().from(chargeOrder).where(and(eq(chargeOrder.id, orderId), eq(chargeOrder.status, 'CHARGING')));
  if (!o || o.idTagStatus !== 'Accepted' || o.flags.includes('BALANCE_LIMIT')) return null;
  const holder = o.cardUserId
    ? (await db.select({ balance: cardUser.balance, manager: cardUser.managerCard }).from(cardUser).where(eq(cardUser.id, o.cardUserId)))[0]
    : o.appUserId ? { ...(await db.select({ balance: appUser.balance }).from(appUser).where(eq(appUser.id, o.appUserId)))[0], manager: false } : undefined;
  if (!holder || holder.balance === undefined || holder.manager) return null;
  const st = await recentTariffOfStation(db, o.stationId);
  if (!st || st.tariff.type === 'FREE') return null;
  const startWh = new Decimal(o.meterStart);
  const latestWh = startWh.plus(new Decimal(o.energyKwh).times(1000));
  const prev = previous.get(orderId);
  if (previous.size >= MAX_WATCHED && !prev) previous.delete(previous.keys().next().value as number);
  previous.set(orderId, { wh: latestWh, at: now.getTime() });
  const start = o.serverStartTime;
  const price = (wh: Decimal, at: Date) => priceSession(st.tariff, [{ at: start, wh: startWh.toString() }, { at: at.getTime() > start.getTime() ? at : new Date(start.getTime() + 1), wh: wh.toString() }], st.timeZone).totalAmount;
  const costSoFar = price(latestWh, now);
  const step = prev ? Decimal.max(0, latestWh.minus(prev.wh)) : new Decimal(0);
  const nextAt = new Date(now.getTime() + (prev ? Math.max(0, now.getTime() - prev.at) : 0));
  const projected = price(latestWh.plus(step), nextAt);
  const stop = new Decimal(projected).gte(holder.balance);
  if (stop) {
    await db.update(chargeOrder).set({ flags: sql`array_append(${chargeOrder.flags}, 'BALANCE_LIMIT')` })
      .where(and(eq(chargeOrder.id, orderId), eq(chargeOrder.status, 'CHARGING'), sql`not ('BALANCE_LIMIT' = any(${chargeOrder.flags}))`));
    app.bus.emit('order', { orderId, companyCode: o.companyCode });
    await commandTo(app, 'system', charger, 'RemoteStopTransaction', { transactionId: o.transactionId })
      .catch((err: unknown) => app.log.warn({ err, orderId }, 'balance limit reached but the charger could not be asked to stop'));
  }
  return { orderId, costSoFar, projected, balance: holder.balance, stopped: stop };
}
