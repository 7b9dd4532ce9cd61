/**
 * StartTransaction: the order is stored before the answer; a refused idTag still makes an order
 * (flagged by its idTagStatus) and is answered with that status, never with silence. A retried
 * Start gets the same transactionId.
 */
import { startTransaction } from '../../modules/transactions/service.js';
import { currentCharger, type OcppHandler } from '../context.js';
import type { StartTransactionConf, StartTransactionReq } from '../messages.js';

export const startTransactionHandler: OcppHandler<StartTransactionReq, StartTransactionConf> = async (ctx, p) => {
  const res = await startTransaction(ctx.app.db, await currentCharger(ctx), {
    connectorId: p.connectorId, idTag: p.idTag, meterStart: p.meterStart, timestamp: new Date(p.timestamp), reservationId: p.reservationId,
  });
  if (res.created) ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
  else ctx.log.info({ transactionId: res.transactionId }, 'retried StartTransaction answered with the stored transaction');
  return { idTagInfo: { status: res.idTagStatus }, transactionId: res.transactionId };
};
