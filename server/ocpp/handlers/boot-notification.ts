/** BootNotification: store vendor, model and firmware; accept with the heartbeat interval. */
import type { FastifyInstance } from 'fastify';
import { recordBoot } from '../../modules/charger-state/service.js';
import { onBoot } from '../../modules/firmware/campaign.js';
import { emitCharger, type OcppHandler } from '../context.js';
import type { BootNotificationConf, BootNotificationReq } from '../messages.js';

/** The Accepted answer: server time and the configured heartbeat interval (s). */
export function bootAccepted(app: FastifyInstance, at: Date): BootNotificationConf {
  return { status: 'Accepted', currentTime: at.toISOString(), interval: app.config.heartbeatInterval };
}

export const bootNotification: OcppHandler<BootNotificationReq, BootNotificationConf> = async (ctx, p) => {
  const now = new Date();
  await recordBoot(ctx.app.db, { kind: 'charger', id: ctx.charger.id }, p, now);
  // An upgrade in flight learns the version the charger now runs (requirements R4.5).
  await onBoot(ctx.app, ctx.charger.serialNum, p.firmwareVersion).catch((err: unknown) => ctx.log.error({ err }, 'firmware campaign update failed'));
  emitCharger(ctx);
  return bootAccepted(ctx.app, now);
};
