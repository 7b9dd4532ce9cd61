/**
 * FirmwareStatusNotification: logged; the firmware-upgrade work tracks progress from here. Used
 * by charger and gateway connections alike (it needs only the connection's logger).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { EmptyConf, FirmwareStatusNotificationReq } from '../messages.js';

export const firmwareStatusNotification = async (ctx: { log: FastifyBaseLogger }, p: FirmwareStatusNotificationReq): Promise<EmptyConf> => {
  ctx.log.info({ status: p.status }, 'firmware status');
  return {};
};
