/**
 * StatusNotification: connector 0 is the whole charger (`charger.run_status`, `run_status_at`,
 * `run_error_code`, `run_error_info`, `run_vendor_error_code`); connectorId ≥ 1 upserts a
 * `connector` row (status, errorCode, info, vendorErrorCode, statusAt). A message older than the
 * stored time (late or out of order) is accepted but changes nothing. Times are the charger's
 * (the message timestamp), or the server's when the charger sends none.
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { charger, connector } from '../../db/schema.js';
import { closeStaleOrder } from '../../modules/transactions/service.js';
import { emitCharger, type OcppHandler } from '../context.js';
import type { EmptyConf, StatusNotificationReq } from '../messages.js';

export const statusNotification: OcppHandler<StatusNotificationReq, EmptyConf> = async (ctx, p) => {
  const at = p.timestamp ? new Date(p.timestamp) : new Date();
  let applied: unknown[];
  if (p.connectorId === 0) {
    applied = await ctx.app.db.update(charger).set({
      runStatus: p.status, runStatusAt: at, runErrorCode: p.errorCode, runErrorInfo: p.info ?? null,
      runVendorErrorCode: p.vendorErrorCode ?? null, lastSeenAt: new Date(),
    }).where(and(eq(charger.id, ctx.charger.id), or(isNull(charger.runStatusAt), lte(charger.runStatusAt, at))))
      .returning({ id: charger.id });
  } else {
    const values = {
      chargerId: ctx.charger.id, connectorId: p.connectorId, status: p.status, errorCode: p.errorCode,
      info: p.info ?? null, vendorErrorCode: p.vendorErrorCode ?? null, statusAt: at,
    };
    applied = await ctx.app.db.insert(connector).values(values).onConflictDoUpdate({
      target: [connector.chargerId, connector.connectorId],
      set: { status: values.status, errorCode: values.errorCode, info: values.info, vendorErrorCode: values.vendorErrorCode, statusAt: values.statusAt },
      setWhere: sql`${connector.statusAt} <= excluded.status_at`,
    }).returning({ connectorId: connector.connectorId });
  }
  if (!applied.length) {
    ctx.log.info({ connectorId: p.connectorId, status: p.status, timestamp: p.timestamp }, 'late StatusNotification ignored');
    return {};
  }
  if (p.errorCode !== 'NoError') {
    ctx.log.warn({ connectorId: p.connectorId, errorCode: p.errorCode, vendorErrorCode: p.vendorErrorCode, info: p.info }, 'charger reports an error');
  }
  if (p.connectorId > 0 && p.status === 'Available') {
    // After a reboot the connector is free: its order from before the reboot is stale.
    const closed = await closeStaleOrder(ctx.app.db, ctx.charger.id, p.connectorId);
    if (closed !== null) {
      ctx.log.warn({ orderId: closed, connectorId: p.connectorId }, 'order left open before a reboot closed from its last reading');
      ctx.app.bus.emit('order', { orderId: closed, companyCode: ctx.charger.companyCode });
    }
  }
  emitCharger(ctx);
  return {};
};
