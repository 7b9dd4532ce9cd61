/**
 * StatusNotification: connector 0 is the whole charger, connectorId ≥ 1 a `connector` row
 * (server/modules/charger-state). A message older than the stored time (late or out of order) is
 * accepted but changes nothing. Times are the charger's (the message timestamp) when plausible
 * (domain/clock.ts `plausibleChargerTime`), else the server's receive time: a charger whose clock
 * says 2999 cannot freeze its status. An `errorCode` other than NoError opens the event it maps to on
 * that connector (a repeat while open is the same event); NoError recovers them
 * (server/modules/event/raise.ts, requirements R13.3). After a reboot, a connector reported Available
 * closes the order left open on it, settled, and its income events are announced (R13.5); without a
 * reboot it closes an order whose session never ran (no meter value, no Stop: a Start the charger
 * dropped, R10.23).
 */
import { plausibleChargerTime } from '../../../domain/clock.js';
import { recordStatus } from '../../modules/charger-state/service.js';
import { statusEvents } from '../../modules/event/raise.js';
import { announceOrderEvents } from '../../modules/event/lifecycle.js';
import { closeStaleOrder } from '../../modules/transactions/service.js';
import { closeDroppedStart } from '../../modules/transactions/dropped-start.js';
import { emitCharger, type OcppHandler } from '../context.js';
import type { EmptyConf, StatusNotificationReq } from '../messages.js';

export const statusNotification: OcppHandler<StatusNotificationReq, EmptyConf> = async (ctx, p) => {
  const receivedAt = new Date();
  const charger = p.timestamp ? plausibleChargerTime(p.timestamp, receivedAt) : { at: receivedAt, plausible: true };
  if (!charger.plausible) ctx.log.warn({ connectorId: p.connectorId, timestamp: p.timestamp }, 'implausible StatusNotification time: the server time is used');
  const at = charger.at;
  const applied = await recordStatus(ctx.app.db, ctx.charger.id, p, at, receivedAt);
  if (!applied) {
    ctx.log.info({ connectorId: p.connectorId, status: p.status, timestamp: p.timestamp }, 'late StatusNotification ignored');
    return {};
  }
  if (p.errorCode !== 'NoError') {
    ctx.log.warn({ connectorId: p.connectorId, errorCode: p.errorCode, vendorErrorCode: p.vendorErrorCode, info: p.info }, 'charger reports an error');
  }
  // An error is an event until the connector reports NoError (or another error).
  await statusEvents(ctx.app.db, ctx.app.bus, ctx.charger, p, at, ctx.app.config.eventReopenS * 1000);
  if (p.connectorId > 0 && p.status === 'Available') {
    // After a reboot the connector is free: its order from before the reboot is stale.
    const stale = await closeStaleOrder(ctx.app.db, ctx.charger.id, p.connectorId);
    // Without a reboot: a Start the charger answered but never ran (no meter value, no Stop).
    const dropped =
      stale === null
        ? await closeDroppedStart(ctx.app.db, ctx.charger.id, p.connectorId, { at, chargerTime: Boolean(p.timestamp) && charger.plausible })
        : null;
    if (stale !== null) ctx.log.warn({ orderId: stale, connectorId: p.connectorId }, 'order left open before a reboot closed from its last reading');
    if (dropped !== null) ctx.log.warn({ orderId: dropped, connectorId: p.connectorId }, 'order of a Start the charger dropped closed');
    const closed = stale ?? dropped;
    if (closed !== null) {
      ctx.app.bus.emit('order', { orderId: closed, companyCode: ctx.charger.companyCode });
      await announceOrderEvents(ctx.app.db, ctx.app.bus, closed, receivedAt);
    }
  }
  emitCharger(ctx);
  return {};
};
