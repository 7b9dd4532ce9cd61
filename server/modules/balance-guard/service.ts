/**
 * Balance-aware charging (requirements §16): while a session of a prepaid card or an app user runs,
 * each MeterValues that raised its energy prices the session so far with the station's tariff
 * (domain/billing.ts) from meterStart to the latest reading, plus the energy of one more interval
 * like the last. Most readings are far from the balance and need no pricing: the projected kWh
 * times the tariff's dearest kWh (taxes included, `maxPricePerKwh`) staying more than one
 * currency unit under the balance settles it. When the priced projection reaches the holder's balance the order is flagged BALANCE_LIMIT and the
 * charger is asked to stop (RemoteStopTransaction), so the balance the Stop is settled from covers
 * the session. Bounded work per MeterValues, and most often no read at all: what does not change
 * while the order charges (its holder, meterStart, start time, station) is read once per order;
 * the order's running energy comes with the MeterValues' own statement; the holder's balance is
 * read at most every BALANCE_TTL_MS (a top-up shows within that time; a spend cannot happen
 * meanwhile: a card charges one session at a time, manager cards are not guarded); the stop
 * itself is decided by an update that only takes an order still charging.
 */
import { and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { maxPricePerKwh, priceSession } from '../../../domain/billing.js';
import { appUser, cardUser, chargeOrder } from '../../db/schema.js';
import { recentTariffOfStation } from '../billing/index.js';
import { commandTo } from '../command/service.js';

/** The previous reading of each watched order (Wh, server time ms), to project the next interval. */
const previous = new Map<number, { wh: Decimal; at: number }>();
/** At most this many orders remembered (oldest forgotten first). */
const MAX_WATCHED = 50_000;

/** How long a holder's balance read is reused by the guard (ms). */
export const BALANCE_TTL_MS = 10_000;

/** What the guard keeps of a charging order: what does not change while it charges. */
interface WatchedOrder {
  companyCode: string;
  transactionId: number;
  stationId: number | null;
  meterStart: number;
  serverStartTime: Date;
  /** `c<id>` for a card, `a<id>` for an app user, null when no holder is guarded. */
  holder: string | null;
  cardUserId: number | null;
  appUserId: number | null;
  /** Flagged BALANCE_LIMIT (by this node or before). */
  limited: boolean;
}
const watched = new Map<number, WatchedOrder>();
const balances = new Map<string, { balance: string | undefined; manager: boolean; at: number }>();

/** Forgets order `orderId` (its session ended). */
export function forgetOrder(orderId: number): void {
  previous.delete(orderId);
  watched.delete(orderId);
}

/** Remembers at most MAX_WATCHED entries of `m` (oldest forgotten first). */
function remember<K, V>(m: Map<K, V>, k: K, v: V): void {
  if (m.size >= MAX_WATCHED && !m.has(k)) m.delete(m.keys().next().value as K);
  m.set(k, v);
}

/** The order's charging facts and running energy (kWh): the energy given, or all read now. */
async function orderOf(db: FastifyInstance['db'], orderId: number, energyKwh: string | undefined): Promise<{ o: WatchedOrder; energyKwh: string } | null> {
  const known = watched.get(orderId);
  if (known && energyKwh !== undefined) return { o: known, energyKwh };
  const [r] = await db
    .select({
      companyCode: chargeOrder.companyCode,
      transactionId: chargeOrder.transactionId,
      stationId: chargeOrder.stationId,
      meterStart: chargeOrder.meterStart,
      serverStartTime: chargeOrder.serverStartTime,
      idTagStatus: chargeOrder.idTagStatus,
      flags: chargeOrder.flags,
      cardUserId: chargeOrder.cardUserId,
      appUserId: chargeOrder.appUserId,
      energyKwh: chargeOrder.energyKwh,
    })
    .from(chargeOrder)
    .where(and(eq(chargeOrder.id, orderId), eq(chargeOrder.status, 'CHARGING')));
  if (!r) {
    forgetOrder(orderId);
    return null;
  }
  const o: WatchedOrder = {
    companyCode: r.companyCode,
    transactionId: r.transactionId,
    stationId: r.stationId,
    meterStart: r.meterStart,
    serverStartTime: r.serverStartTime,
    holder: r.idTagStatus !== 'Accepted' ? null : r.cardUserId ? `c${r.cardUserId}` : r.appUserId ? `a${r.appUserId}` : null,
    cardUserId: r.cardUserId,
    appUserId: r.appUserId,
    limited: r.flags.includes('BALANCE_LIMIT'),
  };
  remember(watched, orderId, o);
  return { o, energyKwh: r.energyKwh };
}

/** The holder's balance, read at most every BALANCE_TTL_MS. */
async function holderOf(db: FastifyInstance['db'], o: WatchedOrder, now: number): Promise<{ balance: string | undefined; manager: boolean } | undefined> {
  if (!o.holder) return undefined;
  const known = balances.get(o.holder);
  if (known && now - known.at < BALANCE_TTL_MS && now >= known.at) return known;
  const h = o.cardUserId
    ? (await db.select({ balance: cardUser.balance, manager: cardUser.managerCard }).from(cardUser).where(eq(cardUser.id, o.cardUserId)))[0]
    : o.appUserId
      ? { ...(await db.select({ balance: appUser.balance }).from(appUser).where(eq(appUser.id, o.appUserId)))[0], manager: false }
      : undefined;
  if (!h) return undefined;
  const v = { balance: h.balance, manager: h.manager, at: now };
  remember(balances, o.holder, v);
  return v;
}

/** What the guard decided for one reading (for tests and logs). */
export interface GuardVerdict {
  orderId: number;
  /** The most the session can cost by the next reading (currency): its projected kWh × the tariff's dearest kWh. */
  bound: string | null;
  /** Cost projected to the next reading (currency), priced only when the bound reaches the balance. */
  projected: string | null;
  /** Cost so far (currency), priced only when the session is stopped. */
  costSoFar: string | null;
  balance: string;
  stopped: boolean;
}

/** How far (currency units) under the balance the bound must stay to skip exact pricing: above any rounding. */
const BOUND_MARGIN = 1;

/**
 * Prices the running order `orderId` of `charger` so far and stops it when its projected cost
 * reaches the balance. Returns null when the order is not watched (not charging, not a card or app
 * holder, no tariff, already stopped for its balance). The station's tariff is the one read at most
 * 30 s ago (billing/tariff.ts `recentTariffOfStation`): this runs after every meter value.
 */
export async function guardBalance(
  app: FastifyInstance,
  charger: { serialNum: string; companyCode: string },
  orderId: number,
  now = new Date(),
  energyKwh?: string,
): Promise<GuardVerdict | null> {
  const db = app.db;
  const found = await orderOf(db, orderId, energyKwh);
  if (!found || found.o.limited || !found.o.holder) return null;
  const { o } = found;
  const holder = await holderOf(db, o, now.getTime());
  if (!holder || holder.balance === undefined || holder.manager) return null;
  const st = o.stationId === null ? undefined : await recentTariffOfStation(db, o.stationId);
  if (!st || st.tariff.type === 'FREE') return null;
  const startWh = new Decimal(o.meterStart);
  const latestWh = startWh.plus(new Decimal(found.energyKwh).times(1000));
  const prev = previous.get(orderId);
  remember(previous, orderId, { wh: latestWh, at: now.getTime() });
  const step = prev ? Decimal.max(0, latestWh.minus(prev.wh)) : new Decimal(0);
  // Most readings are far from the balance: the dearest kWh says so without pricing the windows.
  const rate = maxPricePerKwh(st.tariff);
  const bound = rate === null ? null : latestWh.plus(step).minus(startWh).div(1000).times(rate.toString());
  if (bound?.plus(BOUND_MARGIN).lt(holder.balance)) {
    return { orderId, bound: bound.toString(), projected: null, costSoFar: null, balance: holder.balance, stopped: false };
  }
  const start = o.serverStartTime;
  const price = (wh: Decimal, at: Date) =>
    priceSession(
      st.tariff,
      [
        { at: start, wh: startWh.toString() },
        { at: at.getTime() > start.getTime() ? at : new Date(start.getTime() + 1), wh: wh.toString() },
      ],
      st.timeZone,
    ).totalAmount;
  const nextAt = new Date(now.getTime() + (prev ? Math.max(0, now.getTime() - prev.at) : 0));
  const projected = price(latestWh.plus(step), nextAt);
  const stop = new Decimal(projected).gte(holder.balance);
  let costSoFar: string | null = null;
  if (stop) {
    o.limited = true;
    // Only an order still charging and not yet flagged is stopped (another node or a close may have come first).
    const flagged = await db
      .update(chargeOrder)
      .set({ flags: sql`array_append(${chargeOrder.flags}, 'BALANCE_LIMIT')` })
      .where(and(eq(chargeOrder.id, orderId), eq(chargeOrder.status, 'CHARGING'), sql`not ('BALANCE_LIMIT' = any(${chargeOrder.flags}))`))
      .returning({ id: chargeOrder.id });
    if (!flagged.length) return { orderId, bound: bound?.toString() ?? null, projected, costSoFar: null, balance: holder.balance, stopped: false };
    costSoFar = price(latestWh, now);
    app.log.info({ orderId, costSoFar, projected, balance: holder.balance }, 'balance limit reached: stopping the session');
    app.bus.emit('order', { orderId, companyCode: o.companyCode });
    await commandTo(app, 'system', charger, 'RemoteStopTransaction', { transactionId: o.transactionId }).catch((err: unknown) =>
      app.log.warn({ err, orderId }, 'balance limit reached but the charger could not be asked to stop'),
    );
  }
  return { orderId, bound: bound?.toString() ?? null, projected, costSoFar, balance: holder.balance, stopped: stop };
}
