/**
 * StartTransaction: the order is stored before the answer; a refused idTag still makes an order
 * (flagged by its idTagStatus) and is answered with that status, never with silence. A retried
 * Start gets the same transactionId.
 */
import { recordCardRejected } from '../../modules/notifications/record.js';
import { startTransaction } from '../../modules/transactions/service.js';
import { currentCharger, type OcppHandler } from '../context.js';
import type { StartTransactionConf, StartTransactionReq } from '../messages.js';

export const startTransactionHandler: OcppHandler<StartTransactionReq, StartTransactionConf> = async (ctx, p) => {
  const at = await currentCharger(ctx);
  const res = await startTransaction(ctx.app.db, at, {
    connectorId: p.connectorId, idTag: p.idTag, meterStart: p.meterStart, timestamp: new Date(p.timestamp), reservationId: p.reservationId,
  });
  if (res.created) ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
  if (res.created && res.idTagStatus !== 'Accepted') {
    // A refused card is a CARD_REJECTED problem in the bell (server/modules/notifications/record.ts).
    await recordCardRejected(ctx.app.db, at, p.idTag, res.idTagStatus).catch((err: unknown) => ctx.log.warn({ err }, 'card-rejected notice not stored'));
  }
  if (!res.created) ctx.log.info({ transactionId: res.transactionId }, 'retried StartTransaction answered with the stored transaction');
  return { idTagInfo: { status: res.idTagStatus }, transactionId: res.transactionId };
};
