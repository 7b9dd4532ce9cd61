/**
 * The OCPP 1.6J central system (docs/ocpp.md): an ocpp-rpc RPCServer on the HTTP server's
 * `upgrade` event for `/ocpp/{chargeBoxId}` only, in strict mode (every frame in and out is
 * validated against the official OCPP 1.6 schemas), with a 64 KB payload limit, a finite
 * bad-message limit, WebSocket pings every `config.pingInterval` s (a dead socket is dropped after
 * two missed pongs) and a command timeout of `config.commandTimeoutMs`.
 *
 * This module wires the parts, each in its own module:
 * - ./upgrade.ts — the `upgrade` event; ./admission.ts + ./handshake.ts — who gets a socket;
 * - ./duplicates.ts — the duplicate-connection policy (an alive socket is never displaced);
 * - ./presence.ts — online flags and the "offline" custom events;
 * - ./action-tables.ts — a charger's (./handlers) or a gateway's (./gateway-handlers.ts) actions;
 * - ./commands.ts — commands to chargers and their catalogue codes (718 / 719 / 720);
 * - ./cluster-rpc.ts — several nodes (`REDIS_URL`): commands and probes for another node's sockets;
 * - ./frame-recorder.ts + ./charger-log.ts — every frame in the charger log, within each
 *   identity's byte budget (./log-budget.ts); ./shutdown.ts — closing.
 *
 * The instance is also decorated on the app as `app.ocpp` so that routes can send commands.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { clientAddressFor } from '../http/client-address.js';
import { SeenWriter, useSeenWriter } from '../modules/charger-state/seen.js';
import { bindActions } from './action-tables.js';
import { admission, OCPP_PROTOCOL } from './admission.js';
import { ChargerLogWriter, clipLabel } from './charger-log.js';
import { FrameRecorder, useLogBudget } from './frame-recorder.js';
import { InboundLimiter } from './inbound-limit.js';
import { LogBudget } from './log-budget.js';
import { QuietWarn, rpcErrorFields } from './quiet-warn.js';
import { serveClusterRequests } from './cluster-rpc.js';
import { localCall, remoteCall, type CallOptions } from './commands.js';
import { Connections } from './connections.js';
import type { OcppSession } from './context.js';
import { DbGate } from './db-gate.js';
import { checkFdLimit, isFdExhaustion } from './fd-limit.js';
import { DUPLICATE_PROBE_MAX_MS, DuplicatePolicy } from './duplicates.js';
import { FailureLimiter, IdentityLookup, recordAttempt, SharedFailureLimiter } from './handshake.js';
import { Presence } from './presence.js';
import { AdmissionPacer } from './admission-pacer.js';
import { RPCServer, type RpcServerClient } from './rpc.js';
import { closeAll } from './shutdown.js';
import { setWriteLanes } from '../modules/transactions/group-commit.js';
import { upgradeListener } from './upgrade.js';
import { channelOf as channelOfFn } from './channel.js';
import type { Server as HttpServer } from 'node:http';
import { handlers } from './handlers/index.js';
import { gatewayHandlers } from './gateway-handlers.js';
import { commandOutcomeOf } from '../modules/metrics/node-metrics.js';

export { OCPP_PROTOCOL } from './admission.js';
export { DUPLICATE_PROBE_MAX_MS } from './duplicates.js';
export type { CallOptions } from './commands.js';

/** WebSocket payload limit (bytes). */
export const MAX_PAYLOAD = 64 * 1024;
/** Consecutive malformed messages tolerated before the socket is closed. */
export const MAX_BAD_MESSAGES = 10;

export interface CentralSystem {
  /**
   * Sends an OCPP command to a connected charger and returns its answer (the .conf payload).
   * @throws AppError 720 when the charger is not connected here, 718 when it does not answer in
   *   time, 719 when it answers CALLERROR or a refusing status (data: the answer or the error code).
   */
  call<T = Record<string, unknown>>(serialNum: string, action: string, payload: Record<string, unknown>, opts?: CallOptions): Promise<T>;
  /** True when the charger has an open socket on this node (not another node's). */
  isConnected(serialNum: string): boolean;
  /** chargeBoxIds with an open socket on this node. */
  connected(): string[];
  /**
   * The server is about to stop (the simulation ends first): sockets that close from now on are
   * not "offline" events. Sessions still run to their StopTransaction.
   */
  stopping(): void;
  /** Closes every socket (1001), stops accepting, and flushes the charger log. */
  close(): Promise<void>;
  /**
   * Serves OCPP handshakes on one more server too (the TLS listener, ../http/tls.ts: wss://,
   * security profiles 2 and 3) with the same upgrade handling; detached on close().
   */
  attach(server: HttpServer): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The OCPP central system (commands to chargers). */
    ocpp: CentralSystem;
  }
}

/** Starts the central system on `app.server` (before or after listen). */
export function startCentralSystem(app: FastifyInstance): CentralSystem {
  const { db, config, cluster } = app;
  const log: FastifyBaseLogger = app.log.child({ module: 'ocpp' });
  const writer = new ChargerLogWriter(db, log);
  const budget = new LogBudget(config.ocppLogBudgetBytes);
  useLogBudget(app, budget);
  const limiter = cluster ? new SharedFailureLimiter(cluster.redis, cluster.prefix) : new FailureLimiter();
  const conns = new Connections();
  const presence = new Presence(app, conns, log);
  const gate = new DbGate(config.ocppDbConcurrency);
  setWriteLanes(db, config.ocppWriteLanes);
  const seen = new SeenWriter(db, log, config.seenFlushMs);
  useSeenWriter(app, seen);
  const duplicates = new DuplicatePolicy(conns, cluster, Math.min(DUPLICATE_PROBE_MAX_MS, config.pingInterval * 1000));
  let closed = false;

  const server = new RPCServer({
    protocols: [OCPP_PROTOCOL],
    strictMode: true,
    wssOptions: { maxPayload: MAX_PAYLOAD },
    maxBadMessages: MAX_BAD_MESSAGES,
    pingIntervalMs: config.pingInterval * 1000,
    callTimeoutMs: config.commandTimeoutMs,
    respondWithDetailedErrors: false,
  });
  server.on('error', (err: unknown) => log.warn({ err }, 'OCPP server error'));
  const clientAddress = clientAddressFor(config.trustProxy);
  const identities = new IdentityLookup(db, config.identityCacheMs);
  const pacer = new AdmissionPacer(config.ocppAdmissionWarmup);
  const channelOf = channelOfFn(config.trustProxy);
  server.auth(admission({ db, conns, limiter, duplicates, ready: presence.ready, clientAddress, log, identities, pacer, channelOf }));

  server.on('client', (client: RpcServerClient) => {
    const session = client.session as OcppSession;
    const sn = session.serialNum;
    const clog = log.child(session.kind === 'gateway' ? { gatewaySn: sn } : { chargeBoxId: sn });
    const previous = conns.clients.get(sn);
    if (previous && previous !== client && previous.state === 1) {
      // Two handshakes for one identity passed the checks at the same moment: the first one wins.
      clog.warn('simultaneous duplicate OCPP connection closed');
      conns.track(
        recordAttempt(db, { identity: sn, companyCode: session.companyCode, remoteAddress: clientAddress(client.handshake.request), reason: 'DUPLICATE' }),
      );
      void client.close({ code: 1008, reason: 'duplicate connection' }).catch(() => undefined);
      return;
    }
    conns.clients.set(sn, client);
    clog.info({ remoteAddress: clientAddress(client.handshake.request) }, `${session.kind} connected`);

    const inbound = new InboundLimiter();
    const warn = new QuietWarn(clog);
    const recorder = new FrameRecorder({ identity: sn, companyCode: session.companyCode, writer, budget, inbound, warn });
    client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      recorder.record(message, outbound);
      // The first answer (CALLRESULT "[3", CALLERROR "[4") ends the connection's warm-up.
      if (outbound && (message.startsWith('[3') || message.startsWith('[4'))) pacer.settle(session);
    });
    // Never the frame or the error's details (they carry the payload), at most every 10 s per kind.
    client.on('badMessage', ({ error }: { error: unknown }) => warn.warn('badMessage', rpcErrorFields(error), 'malformed or unsolicited OCPP message'));
    client.on('strictValidationFailure', ({ method, outbound, isCall, error }: { method: string; outbound: boolean; isCall: boolean; error: unknown }) =>
      warn.warn('schema', { method: clipLabel(String(method)), outbound, isCall, ...rpcErrorFields(error) }, 'OCPP schema violation'),
    );

    bindActions(app, client, session, clog, conns, presence.connected(session, clog), gate, inbound);

    client.once('close', ({ code, reason }: { code?: number; reason?: string }) => {
      recorder.reportDropped(true);
      pacer.settle(session);
      clog.info({ code, reason }, `${session.kind} disconnected`);
      presence.disconnected(client, session, clog, code);
      void writer.flush();
    });
  });

  // A charger or gateway deactivated, or given a new password, in the console loses its socket
  // at once (1008: policy); the bus carries the notice to the node that holds it.
  const offDeactivated = app.bus.on('identityDeactivated', ({ serialNum, reason = 'deactivated' }) => {
    identities.forget(serialNum);
    const client = conns.clients.get(serialNum);
    if (!client) return;
    log.info({ identity: serialNum, reason }, 'changed in the console: closing its socket');
    conns.closedOnPurpose.add(client);
    void client.close({ code: 1008, reason }).catch(() => undefined);
  });

  // Metrics (server/modules/metrics): the tables' actions label the message counts; sockets and the
  // database queue are read at scrape time only.
  app.metrics?.useOcpp([...Object.keys(handlers), ...Object.keys(gatewayHandlers)], {
    connections: () => {
      let gateways = 0;
      for (const c of conns.clients.values()) if ((c.session as OcppSession).kind === 'gateway') gateways++;
      return { chargers: conns.clients.size - gateways, gateways };
    },
    queued: () => gate.queued,
  });
  // A key rotation changed the passwords that open this identity's socket: the next handshake reads them.
  const offCredentials = app.bus.on('identityCredentials', ({ serialNum }) => identities.forget(serialNum));

  const capacity = checkFdLimit(config.ocppMaxChargers, log);
  const onUpgrade = upgradeListener(server, { db, conns, limiter, clientAddress, log, capacity });
  app.server.on('upgrade', onUpgrade);
  // A connection the kernel could not accept for want of descriptors: logged and counted, never fatal.
  let acceptFailures = 0;
  let acceptWarnedAt = 0;
  const onServerError = (err: unknown) => {
    if (!isFdExhaustion(err)) return log.error({ err }, 'HTTP server error');
    acceptFailures++;
    if (Date.now() - acceptWarnedAt > 10_000) {
      log.warn({ err, refused: acceptFailures, open: conns.clients.size }, 'connection refused: out of file descriptors (LimitNOFILE, docs/deployment.md)');
      acceptWarnedAt = Date.now();
      acceptFailures = 0;
    }
    void conns.track(recordAttempt(db, { identity: '*', companyCode: null, remoteAddress: undefined, reason: 'FD_LIMIT' })).catch(() => undefined);
  };
  app.server.on('error', onServerError);

  if (cluster) serveClusterRequests(cluster, conns, duplicates, config.commandTimeoutMs, log);

  const attached = new Set<HttpServer>();
  const central: CentralSystem = {
    attach(other) {
      if (closed || attached.has(other)) return;
      attached.add(other);
      other.on('upgrade', onUpgrade);
    },
    async call<T>(serialNum: string, action: string, payload: Record<string, unknown>, opts: CallOptions = {}): Promise<T> {
      const timeoutMs = opts.timeoutMs ?? config.commandTimeoutMs;
      try {
        const answer =
          conns.open(serialNum) || !cluster
            ? await localCall<T>(conns, serialNum, action, payload, timeoutMs)
            : await remoteCall<T>(cluster, serialNum, action, payload, timeoutMs);
        app.metrics?.command(action, 'accepted');
        return answer;
      } catch (err) {
        app.metrics?.command(action, commandOutcomeOf(err));
        throw err;
      }
    },
    stopping() {
      conns.quiet = true;
    },
    isConnected: (serialNum) => !!conns.open(serialNum),
    connected: () => conns.connected(),
    async close() {
      if (closed) return;
      closed = true;
      conns.quiet = true;
      app.server.off('upgrade', onUpgrade);
      for (const other of attached) other.off('upgrade', onUpgrade);
      app.server.off('error', onServerError);
      offDeactivated();
      offCredentials();
      presence.stop();
      await closeAll(server, conns, writer);
      await presence.close();
      await seen.close();
    },
  };
  app.decorate('ocpp', central);
  return central;
}
