/**
 * Simulated chargers attached to the demo network at server start (SIMULATE=1, demo data set):
 * picks `chargers` ACTIVE chargers without an OCPP password from the database and active cards
 * of their companies (scope ALL, positive balance or manager card), and runs a live network:
 * a session every ~20–60 s per charger, lasting 30–120 s, meter values every 10 s, energy 60×
 * real time; the first charger reports a Faulted connector now and then. Bounded by `chargers`.
 * The ACTIVE gateways (without an OCPP password) of those chargers' stations connect too, with
 * their own identities (at most {@link MAX_SIM_GATEWAYS}).
 * `stop()` ends the sessions (StopTransaction) and closes the sockets.
 */
import { and, asc, count, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { cardUser, charger, connector, gateway } from '../server/db/schema.js';
import type { SimLogger } from './charge-point.js';
import { SimGateway } from './gateway.js';
import { startNetwork } from './network.js';

/** Most simulated gateways attached at start. */
export const MAX_SIM_GATEWAYS = 20;

export async function startSimulation(opts: { db: Db; url: string; chargers: number; log: SimLogger }): Promise<{ stop(): Promise<void> }> {
  const { db, log } = opts;
  if (opts.chargers <= 0) return { async stop() {} };
  const rows = await db.select({
    id: charger.id, serialNum: charger.serialNum, companyCode: charger.companyCode, stationId: charger.stationId, ratedPowerKw: charger.ratedPowerKw,
    vendor: charger.vendor, model: charger.model, firmwareVersion: charger.firmwareVersion,
  }).from(charger)
    .where(and(eq(charger.lifeStatus, 'ACTIVE'), isNull(charger.ocppPasswordHash)))
    .orderBy(asc(charger.id)).limit(opts.chargers);
  if (!rows.length) {
    log.info('simulation: no active charger to attach');
    return { async stop() {} };
  }
  const counts = await db.select({ chargerId: connector.chargerId, n: count() }).from(connector)
    .where(and(inArray(connector.chargerId, rows.map((r) => r.id)), gt(connector.connectorId, 0)))
    .groupBy(connector.chargerId);
  const connectorsOf = new Map(counts.map((c) => [c.chargerId, Number(c.n)]));
  const companies = [...new Set(rows.map((r) => r.companyCode))];
  const cards = await db.select({ cardNumber: cardUser.cardNumber, companyCode: cardUser.companyCode }).from(cardUser)
    .where(and(inArray(cardUser.companyCode, companies), eq(cardUser.active, true), eq(cardUser.scope, 'ALL'),
      or(eq(cardUser.managerCard, true), gt(cardUser.balance, '0'))))
    .orderBy(asc(cardUser.id)).limit(200);
  // One network per company so that a charger only presents cards of its own company.
  const networks = await Promise.all(companies.map((code) => {
    const tags = cards.filter((c) => c.companyCode === code).map((c) => c.cardNumber).slice(0, 10);
    const own = rows.filter((r) => r.companyCode === code);
    return startNetwork({
      url: opts.url,
      idTags: tags,
      log,
      faultyIdentity: rows[0].serialNum,
      chargers: own.map((r) => ({
        identity: r.serialNum,
        connectors: Math.min(4, connectorsOf.get(r.id) ?? 2),
        ratedPowerW: r.ratedPowerKw ? Math.round(Number(r.ratedPowerKw) * 1000) : 11_000,
        vendor: r.vendor ?? undefined, model: r.model ?? undefined, firmwareVersion: r.firmwareVersion ?? undefined,
      })),
    });
  }));
  const stationIds = [...new Set(rows.map((r) => r.stationId).filter((id): id is number => id !== null))];
  const gatewayRows = stationIds.length
    ? await db.select({ serialNum: gateway.serialNum, firmwareVersion: gateway.firmwareVersion }).from(gateway)
      .where(and(inArray(gateway.stationId, stationIds), eq(gateway.lifeStatus, 'ACTIVE'), isNull(gateway.ocppPasswordHash)))
      .orderBy(asc(gateway.id)).limit(MAX_SIM_GATEWAYS)
    : [];
  const gateways = gatewayRows.map((g) => new SimGateway({ url: opts.url, identity: g.serialNum, firmwareVersion: g.firmwareVersion ?? undefined, log }));
  await Promise.allSettled(gateways.map((g) => g.start().catch((err: unknown) => log.warn?.({ err, gatewaySn: g.identity }, 'simulated gateway could not connect'))));
  log.info({ chargers: rows.length, gateways: gateways.length, cards: cards.length }, 'simulated chargers attached');
  return {
    async stop() {
      await Promise.allSettled([...networks.map((n) => n.stop()), ...gateways.map((g) => g.stop())]);
    },
  };
}
