/**
 * What an OCPP handler receives: the application (db, config, bus), the charger (or gateway) the
 * connection belongs to (resolved at the handshake) and a logger bound to its identity.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { charger } from '../db/schema.js';
import type { TxCharger } from '../modules/transactions/service.js';

/** The connection's charger, stored as the ocpp-rpc session at the handshake. */
export type ChargerSession = TxCharger;

/** A gateway (local controller) connected with its own identity (requirements §12). */
export interface GatewaySession {
  id: number;
  serialNum: string;
  companyCode: string;
  stationId: number | null;
}

/** What the handshake resolves an identity to: one OCPP namespace for chargers and gateways. */
export type OcppSession = ({ kind: 'charger' } & ChargerSession) | ({ kind: 'gateway' } & GatewaySession);

export interface OcppContext {
  app: FastifyInstance;
  charger: ChargerSession;
  log: FastifyBaseLogger;
}

/** One OCPP action handler: translates the message, calls the domain, returns the .conf payload. */
export type OcppHandler<Req, Conf> = (ctx: OcppContext, params: Req) => Promise<Conf>;

/** What a gateway's OCPP handler receives. */
export interface GatewayContext {
  app: FastifyInstance;
  gateway: GatewaySession;
  log: FastifyBaseLogger;
}

/** One OCPP action handler of a gateway connection. */
export type GatewayHandler<Req, Conf> = (ctx: GatewayContext, params: Req) => Promise<Conf>;

/**
 * A connection's table of OCPP actions → handlers. Each handler has its own request type; the
 * table erases them (ocpp-rpc validated the payload against the action's schema).
 */
// biome-ignore lint/suspicious/noExplicitAny: payload types differ per action
export type ActionTable<Ctx> = Record<string, (ctx: Ctx, params: any) => Promise<unknown>>;

/** The bus notification for a change of `gateway` (online state, firmware, vendor / model). */
export function emitGateway(ctx: { app: FastifyInstance; gateway: GatewaySession }): void {
  ctx.app.bus.emit('gateway', { gatewayId: ctx.gateway.id, serialNum: ctx.gateway.serialNum, companyCode: ctx.gateway.companyCode });
}

/** The bus notification for a change of `charger`. */
export function emitCharger(ctx: OcppContext): void {
  ctx.app.bus.emit('charger', { chargerId: ctx.charger.id, serialNum: ctx.charger.serialNum, companyCode: ctx.charger.companyCode });
}

/**
 * The charger as it is now in the database (company and station may have been edited since the
 * socket opened); falls back to the session when the row is gone.
 */
export async function currentCharger(ctx: OcppContext): Promise<ChargerSession> {
  const [row] = await ctx.app.db
    .select({ companyCode: charger.companyCode, stationId: charger.stationId })
    .from(charger)
    .where(eq(charger.id, ctx.charger.id))
    .limit(1);
  return row ? { ...ctx.charger, companyCode: row.companyCode, stationId: row.stationId } : ctx.charger;
}
