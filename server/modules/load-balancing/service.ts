/**
 * Dynamic load balancing of a station (requirements §16): the station's grid connection limit (A per
 * phase) is shared among its charging connectors (domain/load-balancing.ts, fair share honouring
 * the minimum) whenever a session starts or ends; each running transaction gets a TxProfile with
 * its share, and each charger a TxDefaultProfile with the fallback it keeps when offline. The
 * allotted and measured currents are kept per connector (load_allocation). Rebalancing of one
 * station runs one at a time.
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { StationLoadRecord } from '../../../domain/entities/charging-schedule.js';
import { fairShare } from '../../../domain/load-balancing.js';
import { constantProfile } from '../../../domain/smart-charging.js';
import type { Db } from '../../db/client.js';
import { charger, chargeOrder, homeCharger, loadAllocation, station, stationLoad } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { assertInScope } from '../../http/scope.js';
import { clearFeature, withdrawClears, type ClearRequest } from '../smart-charging/index.js';
import { tryCommand } from '../smart-charging/index.js';

/** chargingProfileId of the load-balancing TxProfile of a connector, and of the fallback TxDefaultProfile. */
export const balanceProfileId = (connectorId: number) => 2_000_000 + connectorId;
export const FALLBACK_PROFILE_ID = 2_000_000;
/** Stack level of load-balancing profiles: above schedules (which use 0–20). */
const BALANCE_STACK_LEVEL = 30;
/** What turning balancing off clears from each charger of the station: the fallback and the balancing TxProfiles (R16.8). */
const BALANCE_CLEAR: readonly ClearRequest[] = [{ id: FALLBACK_PROFILE_ID }, { chargingProfilePurpose: 'TxProfile', stackLevel: BALANCE_STACK_LEVEL }];
/** A connector's most when its charger says nothing better (A per phase). */
const DEFAULT_CONNECTOR_MAX_A = 32;

const queues = new Map<number, Promise<unknown>>();

/** Runs `fn` after the station's previous rebalancing. */
function serial<T>(stationId: number, fn: () => Promise<T>): Promise<T> {
  const next = (queues.get(stationId) ?? Promise.resolve()).catch(() => undefined).then(fn);
  queues.set(stationId, next);
  void next
    .finally(() => {
      if (queues.get(stationId) === next) queues.delete(stationId);
    })
    .catch(() => undefined);
  return next;
}

/** The most a charger's connector draws (A): a home charger's maximum, else its rated power, else 32 A. */
function connectorMax(ch: { ratedPowerKw: string | null; phase: string }, homeMax: number | null): number {
  if (homeMax !== null) return homeMax;
  const kw = ch.ratedPowerKw ? Number(ch.ratedPowerKw) : 0;
  return kw > 0 ? Math.floor((kw * 1000) / (230 * (ch.phase === 'SINGLE' ? 1 : 3))) : DEFAULT_CONNECTOR_MAX_A;
}

/**
 * Shares station `stationId`'s limit among its running transactions and sends each its TxProfile.
 * Does nothing for a station without a grid limit.
 */
export function rebalanceStation(app: FastifyInstance, stationId: number | null): Promise<void> {
  if (!stationId) return Promise.resolve();
  return serial(stationId, async () => {
    const db = app.db;
    const [load] = await db.select().from(stationLoad).where(eq(stationLoad.stationId, stationId));
    if (!load) return;
    const running = await db
      .select({
        chargerId: chargeOrder.chargerId,
        connectorId: chargeOrder.connectorId,
        tx: chargeOrder.transactionId,
        sn: charger.serialNum,
        companyCode: charger.companyCode,
        ratedPowerKw: charger.ratedPowerKw,
        phase: charger.phase,
        homeMax: homeCharger.maxCurrentA,
      })
      .from(chargeOrder)
      .innerJoin(charger, eq(charger.id, chargeOrder.chargerId))
      .leftJoin(homeCharger, eq(homeCharger.chargerId, charger.id))
      .where(and(eq(charger.stationId, stationId), eq(chargeOrder.status, 'CHARGING'), eq(chargeOrder.idTagStatus, 'Accepted'), eq(charger.online, true)))
      .orderBy(asc(chargeOrder.serverStartTime), asc(chargeOrder.id));
    const key = (r: { chargerId: number; connectorId: number }) => `${r.chargerId}:${r.connectorId}`;
    const shares = fairShare(
      load.gridLimitA,
      running.map((r) => ({ key: key(r), minA: load.minCurrentA, maxA: connectorMax(r, r.homeMax) })),
    );
    const now = new Date();
    await Promise.all(
      running.map(async (r) => {
        const limitA = shares.get(key(r)) ?? 0;
        const outcome = await tryCommand(app, 'system', { serialNum: r.sn, companyCode: r.companyCode }, 'SetChargingProfile', {
          connectorId: r.connectorId,
          csChargingProfiles: constantProfile({
            chargingProfileId: balanceProfileId(r.connectorId),
            purpose: 'TxProfile',
            stackLevel: BALANCE_STACK_LEVEL,
            limitA,
            now,
            transactionId: r.tx,
          }),
        });
        const answer = outcome.result === 'ACCEPTED' ? String((outcome.answer as { status?: string } | null)?.status ?? 'Accepted') : `FAILED ${outcome.code}`;
        await db
          .insert(loadAllocation)
          .values({ chargerId: r.chargerId, connectorId: r.connectorId, stationId, transactionId: r.tx, allottedA: String(limitA), answer, sentAt: now })
          .onConflictDoUpdate({
            target: [loadAllocation.chargerId, loadAllocation.connectorId],
            set: { stationId, transactionId: r.tx, allottedA: String(limitA), answer, sentAt: now },
          });
      }),
    );
    // Connectors of the station no longer charging give their share back.
    const live = running.map((r) => r.tx);
    await db
      .delete(loadAllocation)
      .where(and(eq(loadAllocation.stationId, stationId), live.length ? notInArray(loadAllocation.transactionId, live) : undefined));
  });
}

/** Sends the fallback TxDefaultProfile (connector 0) to every online charger of the station. */
export async function sendFallbacks(app: FastifyInstance, stationId: number): Promise<void> {
  const [load] = await app.db.select().from(stationLoad).where(eq(stationLoad.stationId, stationId));
  if (!load) return;
  const all = await app.db.select({ id: charger.id }).from(charger).where(eq(charger.stationId, stationId));
  await withdrawClears(
    app,
    all.map((c) => c.id),
    BALANCE_CLEAR,
  );
  const chargers = await app.db
    .select({ sn: charger.serialNum, companyCode: charger.companyCode })
    .from(charger)
    .where(and(eq(charger.stationId, stationId), eq(charger.online, true)));
  const now = new Date();
  await Promise.all(
    chargers.map((c) =>
      tryCommand(app, 'system', { serialNum: c.sn, companyCode: c.companyCode }, 'SetChargingProfile', {
        connectorId: 0,
        csChargingProfiles: constantProfile({
          chargingProfileId: FALLBACK_PROFILE_ID,
          purpose: 'TxDefaultProfile',
          stackLevel: 0,
          limitA: load.fallbackCurrentA,
          now,
        }),
      }),
    ),
  );
}

/** Notes the current a connector measured (Current.Import, A) on its allocation, if it has one. */
export async function noteMeasuredCurrent(db: Db, chargerId: number, connectorId: number, amps: number, at: Date): Promise<void> {
  await db
    .update(loadAllocation)
    .set({ measuredA: amps.toFixed(1), measuredAt: at })
    .where(and(eq(loadAllocation.chargerId, chargerId), eq(loadAllocation.connectorId, connectorId)));
}

/** The station's settings and each charging connector's allotted and measured current. */
/** The station `id` the caller may read or change (`mode`): unknown → 801; another company's → 709/725. */
export async function balancedStation(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write'): Promise<typeof station.$inferSelect> {
  const [st] = await db.select().from(station).where(eq(station.id, id));
  if (!st) throw new AppError(801);
  assertInScope(auth, station, st, mode);
  return st;
}

/** Stores a station's grid limit, minimum and fallback currents (A), inserting or replacing its row. */
export async function saveStationLoad(
  db: Db,
  st: { id: number; companyCode: string },
  limits: { gridLimitA: number; minCurrentA: number; fallbackCurrentA: number },
): Promise<void> {
  const values = { ...limits, updatedAt: new Date() };
  await db
    .insert(stationLoad)
    .values({ stationId: st.id, companyCode: st.companyCode, ...values })
    .onConflictDoUpdate({ target: stationLoad.stationId, set: values });
}

export async function stationLoadOf(db: Db, stationId: number): Promise<StationLoadRecord> {
  const [load] = await db.select().from(stationLoad).where(eq(stationLoad.stationId, stationId));
  const rows = await db
    .select({ a: loadAllocation, sn: charger.serialNum })
    .from(loadAllocation)
    .innerJoin(charger, eq(charger.id, loadAllocation.chargerId))
    .where(eq(loadAllocation.stationId, stationId))
    .orderBy(asc(charger.serialNum), asc(loadAllocation.connectorId));
  return {
    stationId,
    gridLimitA: load?.gridLimitA ?? null,
    minCurrentA: load?.minCurrentA ?? 6,
    fallbackCurrentA: load?.fallbackCurrentA ?? 6,
    connectors: rows.map(({ a, sn }) => ({
      chargerId: a.chargerId,
      chargerSn: sn,
      connectorId: a.connectorId,
      transactionId: a.transactionId,
      allottedA: a.allottedA === null ? null : Number(a.allottedA),
      answer: a.answer,
      measuredA: a.measuredA === null ? null : Number(a.measuredA),
      measuredAt: a.measuredAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Turns station `stationId`'s balancing off: its settings and allocations go, and every charger of
 * the station has the fallback TxDefaultProfile and the balancing TxProfiles cleared
 * (ClearChargingProfile; owed until it next connects when it is not connected, R16.8).
 */
export async function turnOffBalancing(app: FastifyInstance, by: string, stationId: number): Promise<void> {
  const [load] = await app.db.delete(stationLoad).where(eq(stationLoad.stationId, stationId)).returning();
  await app.db.delete(loadAllocation).where(eq(loadAllocation.stationId, stationId));
  if (!load) return;
  const chargers = await app.db
    .select({ id: charger.id, serialNum: charger.serialNum, companyCode: charger.companyCode })
    .from(charger)
    .where(eq(charger.stationId, stationId));
  await Promise.all(chargers.map((c) => clearFeature(app, by, c, BALANCE_CLEAR, 'LOAD_BALANCING_OFF')));
}
