/**
 * Simulated chargers attached to the demo network at server start (SIMULATE=1, demo data set):
 * picks up to `chargers` ACTIVE chargers without an OCPP password from the database, spread evenly
 * over the companies, and active cards of their companies (scope ALL, not manager cards), and runs
 * a live network in real time (energy = ∫ power, see charge-point.ts), meter values every 10 s.
 *
 * Pace: each company's simulated chargers together start as many sessions a day as the company's
 * order history shows over the last {@link HISTORY_DAYS} days (split by each charger's own share),
 * so the live rate continues the seeded history instead of spiking on the last day; without
 * history, {@link DEFAULT_SESSIONS_PER_DAY} per charger.
 *
 * Card holders top up as real users do: before a session, a card whose balance is below about two
 * typical sessions of its company is recharged (PREPAY, a round amount of about five sessions) by
 * nine users in ten, so most new orders get paid and a few stay unpaid (721).
 *
 * The first charger reports a Faulted connector now and then. The ACTIVE gateways (without an
 * OCPP password) of the chargers' stations connect too, with their own identities (at most
 * {@link MAX_SIM_GATEWAYS}). `stop()` ends the sessions (StopTransaction) and closes the sockets.
 */
import Decimal from 'decimal.js';
import { and, asc, avg, count, eq, gt, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { cardUser, charger, chargeOrder, connector, gateway } from '../server/db/schema.js';
import { changeBalance } from '../server/modules/balance/ledger.js';
import { PREPAY_TYPES } from '../domain/enums.js';
import type { SimLogger } from './charge-point.js';
import { SimGateway } from './gateway.js';
import { startNetwork } from './network.js';

/** Most simulated gateways attached at start. */
export const MAX_SIM_GATEWAYS = 20;
/** Days of order history the live rate is taken from. */
export const HISTORY_DAYS = 7;
/** Sessions a day per charger when the company has no history. */
export const DEFAULT_SESSIONS_PER_DAY = 6;
/** Share of card holders who top up when their balance runs low. */
export const TOP_UP_SHARE = 0.9;

const DAY = 86_400_000;

/** One charger's orders in the history window. */
export interface ChargerHistory {
  chargerId: number;
  companyCode: string;
  orders: number;
}

/**
 * Mean session starts per day for each attached charger: per company, the history's daily rate
 * (orders / `days`) split over the company's attached chargers by their own share of it (plus a
 * half order, so a charger without history still gets some). Σ over a company's chargers equals
 * its history rate; a company without history gets {@link DEFAULT_SESSIONS_PER_DAY} per charger.
 */
export function sessionRates(history: ChargerHistory[], attached: { id: number; companyCode: string }[], days = HISTORY_DAYS): Map<number, number> {
  const own = new Map(history.map((h) => [h.chargerId, h.orders]));
  const rates = new Map<number, number>();
  for (const code of new Set(attached.map((a) => a.companyCode))) {
    const perDay = history.filter((h) => h.companyCode === code).reduce((a, h) => a + h.orders, 0) / days;
    const mine = attached.filter((a) => a.companyCode === code);
    const weights = mine.map((a) => (own.get(a.id) ?? 0) + 0.5);
    const total = weights.reduce((a, w) => a + w, 0);
    for (const [i, a] of mine.entries()) rates.set(a.id, perDay > 0 ? (perDay * weights[i]) / total : DEFAULT_SESSIONS_PER_DAY);
  }
  return rates;
}

/** Up to `n` rows, taken in turn from each company (rows in id order within a company). */
export function spreadOverCompanies<T extends { companyCode: string }>(rows: T[], n: number): T[] {
  const byCompany = new Map<string, T[]>();
  for (const r of rows) byCompany.set(r.companyCode, [...(byCompany.get(r.companyCode) ?? []), r]);
  const queues = [...byCompany.values()];
  const out: T[] = [];
  for (let i = 0; out.length < n && queues.some((q) => i < q.length); i++) {
    for (const q of queues) if (i < q.length && out.length < n) out.push(q[i]);
  }
  return out;
}

/**
 * Top-up rule of a company's card holders from its typical order total (decimal string): recharge
 * below two sessions' worth, by about five sessions rounded up to 10 currency units (recharges
 * are whole amounts).
 */
export function topUpRule(typicalTotal: string | null): { below: Decimal; amount: string } {
  const typical = new Decimal(typicalTotal ?? 0).gt(0) ? new Decimal(typicalTotal!) : new Decimal(10);
  return { below: typical.mul(2), amount: typical.mul(5).div(10).ceil().mul(10).toFixed(0) };
}

/**
 * A card holder about to charge: when the card's balance is below `rule.below`, recharges it by
 * `rule.amount` (PREPAY through the balance ledger, with a payment channel) unless `draw` falls
 * outside {@link TOP_UP_SHARE} (the holder forgot). Returns the ledger row written, or null.
 */
export async function topUpIfLow(db: Db, cardId: number, rule: { below: Decimal; amount: string }, draw = Math.random()) {
  if (draw >= TOP_UP_SHARE) return null;
  const [row] = await db.select({ balance: cardUser.balance }).from(cardUser).where(eq(cardUser.id, cardId));
  if (!row || new Decimal(row.balance).gte(rule.below)) return null;
  return changeBalance(db, {
    holderType: 'CARD',
    holderId: cardId,
    changeType: 'PREPAY',
    amount: rule.amount,
    prepayType: PREPAY_TYPES[Math.floor(Math.random() * PREPAY_TYPES.length)],
    remark: 'Top-up by the card holder',
  });
}

export async function startSimulation(opts: {
  db: Db;
  url: string;
  chargers: number;
  log: SimLogger;
}): Promise<{ stop(): Promise<void>; rates: Map<string, number> }> {
  const { db, log } = opts;
  const none = { async stop() {}, rates: new Map<string, number>() };
  if (opts.chargers <= 0) return none;
  const candidates = await db
    .select({
      id: charger.id,
      serialNum: charger.serialNum,
      companyCode: charger.companyCode,
      stationId: charger.stationId,
      ratedPowerKw: charger.ratedPowerKw,
      vendor: charger.vendor,
      model: charger.model,
      firmwareVersion: charger.firmwareVersion,
    })
    .from(charger)
    .where(and(eq(charger.lifeStatus, 'ACTIVE'), isNull(charger.ocppPasswordHash)))
    .orderBy(asc(charger.id));
  const rows = spreadOverCompanies(candidates, opts.chargers);
  if (!rows.length) {
    log.info('simulation: no active charger to attach');
    return none;
  }
  const counts = await db
    .select({ chargerId: connector.chargerId, n: count() })
    .from(connector)
    .where(
      and(
        inArray(
          connector.chargerId,
          rows.map((r) => r.id),
        ),
        gt(connector.connectorId, 0),
      ),
    )
    .groupBy(connector.chargerId);
  const connectorsOf = new Map(counts.map((c) => [c.chargerId, Number(c.n)]));
  const companies = [...new Set(rows.map((r) => r.companyCode))];
  const since = new Date(Date.now() - HISTORY_DAYS * DAY);
  const recent = and(inArray(chargeOrder.companyCode, companies), gte(chargeOrder.chargerStartTime, since));
  const history = (
    await db
      .select({ chargerId: chargeOrder.chargerId, companyCode: chargeOrder.companyCode, orders: count() })
      .from(chargeOrder)
      .where(recent)
      .groupBy(chargeOrder.chargerId, chargeOrder.companyCode)
  )
    .filter((h): h is ChargerHistory => h.chargerId !== null)
    .map((h) => ({ ...h, orders: Number(h.orders) }));
  const rates = sessionRates(history, rows);
  const typical = new Map(
    (
      await db
        .select({ companyCode: chargeOrder.companyCode, total: avg(chargeOrder.totalAmount) })
        .from(chargeOrder)
        .where(recent)
        .groupBy(chargeOrder.companyCode)
    ).map((t) => [t.companyCode, topUpRule(t.total)]),
  );
  const cards = await db
    .select({ id: cardUser.id, cardNumber: cardUser.cardNumber, companyCode: cardUser.companyCode })
    .from(cardUser)
    .where(and(inArray(cardUser.companyCode, companies), eq(cardUser.active, true), eq(cardUser.scope, 'ALL'), eq(cardUser.managerCard, false)))
    .orderBy(asc(cardUser.id))
    .limit(400);
  const cardOf = new Map(cards.map((c) => [c.cardNumber, c]));

  /** A card holder about to charge tops up when the balance runs low (most do). */
  const topUp = async (idTag: string) => {
    const card = cardOf.get(idTag);
    const rule = card && (typical.get(card.companyCode) ?? topUpRule(null));
    if (card && rule) await topUpIfLow(db, card.id, rule);
  };

  // One network per company so that a charger only presents cards of its own company.
  const networks = await Promise.all(
    companies.map((code) => {
      const tags = cards
        .filter((c) => c.companyCode === code)
        .map((c) => c.cardNumber)
        .slice(0, 30);
      const own = rows.filter((r) => r.companyCode === code);
      return startNetwork({
        url: opts.url,
        idTags: tags,
        log,
        faultyIdentity: rows[0].serialNum,
        beforeSession: topUp,
        chargers: own.map((r) => ({
          identity: r.serialNum,
          connectors: Math.min(4, connectorsOf.get(r.id) ?? 2),
          ratedPowerW: r.ratedPowerKw ? Math.round(Number(r.ratedPowerKw) * 1000) : 11_000,
          sessionsPerDay: rates.get(r.id),
          vendor: r.vendor ?? undefined,
          model: r.model ?? undefined,
          firmwareVersion: r.firmwareVersion ?? undefined,
        })),
      });
    }),
  );
  const stationIds = [...new Set(rows.map((r) => r.stationId).filter((id): id is number => id !== null))];
  const gatewayRows = stationIds.length
    ? await db
        .select({ serialNum: gateway.serialNum, firmwareVersion: gateway.firmwareVersion })
        .from(gateway)
        .where(and(inArray(gateway.stationId, stationIds), eq(gateway.lifeStatus, 'ACTIVE'), isNull(gateway.ocppPasswordHash)))
        .orderBy(asc(gateway.id))
        .limit(MAX_SIM_GATEWAYS)
    : [];
  const gateways = gatewayRows.map((g) => new SimGateway({ url: opts.url, identity: g.serialNum, firmwareVersion: g.firmwareVersion ?? undefined, log }));
  await Promise.allSettled(
    gateways.map((g) => g.start().catch((err: unknown) => log.warn?.({ err, gatewaySn: g.identity }, 'simulated gateway could not connect'))),
  );
  const perDay = Object.fromEntries(
    companies.map((code) => [code, Math.round(rows.filter((r) => r.companyCode === code).reduce((a, r) => a + (rates.get(r.id) ?? 0), 0))]),
  );
  log.info({ chargers: rows.length, gateways: gateways.length, cards: cards.length, sessionsPerDay: perDay }, 'simulated chargers attached');
  return {
    rates: new Map(rows.map((r) => [r.serialNum, rates.get(r.id) ?? 0])),
    async stop() {
      await Promise.allSettled([...networks.map((n) => n.stop()), ...gateways.map((g) => g.stop())]);
    },
  };
}
