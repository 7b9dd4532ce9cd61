/**
 * The action table of a connection: a charger gets ./handlers, a gateway ./gateway-handlers.ts.
 * Each handler runs after the connection's online write; a failure that is not already an OCPP
 * error is logged and answered CALLERROR InternalError (the charger retries transaction messages
 * after a CALLERROR; they are idempotent). An action missing from the table is answered
 * NotImplemented by ocpp-rpc.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Connections } from './connections.js';
import type { GatewayContext, OcppContext, OcppSession } from './context.js';
import { gatewayHandlers } from './gateway-handlers.js';
import { handlers } from './handlers/index.js';
import { createRPCError, RPCError, type RpcServerClient } from './rpc.js';

/** The session's actions bound to their context; the table erases the request types (ocpp-rpc validated them). */
export function actionsFor(app: FastifyInstance, session: OcppSession, log: FastifyBaseLogger): Record<string, (params: unknown) => Promise<unknown>> {
  const table: Record<string, (params: unknown) => Promise<unknown>> = {};
  if (session.kind === 'gateway') {
    const gctx: GatewayContext = { app, gateway: session, log };
    for (const [action, handler] of Object.entries(gatewayHandlers)) table[action] = (params) => handler(gctx, params);
  } else {
    const ctx: OcppContext = { app, charger: session, log };
    for (const [action, handler] of Object.entries(handlers)) table[action] = (params) => handler(ctx, params);
  }
  return table;
}

/** Registers the session's actions on `client`; each waits for `online` (the connect write). */
export function bindActions(app: FastifyInstance, client: RpcServerClient, session: OcppSession, log: FastifyBaseLogger, conns: Connections, online: Promise<void>): void {
  for (const [action, handler] of Object.entries(actionsFor(app, session, log))) {
    client.handle(action, async ({ params }) => {
      // A connection's messages see it online: the connect write lands first.
      await online;
      try {
        return (await conns.track(handler(params))) as Record<string, unknown>;
      } catch (err) {
        if (err instanceof RPCError) throw err;
        log.error({ err, action }, 'OCPP handler failed');
        throw createRPCError('InternalError', 'internal error', {});
      }
    });
  }
}
