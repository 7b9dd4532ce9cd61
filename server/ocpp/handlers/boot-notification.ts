/** BootNotification: store vendor, model and firmware; accept with the heartbeat interval. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { charger } from '../../db/schema.js';
import { emitCharger, type OcppHandler } from '../context.js';
import type { BootNotificationConf, BootNotificationReq } from '../messages.js';

/** The columns a BootNotification sets (charger and gateway rows alike); `at` = last seen. */
export function bootFields(p: BootNotificationReq, at: Date) {
  return {
    vendor: p.chargePointVendor,
    model: p.chargePointModel,
    ...(p.firmwareVersion !== undefined ? { firmwareVersion: p.firmwareVersion } : {}),
    lastSeenAt: at,
  };
}

/** The Accepted answer: server time and the configured heartbeat interval (s). */
export function bootAccepted(app: FastifyInstance, at: Date): BootNotificationConf {
  return { status: 'Accepted', currentTime: at.toISOString(), interval: app.config.heartbeatInterval };
}

export const bootNotification: OcppHandler<BootNotificationReq, BootNotificationConf> = async (ctx, p) => {
  const now = new Date();
  // boot_at: orders started before it may be stale (closed when the connector shows free).
  await ctx.app.db.update(charger).set({ ...bootFields(p, now), bootAt: now }).where(eq(charger.id, ctx.charger.id));
  emitCharger(ctx);
  return bootAccepted(ctx.app, now);
};
