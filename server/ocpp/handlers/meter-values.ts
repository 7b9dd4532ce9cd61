/**
 * MeterValues: every sampled value is stored (late and out-of-order ones too). An energy register
 * lower than the previous reading of the transaction is logged (a custom event, spec §3). The
 * running order's energy follows the register while it charges.
 */
import { recordMeterValues } from '../../modules/transactions/service.js';
import type { OcppHandler } from '../context.js';
import type { EmptyConf, MeterValuesReq } from '../messages.js';

export const meterValues: OcppHandler<MeterValuesReq, EmptyConf> = async (ctx, p) => {
  const res = await recordMeterValues(ctx.app.db, ctx.charger, p.connectorId, p.transactionId ?? null, p.meterValue);
  for (const r of res.regressions) ctx.log.warn(r, 'meter reading lower than the previous one');
  if (res.orderId !== null) ctx.app.bus.emit('order', { orderId: res.orderId, companyCode: ctx.charger.companyCode });
  return {};
};
