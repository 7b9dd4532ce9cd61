/**
 * Closing a stuck order by hand (requirements §2 Operations → Orders; code 724).
 * `PUT /sp/order/:id/close` (permission `menu:operations:orders`): an order still CHARGING whose
 * charger is offline, whose connector is not in a transaction (its last StatusNotification is
 * Available, Unavailable, Faulted or Reserved), or that started more than
 * {@link STUCK_AFTER_HOURS} hours ago, is closed by an operator: status CLOSED, stop reason
 * `ClosedByOperator`, stop time = the time of the last energy register reading (now when there is
 * none), meterStop = that reading in Wh (meterStart when none), energy = meterStop − meterStart,
 * priced and settled (card or app balance) by the same `finishOrder` that the OCPP
 * StopTransaction uses, all in one SQL transaction. A StopTransaction arriving later reconciles
 * the order with the charger's figures (server/modules/transactions/reconcile.ts). The income events
 * the settlement raised are announced after the commit; asking to close an order that is already
 * paid opens "order already paid" (requirements R13.5, server/modules/event/order-events.ts).
 * Errors: 400 `id` unknown order; 725 another company's order (or a station outside a station
 * manager's list); 724 when the order is not CHARGING any more (`data.reason` NOT_CHARGING), its
 * charger is online and it is younger than the limit (CHARGER_ONLINE), or the close fails.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { charger, chargeOrder, connector } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { assertInScope } from '../../http/scope.js';
import { answersWith } from '../../../domain/entities/api.js';
import { orderRecord } from '../../../domain/entities/order.js';
import { finishOrder } from '../transactions/index.js';
import { announceOrderEvents } from '../event/service.js';
import { raiseIfPaid } from '../event/index.js';
import { endFromLastReading } from '../transactions/service.js';
import { orderQuery, toOrderRecord } from './mapper.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { idParams } from '../../../domain/entities/api.js';

/** An order CHARGING for longer than this may be closed even when its charger is online. */
export const STUCK_AFTER_HOURS = 12;

/** Connector statuses (OCPP 1.6 ChargePointStatus) in which a session may be running. */
const IN_TRANSACTION = new Set(['Preparing', 'Charging', 'SuspendedEVSE', 'SuspendedEV', 'Finishing']);

/**
 * Closes order `orderId` (see the module comment). `actor` is recorded in the breakdown.
 * Returns false when the order was not CHARGING when the update ran (the caller answers 724).
 */
export async function closeOrder(db: Db, orderId: number, actor: string, now: Date = new Date()): Promise<boolean> {
  const [order] = await db.select().from(chargeOrder).where(eq(chargeOrder.id, orderId)).limit(1);
  if (order?.status !== 'CHARGING') return false;
  const end = await endFromLastReading(db, order, now);
  return db.transaction((tx) =>
    finishOrder(tx as unknown as Db, order, {
      ...end,
      status: 'CLOSED',
      stopReason: 'ClosedByOperator',
      note: { closedBy: actor },
    }),
  );
}

const closeRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Answers 724 NOT_CHARGING; an order already paid also opens "order already paid" (R13.5). */
  const notCharging = async (orderId: number, actor: string): Promise<never> => {
    await raiseIfPaid(app.db, app.bus, orderId, `close asked by ${actor}`).catch((err: unknown) =>
      app.log.warn({ err, orderId }, '"order already paid" event not stored'),
    );
    throw new AppError(724, undefined, { reason: 'NOT_CHARGING' });
  };

  r.put(
    '/order/:id/close',
    {
      config: { permission: PERMISSIONS.operations.orders },
      schema: {
        tags: ['order'],
        params: idParams,
        response: answersWith(orderRecord),
      },
    },
    async (req) => {
      const auth = authOf(req);
      const [o] = await app.db
        .select({
          id: chargeOrder.id,
          companyCode: chargeOrder.companyCode,
          stationId: chargeOrder.stationId,
          status: chargeOrder.status,
          chargerStartTime: chargeOrder.chargerStartTime,
          online: charger.online,
          connectorStatus: connector.status,
        })
        .from(chargeOrder)
        .leftJoin(charger, eq(charger.id, chargeOrder.chargerId))
        .leftJoin(connector, and(eq(connector.chargerId, chargeOrder.chargerId), eq(connector.connectorId, chargeOrder.connectorId)))
        .where(eq(chargeOrder.id, req.params.id))
        .limit(1);
      if (!o) throw new AppError(400, 'id');
      assertInScope(auth, chargeOrder, o, 'write');
      if (o.status !== 'CHARGING') await notCharging(o.id, auth.username);
      const now = new Date();
      const idle = o.connectorStatus !== null && !IN_TRANSACTION.has(o.connectorStatus);
      const stuck = !o.online || idle || now.getTime() - o.chargerStartTime.getTime() > STUCK_AFTER_HOURS * 3_600_000;
      if (!stuck) throw new AppError(724, undefined, { reason: 'CHARGER_ONLINE' });
      // A failure to write is the server's (706 / 500 from the error handler), not 724 the caller's.
      const closed = await closeOrder(app.db, o.id, auth.username, now);
      if (!closed) await notCharging(o.id, auth.username);
      await announceOrderEvents(app.db, app.bus, o.id, now);
      const [row] = await orderQuery(app.db).where(eq(chargeOrder.id, o.id)).limit(1);
      return ok(req, toOrderRecord(row));
    },
  );
};

export default closeRoutes;
