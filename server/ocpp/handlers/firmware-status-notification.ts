/**
 * FirmwareStatusNotification: logged; for a charger, its upgrade campaign follows the status
 * (server/modules/firmware/campaign.ts). The gateway table uses the logging handler alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import { onFirmwareStatus } from '../../modules/firmware/campaign.js';
import type { OcppHandler } from '../context.js';
import type { EmptyConf, FirmwareStatusNotificationReq } from '../messages.js';

export const firmwareStatusNotification = async (ctx: { log: FastifyBaseLogger }, p: FirmwareStatusNotificationReq): Promise<EmptyConf> => {
  ctx.log.info({ status: p.status }, 'firmware status');
  return {};
};

/** A charger's FirmwareStatusNotification: logged, then its campaign row follows (a failure there is logged, the answer stays {}). */
export const chargerFirmwareStatus: OcppHandler<FirmwareStatusNotificationReq, EmptyConf> = async (ctx, p) => {
  ctx.log.info({ status: p.status }, 'firmware status');
  await onFirmwareStatus(ctx.app, ctx.charger.serialNum, p.status).catch((err: unknown) => ctx.log.error({ err }, 'firmware campaign update failed'));
  return {};
};
