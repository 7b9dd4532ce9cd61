/**
 * MeterValues: every sampled value is stored (late and out-of-order ones too), in one SQL
 * transaction with the running order's energy. An energy register lower than the previous reading
 * of the transaction opens the custom event METER_REGRESSION on that connector (requirements R13.5;
 * repeats while it is open count on it). An energy register outside the range of
 * domain/meter.ts (or an unparsable timestamp) is answered with CALLERROR
 * PropertyConstraintViolation and nothing of the message is stored (docs/ocpp.md).
 */
import { openEvent } from '../../modules/event/lifecycle.js';
import { recordMeterValues } from '../../modules/transactions/service.js';
import { meterValuesStored } from '../../modules/smart-charging/sessions.js';
import type { OcppHandler } from '../context.js';
import type { EmptyConf, MeterValuesReq } from '../messages.js';
import { rangeToCallError } from './start-transaction.js';

export const meterValues: OcppHandler<MeterValuesReq, EmptyConf> = async (ctx, p) => {
  const res = await recordMeterValues(ctx.app.db, ctx.charger, p.connectorId, p.transactionId ?? null, p.meterValue).catch(rangeToCallError);
  for (const r of res.regressions) {
    ctx.log.warn(r, 'meter reading lower than the previous one');
    await openEvent(ctx.app.db, ctx.app.bus, {
      companyCode: ctx.charger.companyCode,
      stationId: ctx.charger.stationId,
      deviceSn: ctx.charger.serialNum,
      deviceType: 'charger',
      eventType: 'METER_REGRESSION',
      connectorId: p.connectorId,
      orderId: res.orderId,
      info: `transaction ${r.transactionId}: ${r.readingWh} Wh at ${r.timestamp} after ${r.previousWh} Wh`,
    });
  }
  if (res.orderId !== null) ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
  meterValuesStored(ctx.app, ctx.charger, { connectorId: p.connectorId, orderId: res.orderId, energyKwh: res.energyKwh ?? undefined, sets: p.meterValue });
  return {};
};
