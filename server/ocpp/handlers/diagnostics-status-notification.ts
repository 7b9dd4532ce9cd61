/**
 * DiagnosticsStatusNotification: logged; the diagnostics work tracks uploads from here. Used by
 * charger and gateway connections alike (it needs only the connection's logger).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DiagnosticsStatusNotificationReq, EmptyConf } from '../messages.js';

export const diagnosticsStatusNotification = async (ctx: { log: FastifyBaseLogger }, p: DiagnosticsStatusNotificationReq): Promise<EmptyConf> => {
  ctx.log.info({ status: p.status }, 'diagnostics status');
  return {};
};
