/** DiagnosticsStatusNotification: logged; the diagnostics work tracks uploads from here. */
import type { OcppHandler } from '../context.js';
import type { DiagnosticsStatusNotificationReq, EmptyConf } from '../messages.js';

export const diagnosticsStatusNotification: OcppHandler<DiagnosticsStatusNotificationReq, EmptyConf> = async (ctx, p) => {
  ctx.log.info({ status: p.status }, 'diagnostics status');
  return {};
};
