/**
 * The action table of a connection: a charger gets ./handlers, a gateway ./gateway-handlers.ts.
 * Each CALL passes the connection's inbound limit (./inbound-limit.ts: beyond it, CALLERROR
 * GenericError "rate limited"), has its strings made storable (./storable.ts: NUL and lone
 * surrogates become U+FFFD) and runs after the connection's online write; a failure that is not
 * already an OCPP error is logged and answered CALLERROR InternalError (the charger retries
 * transaction messages after a CALLERROR; they are idempotent). An action missing from the table
 * is answered NotImplemented by ocpp-rpc.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Connections } from './connections.js';
import type { DbGate } from './db-gate.js';
import type { GatewayContext, OcppContext, OcppSession } from './context.js';
import { gatewayHandlers } from './gateway-handlers.js';
import { handlers } from './handlers/index.js';
import { clipLabel } from './charger-log.js';
import { InboundLimiter, InboundLimitExceeded } from './inbound-limit.js';
import { storable } from './storable.js';
import { createRPCError, RPCError, type RpcServerClient } from './rpc.js';
import { seenWriterOf } from '../modules/charger-state/seen.js';

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

/**
 * Actions whose writes go through the group commit (server/modules/transactions/group-commit.ts):
 * it spends one connection on all of them, so they take no slot of the gate (a slot each would
 * cap a group at the gate's size).
 */
const GROUP_COMMITTED = new Set(['MeterValues']);

/**
 * Whether `action` takes a slot of the gate: not a group-committed one, nor a charger's Heartbeat
 * while last-seen times are gathered in memory (./handlers/heartbeat.ts: it then touches no
 * database and must not wait behind messages that do, e.g. Boots of a storm or Stops on a slow
 * commit). A gateway's Heartbeat writes its row and keeps its slot.
 */
function gated(app: FastifyInstance, session: OcppSession, action: string): boolean {
  if (GROUP_COMMITTED.has(action)) return false;
  return !(session.kind === 'charger' && action === 'Heartbeat' && seenWriterOf(app));
}

/**
 * Registers the session's actions on `client`; each passes `limiter` (the connection's inbound
 * limit, decided when the frame arrived: ./frame-recorder.ts), waits for `online` (the connect
 * write), then for a slot of `gate` (./db-gate.ts: the OCPP side's share of the database) while it
 * runs (group-committed actions and in-memory Heartbeats excepted).
 */
export function bindActions(
  app: FastifyInstance,
  client: RpcServerClient,
  session: OcppSession,
  log: FastifyBaseLogger,
  conns: Connections,
  online: Promise<void>,
  gate?: DbGate,
  limiter: InboundLimiter = new InboundLimiter(),
): void {
  let limitedSince = 0;
  // Metrics (server/modules/metrics/action-stats.ts): a slot per action looked up here, once per
  // connection; per message two clock reads and typed-array increments, nothing allocated.
  const stats = app.metrics?.ocpp ?? null;
  for (const [action, handler] of Object.entries(actionsFor(app, session, log))) {
    const slot = stats ? stats.slot(action) : 0;
    client.handle(action, async ({ params, messageId }) => {
      const t0 = stats ? performance.now() : 0;
      try {
        const answer = await limiter.runCall(clipLabel(messageId ?? ''), async () => {
          // A connection's messages see it online: the connect write lands first.
          await online;
          const run = () => handler(storable(params));
          return (await conns.track(gate && gated(app, session, action) ? gate.run(run) : run())) as Record<string, unknown>;
        });
        stats?.record(slot, (performance.now() - t0) / 1000, 0);
        return answer;
      } catch (err) {
        stats?.record(slot, (performance.now() - t0) / 1000, err instanceof InboundLimitExceeded ? 2 : 1);
        if (err instanceof RPCError) throw err;
        if (err instanceof InboundLimitExceeded) {
          if (Date.now() - limitedSince > 10_000) {
            limitedSince = Date.now();
            log.warn({ action }, 'inbound OCPP messages over the limit: answered GenericError "rate limited"');
          }
          throw createRPCError('GenericError', 'rate limited', {});
        }
        log.error({ err, action }, 'OCPP handler failed');
        throw createRPCError('InternalError', 'internal error', {});
      }
    });
  }
}
