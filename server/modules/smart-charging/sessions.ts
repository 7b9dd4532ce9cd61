/**
 * What the home-station, smart-charging and load-balancing features do when a session starts, runs
 * and ends (requirements §16). The OCPP handlers call these once their answer is decided; the work
 * runs after the answer, off the charger's request path, and a failure is logged, never answered.
 * - start: the start type of an order on a home charger (reservation, app start, smart charging,
 *   card swipe), the reservation it used, TxProfile schedules of the charger, the station's load
 *   balancing;
 * - meter values: the measured current of a balanced connector, the balance guard;
 * - end: the station's load balancing gives the share back.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HomeStartType } from '../../../domain/entities/home-member.js';
import { sampleInRange } from '../../../domain/meter.js';
import { chargerLog, homeCharger, orderStart, reservation } from '../../db/schema.js';
import { forgetOrder, guardBalance } from '../balance-guard/service.js';
import { noteMeasuredCurrent, rebalanceStation } from '../load-balancing/service.js';
import { tryCommand } from './outcome.js';
import { profileRequests, txSchedulesFor } from './service.js';

/** The charger a session runs on. */
export interface SessionCharger {
  id: number;
  serialNum: string;
  companyCode: string;
  stationId: number | null;
}

/** A remote start this recent (ms) for the same idTag makes a session an app start. */
const APP_START_WINDOW_MS = 10 * 60_000;

/** Runs `fn` after the current answer, logging its failure. */
function later(app: FastifyInstance, what: string, fn: () => Promise<unknown>): void {
  setImmediate(() => {
    fn().catch((err: unknown) => app.log.warn({ err }, `${what} failed`));
  });
}

/** How a session on a home charger started (requirements §3 "Home order"). */
async function startTypeOf(app: FastifyInstance, ch: SessionCharger, s: { orderId: number; idTag: string; reservationId?: number }): Promise<HomeStartType> {
  const db = app.db;
  if (s.reservationId !== undefined) {
    const [used] = await db
      .update(reservation)
      .set({ status: 'USED', orderId: s.orderId })
      .where(and(eq(reservation.id, s.reservationId), eq(reservation.chargerId, ch.id), inArray(reservation.status, ['REQUESTED', 'ACCEPTED', 'EXPIRED'])))
      .returning({ id: reservation.id });
    if (used) return 'RESERVE';
  }
  const since = new Date(Date.now() - APP_START_WINDOW_MS);
  const [remote] = await db
    .select({ id: chargerLog.id })
    .from(chargerLog)
    .where(
      and(
        eq(chargerLog.chargerSn, ch.serialNum),
        gt(chargerLog.at, since),
        eq(chargerLog.messageType, 'COMMAND'),
        eq(chargerLog.action, 'RemoteStartTransaction'),
        sql`${chargerLog.payload}->'request'->>'idTag' = ${s.idTag}`,
      ),
    )
    .orderBy(desc(chargerLog.at))
    .limit(1);
  if (remote) return 'APP_START';
  if ((await txSchedulesFor(db, ch.id, ch.stationId)).length) return 'SMART_CHARGING';
  return 'CARD_SWIPE';
}

/** A StartTransaction was answered (a new order). */
export function sessionStarted(
  app: FastifyInstance,
  ch: SessionCharger,
  s: {
    orderId: number;
    transactionId: number;
    connectorId: number;
    idTag: string;
    reservationId?: number;
    accepted: boolean;
  },
): void {
  later(app, 'session start', async () => {
    const db = app.db;
    const [home] = await db.select({ id: homeCharger.id }).from(homeCharger).where(eq(homeCharger.chargerId, ch.id));
    if (home || s.reservationId !== undefined) {
      const startType = await startTypeOf(app, ch, s);
      // A reservation's session is of start type RESERVE on any charger, a home order or not.
      if (home || startType === 'RESERVE')
        await db
          .insert(orderStart)
          .values({ orderId: s.orderId, startType, reservationId: s.reservationId ?? null })
          .onConflictDoNothing();
    }
    if (!s.accepted) return;
    const now = new Date();
    for (const row of await txSchedulesFor(db, ch.id, ch.stationId)) {
      for (const payload of await profileRequests(db, row, { id: ch.id, timeZone: null }, now, s.transactionId)) {
        await tryCommand(app, 'system', ch, 'SetChargingProfile', payload);
      }
    }
    await rebalanceStation(app, ch.stationId);
  });
}

/** MeterValues were stored; `orderId` is the order whose energy they raised (or null). */
export function meterValuesStored(
  app: FastifyInstance,
  ch: SessionCharger,
  m: {
    connectorId: number;
    orderId: number | null;
    energyKwh?: string;
    sets: readonly { timestamp: string; sampledValue: readonly { value: string; measurand?: string; phase?: string }[] }[];
  },
): void {
  later(app, 'meter values follow-up', async () => {
    const last = m.sets[m.sets.length - 1];
    const current = last?.sampledValue.find((v) => v.measurand === 'Current.Import' && !v.phase);
    if (current && sampleInRange(current) && Number.isFinite(Number(current.value)))
      await noteMeasuredCurrent(app.db, ch.id, m.connectorId, Number(current.value), new Date(last.timestamp));
    if (m.orderId !== null) await guardBalance(app, ch, m.orderId, new Date(), m.energyKwh);
  });
}

/** A StopTransaction ended order `orderId`. */
export function sessionEnded(app: FastifyInstance, ch: SessionCharger, orderId: number): void {
  forgetOrder(orderId);
  later(app, 'session end', () => rebalanceStation(app, ch.stationId));
}
