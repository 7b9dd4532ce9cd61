/**
 * StopTransaction: honoured only for a transaction of this charger; a retried Stop changes
 * nothing (the order is priced once) and is answered like the first; a Stop for an order closed
 * without it (by hand, superseded, stale) reconciles it; an unknown transaction or one of another
 * charger is answered with idTagInfo Invalid. A meterStop out of range still ends the order (from
 * its last good reading, flagged) and is answered like any Stop.
 */
import { stopTransaction } from '../../modules/transactions/service.js';
import type { OcppHandler } from '../context.js';
import type { StopTransactionConf, StopTransactionReq } from '../messages.js';

export const stopTransactionHandler: OcppHandler<StopTransactionReq, StopTransactionConf> = async (ctx, p) => {
  const res = await stopTransaction(ctx.app.db, ctx.charger, {
    transactionId: p.transactionId, idTag: p.idTag, meterStop: p.meterStop, timestamp: new Date(p.timestamp),
    reason: p.reason, transactionData: p.transactionData,
  });
  switch (res.kind) {
    case 'finished':
      ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
      return p.idTag !== undefined ? { idTagInfo: { status: 'Accepted' } } : {};
    case 'reconciled':
      ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
      ctx.log.warn({ transactionId: p.transactionId, orderId: res.orderId }, 'late StopTransaction reconciled an order closed without it');
      return p.idTag !== undefined ? { idTagInfo: { status: 'Accepted' } } : {};
    case 'duplicate':
      ctx.log.info({ transactionId: p.transactionId }, 'retried StopTransaction: nothing changed');
      return p.idTag !== undefined ? { idTagInfo: { status: 'Accepted' } } : {};
    case 'unknown':
      ctx.log.warn({ transactionId: p.transactionId }, 'StopTransaction for an unknown transaction or one of another charger');
      return { idTagInfo: { status: 'Invalid' } };
  }
};
