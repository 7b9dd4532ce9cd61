/**
 * StartTransaction: the order is stored before the answer; a refused idTag still makes an order
 * (flagged by its idTagStatus) and is answered with that status (and the idTag's expiryDate when it
 * has one, R12.42), never with silence. A retried
 * Start gets the same transactionId. A card already charging elsewhere is answered ConcurrentTx
 * (manager cards excepted). A Start on a connector with an open order closes that order first
 * (SUPERSEDED) and announces the income events its settlement raised. A meterStart outside the register range is answered with CALLERROR
 * PropertyConstraintViolation and nothing is stored (docs/ocpp.md).
 */
import { recordCardRejected } from '../../modules/notifications/notices.js';
import { announceOrderEvents } from '../../modules/event/lifecycle.js';
import { MeterRangeError, startTransaction } from '../../modules/transactions/service.js';
import { idTagInfoOf } from '../../modules/transactions/id-tag.js';
import { currentCharger, type OcppHandler } from '../context.js';
import { sessionStarted } from '../../modules/smart-charging/sessions.js';
import type { StartTransactionConf, StartTransactionReq } from '../messages.js';
import { createRPCError } from '../rpc.js';

export const startTransactionHandler: OcppHandler<StartTransactionReq, StartTransactionConf> = async (ctx, p) => {
  const since = new Date();
  const at = await currentCharger(ctx);
  const res = await startTransaction(ctx.app.db, at, {
    connectorId: p.connectorId,
    idTag: p.idTag,
    meterStart: p.meterStart,
    timestamp: new Date(p.timestamp),
    reservationId: p.reservationId,
  }).catch(rangeToCallError);
  if (res.supersededOrderId !== null) {
    ctx.log.warn({ orderId: res.supersededOrderId, connectorId: p.connectorId }, 'a new StartTransaction superseded the open order of its connector');
    ctx.app.bus.emit('order', { orderId: res.supersededOrderId, companyCode: ctx.charger.companyCode });
    // Closing it settled it: its income events, if any, are announced now that they are committed.
    await announceOrderEvents(ctx.app.db, ctx.app.bus, res.supersededOrderId, since);
  }
  if (res.created) ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
  if (res.created && res.idTagStatus !== 'Accepted') {
    // A refused card is a CARD_REJECTED problem in the bell (server/modules/notifications/notices.ts).
    await recordCardRejected(ctx.app.db, at, p.idTag, res.idTagStatus).catch((err: unknown) => ctx.log.warn({ err }, 'card-rejected notice not stored'));
  }
  if (!res.created) ctx.log.info({ transactionId: res.transactionId }, 'retried StartTransaction answered with the stored transaction');
  if (res.created) {
    sessionStarted(ctx.app, at, {
      orderId: res.orderId,
      transactionId: res.transactionId,
      connectorId: p.connectorId,
      idTag: p.idTag,
      reservationId: p.reservationId,
      accepted: res.idTagStatus === 'Accepted',
    });
  }
  return { idTagInfo: idTagInfoOf({ status: res.idTagStatus, expiryDate: res.expiryDate }), transactionId: res.transactionId };
};

/** Turns a MeterRangeError into CALLERROR PropertyConstraintViolation; rethrows anything else. */
export function rangeToCallError(err: unknown): never {
  if (err instanceof MeterRangeError) {
    throw createRPCError('PropertyConstraintViolation', `${err.field} is out of range`, { field: err.field });
  }
  throw err;
}
