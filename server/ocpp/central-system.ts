/**
 * The OCPP 1.6J central system (DESIGN.md §4, §6): an ocpp-rpc RPCServer on the HTTP server's
 * `upgrade` event for `/ocpp/{chargeBoxId}` only, in strict mode (every frame in and out is
 * validated against the official OCPP 1.6 schemas), with a 64 KB payload limit, a finite
 * bad-message limit, WebSocket pings every `config.pingInterval` s (a dead socket is dropped after
 * two missed pongs) and a command timeout of `config.commandTimeoutMs`.
 *
 * Duplicate connections: an authenticated newcomer for a chargeBoxId that already has a socket
 * triggers a ping of the old socket. If the old socket answers, the newcomer is refused (409,
 * connection_attempt DUPLICATE); if it does not answer within the probe time, it is terminated and
 * the newcomer takes its place (connection_attempt REPLACED_DEAD_CONNECTION). An authenticated
 * socket is therefore never displaced while it is alive.
 *
 * Identities: a charger or a gateway (local controller, DESIGN.md §4) connects with its own
 * identity; the handshake tells which (./handshake.ts), and the connection gets the charger's
 * action table (./handlers) or the gateway's (./gateway-handlers.ts).
 *
 * Online state: `charger.online` / `gateway.online` is true while a socket is open; every charger
 * and gateway is set offline at start (no socket survives a restart). A socket that closes without
 * the server closing it on purpose is the custom event "charger offline" / "gateway offline"
 * (./offline-events.ts: a notification, recovered when the device connects again).
 *
 * Several nodes (`REDIS_URL`, server/cluster): the node that accepts a socket claims its identity
 * in Redis (`owner:<identity>`); a command for an identity held by another node is sent to that
 * node and answered from there (718 when it does not answer in time); a newcomer whose identity is
 * held by another node makes that node ping its socket — alive → 409 DUPLICATE, dead → closed and
 * handed over, the same policy as on one node. At start and every owner-key lifetime, a node sets
 * offline only the chargers and gateways that no live node holds.
 *
 * The instance is also decorated on the app as `app.ocpp` so that routes can send commands.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { charger, gateway } from '../db/schema.js';
import type { ErrorCode } from '../../domain/errors.js';
import { NoAnswer } from '../cluster/nodes.js';
import { AppError } from '../http/envelope.js';
import { ChargerLogWriter, FrameLabeller } from './charger-log.js';
import { emitGateway, type GatewayContext, type OcppContext, type OcppSession } from './context.js';
import { gatewayHandlers } from './gateway-handlers.js';
import { recordBackOnline, recordOffline } from './offline-events.js';
import { handlers } from './handlers/index.js';
import { checkHandshake, FailureLimiter, recordAttempt, SharedFailureLimiter } from './handshake.js';
import { createRPCError, RPCError, RPCServer, TimeoutError, type RpcServerClient } from './rpc.js';

/** The OCPP subprotocol served. */
export const OCPP_PROTOCOL = 'ocpp1.6';
/** WebSocket payload limit (bytes). */
export const MAX_PAYLOAD = 64 * 1024;
/** Consecutive malformed messages tolerated before the socket is closed. */
export const MAX_BAD_MESSAGES = 10;
/** Longest wait for the old socket's pong when a duplicate connects (ms). */
export const DUPLICATE_PROBE_MAX_MS = 10_000;

/** Answers a charger may give that mean "refused" (→ 719). */
const REFUSED = new Set(['Rejected', 'NotSupported', 'NotImplemented', 'UnknownVendorId', 'UnknownMessageId', 'UnlockFailed', 'Failed']);

export interface CallOptions {
  /** Wait at most this long for the answer (ms); default `config.commandTimeoutMs`. */
  timeoutMs?: number;
}

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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The OCPP central system (commands to chargers). */
    ocpp: CentralSystem;
  }
}

const OCPP_PATH = /^\/ocpp\/([^/]+)$/;

/** Starts the central system on `app.server` (before or after listen). */
export function startCentralSystem(app: FastifyInstance): CentralSystem {
  const { db, config } = app;
  const log: FastifyBaseLogger = app.log.child({ module: 'ocpp' });
  const writer = new ChargerLogWriter(db, log);
  const limiter = app.cluster ? new SharedFailureLimiter(app.cluster.redis, app.cluster.prefix) : new FailureLimiter();
  const clients = new Map<string, RpcServerClient>();
  const handshaking = new Set<string>();
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  };

  const cluster = app.cluster;
  const probeMs = Math.min(DUPLICATE_PROBE_MAX_MS, config.pingInterval * 1000);

  /**
   * No socket survives a restart: every charger and gateway starts offline. With several nodes,
   * only those that no live node holds (no owner key) and that have no socket here.
   */
  async function resetOnlineFlags(): Promise<void> {
    for (const table of [charger, gateway]) {
      if (!cluster) {
        await db.update(table).set({ online: false }).where(eq(table.online, true));
        continue;
      }
      const rows = await db.select({ id: table.id, serialNum: table.serialNum }).from(table).where(eq(table.online, true));
      const owners = await cluster.ownersOf(rows.map((r) => r.serialNum));
      const orphans = rows.filter((r, i) => !owners[i] && !clients.has(r.serialNum)).map((r) => r.id);
      if (orphans.length) await db.update(table).set({ online: false }).where(and(inArray(table.id, orphans), eq(table.online, true)));
    }
  }
  const ready = track(resetOnlineFlags()).catch((err) => log.error({ err }, 'could not reset online flags'));
  // A node that died leaves its chargers online in the database until its owner keys expire.
  const sweeper = cluster ? setInterval(() => void track(resetOnlineFlags()).catch((err) => log.warn({ err }, 'online sweep failed')), 60_000) : undefined;
  sweeper?.unref();
  /** Sockets closed because another node took their identity over: they leave the flags alone. */
  const handedOver = new WeakSet<RpcServerClient>();
  /** Sockets the server closed on purpose (deactivation): no offline event. */
  const closedOnPurpose = new WeakSet<RpcServerClient>();
  let closed = false;
  /** Set by stopping() / close(): disconnects are the server's doing, not offline events. */
  let quiet = false;

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

  /**
   * Writes a charger's or gateway's online flag. Writes for one identity are chained, so they land
   * in the order the sockets opened and closed (a replaced socket's "offline" never overtakes its
   * successor's "online", whatever the database pool does). Never rejects.
   */
  const onlineWrites = new Map<string, Promise<void>>();
  function setOnline(session: OcppSession, online: boolean, clog: FastifyBaseLogger): Promise<void> {
    const key = session.serialNum;
    const previous = onlineWrites.get(key) ?? Promise.resolve();
    const values = online ? { online, lastSeenAt: new Date() } : { online };
    const next = previous.then(async () => {
      if (session.kind === 'gateway') {
        await db.update(gateway).set(values).where(eq(gateway.id, session.id));
        emitGateway({ app, gateway: session });
      } else {
        await db.update(charger).set(values).where(eq(charger.id, session.id));
        app.bus.emit('charger', { chargerId: session.id, serialNum: session.serialNum, companyCode: session.companyCode });
      }
    }).catch((err) => clog.error({ err, online }, 'could not write the online flag'));
    onlineWrites.set(key, next);
    void next.then(() => { if (onlineWrites.get(key) === next) onlineWrites.delete(key); });
    return track(next);
  }

  /** Pings `client`'s socket; true when a pong arrives within `ms`. */
  function probe(client: RpcServerClient, ms: number): Promise<boolean> {
    // ocpp-rpc keeps the socket in a protected field; the ws API is the only way to ping on demand.
    const ws = (client as unknown as { _ws?: WebSocket })._ws;
    if (!ws || ws.readyState !== 1) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (alive: boolean) => { clearTimeout(timer); ws.off('pong', onPong); resolve(alive); };
      const onPong = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      ws.on('pong', onPong);
      try { ws.ping(); } catch { done(false); }
    });
  }

  /**
   * The socket that already holds `identity`, here or (with several nodes) on another node, and
   * whether it answers a ping; null when none does. A dead socket here is closed at once (one on
   * another node is closed by that node). A newcomer arriving while another one probes is refused.
   */
  async function probeHolder(identity: string): Promise<{ alive: boolean; node?: string } | null> {
    if (handshaking.has(identity)) return { alive: true };
    const existing = clients.get(identity);
    if (existing) {
      handshaking.add(identity);
      let alive: boolean;
      try {
        alive = await probe(existing, probeMs);
      } finally {
        handshaking.delete(identity);
      }
      if (!alive) {
        if (clients.get(identity) === existing) clients.delete(identity);
        await existing.close({ force: true }).catch(() => undefined);
      }
      return { alive };
    }
    if (!cluster) return null;
    const owner = await cluster.ownerOf(identity).catch(() => null);
    if (!owner || owner === cluster.nodeId) return null;
    const answer = await cluster.request(owner, { kind: 'probe', identity }, probeMs + 2000).catch(() => ({ alive: false }));
    return { alive: answer.alive === true, node: owner };
  }

  server.auth(async (accept, reject, handshake) => {
    const identity = handshake.identity;
    // The server sits behind a trusted proxy when one forwards (see docs/deployment.md).
    const forwarded = handshake.headers['x-forwarded-for'];
    const remoteAddress = (typeof forwarded === 'string' && forwarded.split(',')[0].trim()) || handshake.remoteAddress;
    try {
      await ready;
      const verdict = await checkHandshake(db, limiter, handshake);
      if (!verdict.ok) {
        await limiter.record(identity);
        log.warn({ identity, remoteAddress, reason: verdict.reason }, 'OCPP connection refused');
        await track(recordAttempt(db, { identity, companyCode: verdict.companyCode, remoteAddress, reason: verdict.reason }));
        return reject(verdict.status, verdict.reason);
      }
      const session: OcppSession = verdict.session;
      const holder = await probeHolder(identity);
      if (holder) {
        const where = holder.node ? { node: holder.node } : {};
        if (holder.alive) {
          log.warn({ identity, remoteAddress, ...where }, 'duplicate OCPP connection refused: the current socket is alive');
          await track(recordAttempt(db, { identity, companyCode: session.companyCode, remoteAddress, reason: 'DUPLICATE' }));
          return reject(409, 'DUPLICATE');
        }
        log.warn({ identity, remoteAddress, ...where }, 'current OCPP socket did not answer a ping: replaced by the new connection');
        await track(recordAttempt(db, { identity, companyCode: session.companyCode, remoteAddress, reason: 'REPLACED_DEAD_CONNECTION' }));
      }
      accept(session, OCPP_PROTOCOL);
    } catch (err) {
      log.error({ err, identity }, 'OCPP handshake failed');
      reject(500, 'INTERNAL');
    }
  });

  server.on('client', (client: RpcServerClient) => {
    const session = client.session as OcppSession;
    const sn = session.serialNum;
    const clog = log.child(session.kind === 'gateway' ? { gatewaySn: sn } : { chargeBoxId: sn });
    const labeller = new FrameLabeller();
    const previous = clients.get(sn);
    if (previous && previous !== client && previous.state === 1) {
      // Two handshakes for one identity passed the checks at the same moment: the first one wins.
      clog.warn('simultaneous duplicate OCPP connection closed');
      track(recordAttempt(db, { identity: sn, companyCode: session.companyCode, remoteAddress: client.handshake.remoteAddress, reason: 'DUPLICATE' }));
      void client.close({ code: 1008, reason: 'duplicate connection' }).catch(() => undefined);
      return;
    }
    clients.set(sn, client);
    clog.info({ remoteAddress: client.handshake.remoteAddress }, `${session.kind} connected`);

    client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      writer.push({ chargerSn: sn, companyCode: session.companyCode, ...labeller.describe(message, outbound) });
    });
    client.on('badMessage', ({ error }: { error: unknown }) => clog.warn({ err: error }, 'malformed OCPP message'));
    client.on('strictValidationFailure', ({ method, outbound, isCall, error }: { method: string; outbound: boolean; isCall: boolean; error: unknown }) =>
      clog.warn({ method, outbound, isCall, err: error }, 'OCPP schema violation'));

    // Each handler has its own context; the table erases the request types (ocpp-rpc validated them).
    const table: Record<string, (params: unknown) => Promise<unknown>> = {};
    if (session.kind === 'gateway') {
      const gctx: GatewayContext = { app, gateway: session, log: clog };
      for (const [action, handler] of Object.entries(gatewayHandlers)) table[action] = (params) => handler(gctx, params);
    } else {
      const ctx: OcppContext = { app, charger: session, log: clog };
      for (const [action, handler] of Object.entries(handlers)) table[action] = (params) => handler(ctx, params);
    }
    for (const [action, handler] of Object.entries(table)) {
      client.handle(action, async ({ params }) => {
        // A connection's messages see it online: the connect write lands first.
        await connectedWrite;
        try {
          return (await track(handler(params))) as Record<string, unknown>;
        } catch (err) {
          if (err instanceof RPCError) throw err;
          clog.error({ err, action }, 'OCPP handler failed');
          // The charger retries transaction messages after a CALLERROR; they are idempotent.
          throw createRPCError('InternalError', 'internal error', {});
        }
      });
    }

    // With several nodes the identity is claimed before it shows online (the sweep reads both).
    const connectedWrite = (cluster
      ? track(cluster.claim(sn)).catch((err: Error) => clog.warn({ err: err.message }, 'identity not claimed in Redis'))
      : Promise.resolve()
    ).then(() => setOnline(session, true, clog));
    void connectedWrite.then(() => track(recordBackOnline(db, session))).catch((err: unknown) => clog.warn({ err }, 'offline events not recovered'));

    client.once('close', ({ code, reason }: { code?: number; reason?: string }) => {
      clog.info({ code, reason }, `${session.kind} disconnected`);
      const current = clients.get(sn);
      if (current && current !== client) return; // replaced: the new socket owns the online flag
      if (current === client) clients.delete(sn);
      if (handedOver.has(client)) return; // another node holds the identity now
      if (cluster) void track(cluster.release(sn)).catch((err: Error) => clog.warn({ err: err.message }, 'identity not released in Redis'));
      if (!quiet && !closedOnPurpose.has(client)) {
        clog.warn({ event: session.kind === 'gateway' ? 'GATEWAY_OFFLINE' : 'CHARGER_OFFLINE', companyCode: session.companyCode, code }, `${session.kind} offline`);
        void track(recordOffline(db, session)).catch((err: unknown) => clog.warn({ err }, 'offline event not stored'));
      }
      void setOnline(session, false, clog);
      void writer.flush();
    });
  });

  // A charger or gateway deactivated in the console loses its socket at once (1008: policy).
  const offDeactivated = app.bus.on('identityDeactivated', ({ serialNum }) => {
    const client = clients.get(serialNum);
    if (!client) return;
    log.info({ identity: serialNum }, 'deactivated in the console: closing its socket');
    closedOnPurpose.add(client);
    void client.close({ code: 1008, reason: 'deactivated' }).catch(() => undefined);
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!OCPP_PATH.test(path)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // ocpp-rpc types the socket as net.Socket; an HTTP server's upgrade socket is one.
    void server.handleUpgrade(req, socket as import('node:net').Socket, head);
  };
  app.server.on('upgrade', onUpgrade);

  /** A command to a socket of this node (see {@link CentralSystem.call} for the codes). */
  async function localCall<T>(serialNum: string, action: string, payload: Record<string, unknown>, opts: CallOptions): Promise<T> {
    const client = clients.get(serialNum);
    if (!client || client.state !== 1 /* OPEN */) throw new AppError(720);
    let answer: unknown;
    try {
      answer = await client.call(action, payload, { callTimeoutMs: opts.timeoutMs ?? config.commandTimeoutMs });
    } catch (err) {
      if (err instanceof TimeoutError) throw new AppError(718);
      if (err instanceof RPCError) throw new AppError(719, undefined, { rpcErrorCode: err.rpcErrorCode });
      // The socket closed while the command was pending, or the client could not send it.
      throw new AppError(client.state === 1 ? 719 : 720);
    }
    const status = (answer as { status?: unknown } | null)?.status;
    if (typeof status === 'string' && REFUSED.has(status)) throw new AppError(719, undefined, answer);
    return answer as T;
  }

  // Requests from other nodes: commands for our sockets, and pings before a takeover.
  cluster?.serve(async (body) => {
    const identity = String(body.identity ?? '');
    if (body.kind === 'probe') {
      const client = clients.get(identity);
      if (!client) return { alive: false };
      const alive = await probe(client, probeMs);
      if (!alive) {
        log.warn({ identity }, 'socket did not answer a ping: handed over to another node');
        handedOver.add(client);
        if (clients.get(identity) === client) clients.delete(identity);
        await client.close({ force: true }).catch(() => undefined);
      }
      return { alive };
    }
    if (body.kind === 'call') {
      try {
        const answer = await localCall<unknown>(identity, String(body.action), (body.payload ?? {}) as Record<string, unknown>, { timeoutMs: Number(body.timeoutMs) || undefined });
        return { ok: true, answer };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, code: err.code, data: err.data ?? null };
        throw err;
      }
    }
    return { error: 'unknown request' };
  });

  const central: CentralSystem = {
    async call<T>(serialNum: string, action: string, payload: Record<string, unknown>, opts: CallOptions = {}): Promise<T> {
      if (clients.get(serialNum)?.state === 1 /* OPEN */ || !cluster) return localCall<T>(serialNum, action, payload, opts);
      const owner = await cluster.ownerOf(serialNum).catch(() => null);
      if (!owner || owner === cluster.nodeId) throw new AppError(720);
      const timeoutMs = opts.timeoutMs ?? config.commandTimeoutMs;
      let answer: Record<string, unknown>;
      try {
        answer = await cluster.request(owner, { kind: 'call', identity: serialNum, action, payload, timeoutMs }, timeoutMs + 5000);
      } catch (err) {
        throw new AppError(err instanceof NoAnswer ? 718 : 720);
      }
      if (answer.ok === true) return answer.answer as T;
      if (typeof answer.code === 'number') throw new AppError(answer.code as ErrorCode, undefined, answer.data ?? undefined);
      throw new AppError(720);
    },
    stopping() {
      quiet = true;
    },
    isConnected: (serialNum) => clients.get(serialNum)?.state === 1,
    connected: () => [...clients.entries()].filter(([, c]) => c.state === 1).map(([sn]) => sn),
    async close() {
      if (closed) return;
      closed = true;
      quiet = true;
      app.server.off('upgrade', onUpgrade);
      offDeactivated();
      if (sweeper) clearInterval(sweeper);
      await Promise.all([...clients.values()].map(async (c) => {
        const graceful = c.close({ code: 1001, reason: 'server shutting down' });
        const timeout = new Promise((r) => setTimeout(r, 2000).unref());
        await Promise.race([graceful, timeout]);
        if (c.state !== 3 /* CLOSED */) await c.close({ force: true }).catch(() => undefined);
      }));
      await server.close({ code: 1001, force: true }).catch(() => undefined);
      while (inflight.size) await Promise.allSettled([...inflight]);
      await writer.close();
    },
  };
  app.decorate('ocpp', central);
  return central;
}
