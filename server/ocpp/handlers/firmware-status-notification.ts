/** FirmwareStatusNotification: logged; the firmware-upgrade work tracks progress from here. */
import type { OcppHandler } from '../context.js';
import type { EmptyConf, FirmwareStatusNotificationReq } from '../messages.js';

export const firmwareStatusNotification: OcppHandler<FirmwareStatusNotificationReq, EmptyConf> = async (ctx, p) => {
  ctx.log.info({ status: p.status }, 'firmware status');
  return {};
};
