/** Heartbeat: note that the charger is alive (`lastSeenAt`) and answer the server time. */
import { recordSeen } from '../../modules/charger-state/service.js';
import type { OcppHandler } from '../context.js';
import type { HeartbeatConf, HeartbeatReq } from '../messages.js';

export const heartbeat: OcppHandler<HeartbeatReq, HeartbeatConf> = async (ctx) => {
  const now = new Date();
  await recordSeen(ctx.app.db, { kind: 'charger', id: ctx.charger.id }, now);
  return { currentTime: now.toISOString() };
};
