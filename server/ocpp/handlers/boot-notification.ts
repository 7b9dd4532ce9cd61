/** BootNotification: store vendor, model and firmware; accept with the heartbeat interval. */
import { eq } from 'drizzle-orm';
import { charger } from '../../db/schema.js';
import { emitCharger, type OcppHandler } from '../context.js';
import type { BootNotificationConf, BootNotificationReq } from '../messages.js';

export const bootNotification: OcppHandler<BootNotificationReq, BootNotificationConf> = async (ctx, p) => {
  const now = new Date();
  await ctx.app.db.update(charger).set({
    vendor: p.chargePointVendor,
    model: p.chargePointModel,
    ...(p.firmwareVersion !== undefined ? { firmwareVersion: p.firmwareVersion } : {}),
    lastSeenAt: now,
  }).where(eq(charger.id, ctx.charger.id));
  emitCharger(ctx);
  return { status: 'Accepted', currentTime: now.toISOString(), interval: ctx.app.config.heartbeatInterval };
};
