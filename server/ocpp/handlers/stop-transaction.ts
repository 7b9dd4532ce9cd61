/**
 * StopTransaction: honoured only for a transaction of this charger; a retried Stop changes
 * nothing (the order is priced once) and is answered like the first; a Stop for an order closed
 * without it (by hand, superseded, stale) reconciles it; an unknown transaction or one of another
 * charger is answered with idTagInfo Invalid. A meterStop out of range still ends the order (from
 * its last good reading, flagged) and is answered like any Stop.
 * Custom events (requirements R13.5): an unknown transaction opens ORDER_NOT_FOUND, a Stop for an
 * order that is already paid ORDER_ALREADY_PAID, and the settlement's income events are announced
 * after the commit (server/modules/event/order-events.ts); the answers stay as they are.
 */
import { eq } from 'drizzle-orm';
import { chargeOrder } from '../../db/schema.js';
import { announceOrderEvents, openEvent } from '../../modules/event/lifecycle.js';
import { isPaidOrder } from '../../modules/event/order-events.js';
import { stopTransaction } from '../../modules/transactions/service.js';
import { sessionEnded } from '../../modules/smart-charging/sessions.js';
import type { OcppContext, OcppHandler } from '../context.js';
import type { StopTransactionConf, StopTransactionReq } from '../messages.js';

export const stopTransactionHandler: OcppHandler<StopTransactionReq, StopTransactionConf> = async (ctx, p) => {
  const since = new Date();
  const res = await stopTransaction(ctx.app.db, ctx.charger, {
    transactionId: p.transactionId,
    idTag: p.idTag,
    meterStop: p.meterStop,
    timestamp: new Date(p.timestamp),
    reason: p.reason,
    transactionData: p.transactionData,
  });
  switch (res.kind) {
    case 'finished':
      ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
      sessionEnded(ctx.app, ctx.charger, res.orderId);
      await announceOrderEvents(ctx.app.db, ctx.app.bus, res.orderId, since);
      return p.idTag !== undefined ? { idTagInfo: { status: 'Accepted' } } : {};
    case 'reconciled':
      ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
      await announceOrderEvents(ctx.app.db, ctx.app.bus, res.orderId, since);
      ctx.log.warn({ transactionId: p.transactionId, orderId: res.orderId }, 'late StopTransaction reconciled an order closed without it');
      return p.idTag !== undefined ? { idTagInfo: { status: 'Accepted' } } : {};
    case 'duplicate':
      ctx.log.info({ transactionId: p.transactionId }, 'retried StopTransaction: nothing changed');
      if (await isPaid(ctx, res.orderId)) {
        await openEvent(ctx.app.db, ctx.app.bus, {
          ...device(ctx),
          eventType: 'ORDER_ALREADY_PAID',
          orderId: res.orderId,
          info: `transaction ${p.transactionId}`,
        });
      }
      return p.idTag !== undefined ? { idTagInfo: { status: 'Accepted' } } : {};
    case 'unknown':
      ctx.log.warn({ transactionId: p.transactionId }, 'StopTransaction for an unknown transaction or one of another charger');
      await openEvent(ctx.app.db, ctx.app.bus, { ...device(ctx), eventType: 'ORDER_NOT_FOUND', info: `transaction ${p.transactionId}` });
      return { idTagInfo: { status: 'Invalid' } };
  }
};

/** The charger of the Stop as the device of an event (the whole charger: a Stop names no connector). */
function device(ctx: OcppContext) {
  return { companyCode: ctx.charger.companyCode, stationId: ctx.charger.stationId, deviceSn: ctx.charger.serialNum, deviceType: 'charger' as const };
}

/** True when the order is already paid (a Stop for it cannot be settled again). */
async function isPaid(ctx: OcppContext, orderId: number): Promise<boolean> {
  const [row] = await ctx.app.db.select({ paid: chargeOrder.paid, totalAmount: chargeOrder.totalAmount }).from(chargeOrder).where(eq(chargeOrder.id, orderId));
  return !!row && isPaidOrder(row);
}
