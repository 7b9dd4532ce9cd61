/** Heartbeat: note that the charger is alive (`lastSeenAt`) and answer the server time. */
import { eq } from 'drizzle-orm';
import { charger } from '../../db/schema.js';
import type { OcppHandler } from '../context.js';
import type { HeartbeatConf, HeartbeatReq } from '../messages.js';

export const heartbeat: OcppHandler<HeartbeatReq, HeartbeatConf> = async (ctx) => {
  const now = new Date();
  await ctx.app.db.update(charger).set({ lastSeenAt: now }).where(eq(charger.id, ctx.charger.id));
  return { currentTime: now.toISOString() };
};
