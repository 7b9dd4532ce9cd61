/**
 * Closing a stuck order by hand (spec §2 Operations → Orders; code 724).
 * `PUT /sp/order/:id/close` (permission `menu:operations:orders`): an order still CHARGING whose
 * charger is offline, or that started more than {@link STUCK_AFTER_HOURS} hours ago, is closed by
 * an operator: status CLOSED, stop reason `ClosedByOperator`, stop time = the time of the last
 * energy register reading (now when there is none), meterStop = that reading in Wh (meterStart
 * when none), energy = meterStop − meterStart, priced and settled (card or app balance) by the
 * same `priceOrder` that the OCPP StopTransaction uses, all in one SQL transaction.
 * Errors: 400 `id` unknown order; 725 another company's order (or a station outside a station
 * manager's list); 724 when the order is not CHARGING any more (`data.reason` NOT_CHARGING), its
 * charger is online and it is younger than the limit (CHARGER_ONLINE), or the close fails.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { charger, chargeOrder, meterValue } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { assertSameCompany, assertStationAccess } from '../../http/scope.js';
import { envelopeOf } from '../../../domain/entities/api.js';
import { orderRecord } from '../../../domain/entities/order.js';
import { priceOrder } from '../transactions/pricing.js';
import { ENERGY_REGISTER, energyKwh, registerWh } from '../transactions/service.js';
import { orderQuery, toOrderRecord } from './record.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

/** An order CHARGING for longer than this may be closed even when its charger is online. */
export const STUCK_AFTER_HOURS = 12;

/** The last energy register reading (Wh) of a transaction and its time, or null. */
async function lastRegister(db: Db, chargerId: number, transactionId: number): Promise<{ wh: number; at: Date } | null> {
  const rows = await db.select({ value: meterValue.value, unit: meterValue.unit, at: meterValue.timestamp }).from(meterValue)
    .where(and(
      eq(meterValue.transactionId, transactionId), eq(meterValue.chargerId, chargerId),
      eq(meterValue.measurand, ENERGY_REGISTER), isNull(meterValue.phase),
    ))
    .orderBy(desc(meterValue.timestamp), desc(meterValue.id)).limit(20);
  for (const r of rows) {
    const wh = registerWh({ value: r.value, unit: r.unit ?? undefined });
    if (wh !== null) return { wh: Math.round(wh), at: r.at };
  }
  return null;
}

/**
 * Closes order `orderId` (see the module comment). `actor` is recorded in the breakdown.
 * Returns false when the order was not CHARGING when the update ran (the caller answers 724).
 */
export async function closeOrder(db: Db, orderId: number, actor: string, now: Date = new Date()): Promise<boolean> {
  const [order] = await db.select().from(chargeOrder).where(eq(chargeOrder.id, orderId)).limit(1);
  if (!order || order.status !== 'CHARGING') return false;
  const last = await lastRegister(db, order.chargerId, order.transactionId);
  const meterStop = last ? Math.max(last.wh, order.meterStart) : order.meterStart;
  const stopTime = last && last.at.getTime() >= order.chargerStartTime.getTime() ? last.at : now;
  const energy = energyKwh(order.meterStart, meterStop);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(chargeOrder).set({
      meterStop,
      energyKwh: energy,
      chargerStopTime: stopTime,
      serverStopTime: now,
      status: 'CLOSED',
      stopReason: 'ClosedByOperator',
    }).where(and(eq(chargeOrder.id, order.id), eq(chargeOrder.status, 'CHARGING'))).returning({ id: chargeOrder.id });
    if (!row) return false;
    const priced = await priceOrder(tx as unknown as Db, {
      orderId: order.id, orderNo: order.orderNo, companyCode: order.companyCode, stationId: order.stationId,
      chargerId: order.chargerId, chargerSn: order.chargerSn, transactionId: order.transactionId,
      currency: order.currency, energyKwh: energy, meterStart: order.meterStart, meterStop,
      chargerStartTime: order.chargerStartTime, chargerStopTime: stopTime,
      cardUserId: order.cardUserId, appUserId: order.appUserId, idTagStatus: order.idTagStatus,
    });
    const breakdown = priced.breakdown && typeof priced.breakdown === 'object'
      ? { ...(priced.breakdown as Record<string, unknown>), closedBy: actor }
      : priced.breakdown;
    await tx.update(chargeOrder).set({
      currency: priced.currency, electricityFee: priced.electricityFee, serviceFee: priced.serviceFee,
      taxAmount: priced.taxAmount, cost: priced.cost, totalAmount: priced.totalAmount, paid: priced.paid, breakdown,
    }).where(eq(chargeOrder.id, order.id));
    return true;
  });
}

const closeRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put('/order/:id/close', {
    config: { permission: PERMISSIONS.operations.orders },
    schema: {
      tags: ['order'],
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: { 200: envelopeOf(orderRecord) },
    },
  }, async (req) => {
    const auth = authOf(req);
    const [o] = await app.db.select({
      id: chargeOrder.id, companyCode: chargeOrder.companyCode, stationId: chargeOrder.stationId, status: chargeOrder.status,
      chargerStartTime: chargeOrder.chargerStartTime, online: charger.online,
    }).from(chargeOrder).leftJoin(charger, eq(charger.id, chargeOrder.chargerId)).where(eq(chargeOrder.id, req.params.id)).limit(1);
    if (!o) throw new AppError(400, 'id');
    assertSameCompany(auth, o.companyCode, 'write');
    assertStationAccess(auth, o.stationId, 'write');
    if (o.status !== 'CHARGING') throw new AppError(724, undefined, { reason: 'NOT_CHARGING' });
    const now = new Date();
    const stuck = !o.online || now.getTime() - o.chargerStartTime.getTime() > STUCK_AFTER_HOURS * 3_600_000;
    if (!stuck) throw new AppError(724, undefined, { reason: 'CHARGER_ONLINE' });
    let closed: boolean;
    try {
      closed = await closeOrder(app.db, o.id, auth.username, now);
    } catch (err) {
      req.log.error({ err, orderId: o.id }, 'closing the order failed');
      throw new AppError(724);
    }
    if (!closed) throw new AppError(724, undefined, { reason: 'NOT_CHARGING' });
    const [row] = await orderQuery(app.db).where(eq(chargeOrder.id, o.id)).limit(1);
    return ok(req, toOrderRecord(row));
  });
};

export default closeRoutes;
