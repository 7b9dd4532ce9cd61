/**
 * Reservations (requirements R15.25, R3.11 "reserve" start type): ReserveNow for an idTag, a card or
 * an app user on one connector until an expiry; CancelReservation; the list of a charger.
 * Lifecycle: REQUESTED while the charger is asked → ACCEPTED, or REFUSED with the charger's answer
 * (Faulted, Occupied, Rejected, Unavailable) → USED when a StartTransaction names it
 * (../smart-charging/sessions.ts), CANCELLED, or EXPIRED (the server's sweep, every
 * RESERVATION_SWEEP_MS). One live reservation per connector (747, a unique index); a failed send
 * (718 / 719 / 720) leaves nothing behind.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReservationRecord, ReservationStatus, ReserveInput } from '../../../domain/entities/device-command.js';
import type { Db } from '../../db/client.js';
import { mapUnique } from '../../db/pg-errors.js';
import { chargeOrder, reservation } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { NEWEST_FIRST, limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { idTagOf, targetCharger } from '../command/service.js';
import { checkIdTag, refusalCode } from '../transactions/index.js';
import { replyOf, type Target } from './service.js';

/** How often the server marks reservations past their expiry EXPIRED (ms). */
export const RESERVATION_SWEEP_MS = 2000;

/** Marks the accepted reservations past their expiry EXPIRED; answers how many. */
export async function expireReservations(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(reservation)
    .set({ status: 'EXPIRED' })
    .where(and(eq(reservation.status, 'ACCEPTED'), lte(reservation.expiresAt, now)))
    .returning({ id: reservation.id });
  return rows.length;
}

type Row = typeof reservation.$inferSelect;

/**
 * Whether the charger takes reservations of connector 0 (the whole charger): its configuration key
 * ReserveConnectorZeroSupported, read with GetConfiguration, is `true` (R16.11).
 * @throws AppError 718 / 719 / 720 when the charger cannot be asked.
 */
export async function reservesWholeCharger(app: FastifyInstance, by: string, target: Target): Promise<boolean> {
  const answer = await replyOf<{ configurationKey?: { key: string; value?: string }[] }>(app, by, target, 'GetConfiguration', {
    key: ['ReserveConnectorZeroSupported'],
  });
  return (
    answer.configurationKey
      ?.find((k) => k.key === 'ReserveConnectorZeroSupported')
      ?.value?.trim()
      .toLowerCase() === 'true'
  );
}

function recordOf(r: Row, chargerSn: string, orderNo: string | null, now = Date.now()): ReservationRecord {
  // Between two sweeps an accepted reservation past its expiry already reads EXPIRED.
  const status = (r.status === 'ACCEPTED' && r.expiresAt.getTime() <= now ? 'EXPIRED' : r.status) as ReservationStatus;
  return {
    id: r.id,
    chargerId: r.chargerId,
    chargerSn,
    connectorId: r.connectorId,
    idTag: r.idTag,
    expiresAt: r.expiresAt.toISOString(),
    status,
    answer: r.answer,
    orderId: r.orderId,
    orderNo,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * ReserveNow: the idTag is checked like a remote start's (727 / 728 / 721 / 729), the reservation
 * stored, then sent with its id as reservationId; the charger's answer decides its status.
 * Connector 0 (the whole charger) only when the charger's ReserveConnectorZeroSupported is true.
 * @throws AppError 800 / 725, 610 / 803, 793 (connector 0 not supported), 747 (connector already
 *   reserved), 718 / 719 / 720.
 */
export async function reserve(app: FastifyInstance, auth: AuthContext, id: number, input: ReserveInput): Promise<ReservationRecord> {
  const db = app.db;
  const target = await targetCharger(db, auth, id);
  const idTag = await idTagOf(db, target, input);
  const verdict = await checkIdTag(db, idTag, { companyCode: target.companyCode, stationId: target.stationId });
  if (verdict.reason) throw new AppError(refusalCode(verdict.reason), input.cardUserId ? 'cardUserId' : input.appUserId ? 'appUserId' : 'idTag');
  if (input.connectorId === 0 && !(await reservesWholeCharger(app, auth.username, target))) throw new AppError(793, 'connectorId');
  await expireReservations(db);
  const expiresAt = new Date(Date.now() + Math.round(input.expiryMinutes * 60_000));
  const [row] = await mapUnique(
    () =>
      db
        .insert(reservation)
        .values({
          companyCode: target.companyCode,
          chargerId: target.id,
          connectorId: input.connectorId,
          idTag,
          expiresAt,
          createdBy: auth.username,
        })
        .returning(),
    { reservation_one_live: [747, 'connectorId'] },
  );
  let answer: { status: string };
  try {
    answer = await replyOf<{ status: string }>(app, auth.username, target, 'ReserveNow', {
      connectorId: input.connectorId,
      expiryDate: expiresAt.toISOString(),
      idTag,
      reservationId: row.id,
    });
  } catch (err) {
    await db.delete(reservation).where(eq(reservation.id, row.id));
    throw err;
  }
  const [done] = await db
    .update(reservation)
    .set({ status: answer.status === 'Accepted' ? 'ACCEPTED' : 'REFUSED', answer: answer.status })
    .where(and(eq(reservation.id, row.id), eq(reservation.status, 'REQUESTED')))
    .returning();
  // Already used by a Start that came before the answer was stored: keep USED, note the answer.
  const [now] = done ? [done] : await db.update(reservation).set({ answer: answer.status }).where(eq(reservation.id, row.id)).returning();
  return recordOf(now, target.serialNum, null);
}

/**
 * CancelReservation of an active reservation of charger `id`. The charger's Rejected (it holds no
 * such reservation any more) still ends it here.
 * @throws AppError 817 (not this charger's), 748 (no longer active), 718 / 719 / 720.
 */
export async function cancelReservation(app: FastifyInstance, auth: AuthContext, id: number, reservationId: number): Promise<ReservationRecord> {
  const db = app.db;
  const target = await targetCharger(db, auth, id);
  const [row] = await db
    .select()
    .from(reservation)
    .where(and(eq(reservation.id, reservationId), eq(reservation.chargerId, target.id)));
  if (!row) throw new AppError(817);
  if (recordOf(row, target.serialNum, null).status !== 'ACCEPTED') throw new AppError(748);
  await replyOf<{ status: string }>(app, auth.username, target, 'CancelReservation', { reservationId });
  const [done] = await db
    .update(reservation)
    .set({ status: 'CANCELLED' })
    .where(and(eq(reservation.id, reservationId), eq(reservation.status, 'ACCEPTED')))
    .returning();
  // Used or expired while the charger was asked: answer what it became.
  const [now] = done ? [done] : await db.select().from(reservation).where(eq(reservation.id, reservationId));
  return recordOf(now, target.serialNum, null);
}

const SORTABLE = {
  id: reservation.id,
  createdAt: reservation.createdAt,
  expiresAt: reservation.expiresAt,
  connectorId: reservation.connectorId,
  status: reservation.status,
};

/** The reservations of charger `id`, newest first, with the order that used each. */
export async function listReservations(
  db: Db,
  auth: AuthContext,
  id: number,
  q: PageQuery & { status?: ReservationStatus },
): Promise<{ records: ReservationRecord[]; total: number }> {
  const target = await targetCharger(db, auth, id, 'read');
  const where = [eq(reservation.chargerId, target.id)];
  const now = new Date();
  if (q.status === 'EXPIRED')
    where.push(sql`(${reservation.status} = 'EXPIRED' or (${reservation.status} = 'ACCEPTED' and ${reservation.expiresAt} <= ${now}))`);
  else if (q.status === 'ACCEPTED') where.push(eq(reservation.status, 'ACCEPTED'), sql`${reservation.expiresAt} > ${now}`);
  else if (q.status) where.push(inArray(reservation.status, [q.status]));
  const { limit, offset } = limitOffset(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ r: reservation, orderNo: chargeOrder.orderNo })
      .from(reservation)
      .leftJoin(chargeOrder, eq(chargeOrder.id, reservation.orderId))
      .where(and(...where))
      .orderBy(...orderByOf(q, SORTABLE, { fallback: reservation.id, tieBreak: reservation.id, ...NEWEST_FIRST }))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(reservation)
      .where(and(...where)),
  ]);
  return { records: rows.map(({ r, orderNo }) => recordOf(r, target.serialNum, orderNo, now.getTime())), total };
}
