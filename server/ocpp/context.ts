/**
 * What an OCPP handler receives: the application (db, config, bus), the charger the connection
 * belongs to (resolved at the handshake) and a logger bound to its chargeBoxId.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { charger } from '../db/schema.js';
import type { TxCharger } from '../modules/transactions/service.js';

/** The connection's charger, stored as the ocpp-rpc session at the handshake. */
export type ChargerSession = TxCharger;

export interface OcppContext {
  app: FastifyInstance;
  charger: ChargerSession;
  log: FastifyBaseLogger;
}

/** One OCPP action handler: translates the message, calls the domain, returns the .conf payload. */
export type OcppHandler<Req, Conf> = (ctx: OcppContext, params: Req) => Promise<Conf>;

/** The bus notification for a change of `charger`. */
export function emitCharger(ctx: OcppContext): void {
  ctx.app.bus.emit('charger', { chargerId: ctx.charger.id, serialNum: ctx.charger.serialNum, companyCode: ctx.charger.companyCode });
}

/**
 * The charger as it is now in the database (company and station may have been edited since the
 * socket opened); falls back to the session when the row is gone.
 */
export async function currentCharger(ctx: OcppContext): Promise<ChargerSession> {
  const [row] = await ctx.app.db.select({ companyCode: charger.companyCode, stationId: charger.stationId })
    .from(charger).where(eq(charger.id, ctx.charger.id)).limit(1);
  return row ? { ...ctx.charger, companyCode: row.companyCode, stationId: row.stationId } : ctx.charger;
}
