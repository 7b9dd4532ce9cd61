/**
 * Heartbeat: note that the charger is alive (`lastSeenAt`, gathered in memory and written in bulk
 * by server/modules/charger-state/seen.ts: a heartbeat is not a row) and answer the server time.
 */
import { recordSeen } from '../../modules/charger-state/service.js';
import { seenWriterOf } from '../../modules/charger-state/seen.js';
import type { OcppHandler } from '../context.js';
import type { HeartbeatConf, HeartbeatReq } from '../messages.js';

export const heartbeat: OcppHandler<HeartbeatReq, HeartbeatConf> = async (ctx) => {
  const now = new Date();
  const seen = seenWriterOf(ctx.app);
  if (seen) seen.mark(ctx.charger.id, now);
  else await recordSeen(ctx.app.db, { kind: 'charger', id: ctx.charger.id }, now);
  return { currentTime: now.toISOString() };
};
