/**
 * DiagnosticsStatusNotification: logged; for a charger, its newest diagnostics request takes the
 * status (server/modules/diagnostics/service.ts). The gateway table uses the logging handler alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import { onDiagnosticsStatus } from '../../modules/diagnostics/service.js';
import type { OcppHandler } from '../context.js';
import type { DiagnosticsStatusNotificationReq, EmptyConf } from '../messages.js';

export const diagnosticsStatusNotification = async (ctx: { log: FastifyBaseLogger }, p: DiagnosticsStatusNotificationReq): Promise<EmptyConf> => {
  ctx.log.info({ status: p.status }, 'diagnostics status');
  return {};
};

/** A charger's DiagnosticsStatusNotification: logged, then its request follows (a failure there is logged, the answer stays {}). */
export const chargerDiagnosticsStatus: OcppHandler<DiagnosticsStatusNotificationReq, EmptyConf> = async (ctx, p) => {
  ctx.log.info({ status: p.status }, 'diagnostics status');
  await onDiagnosticsStatus(ctx.app.db, ctx.charger.serialNum, p.status).catch((err: unknown) => ctx.log.error({ err }, 'diagnostics request update failed'));
  return {};
};
