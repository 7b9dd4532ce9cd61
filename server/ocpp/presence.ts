/**
 * Online state (docs/ocpp.md): `charger.online` / `gateway.online` is true while a socket is open;
 * every charger and gateway is set offline at start (no socket survives a restart) — with several
 * nodes, only those no live node holds, at start and every minute. A socket that closes without
 * the server closing it on purpose is the custom event "charger offline" / "gateway offline"
 * (./offline-events.ts), recovered when the device connects again.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { OnlineWriter } from '../modules/charger-state/online.js';
import { sendOwedClears } from '../modules/smart-charging/feature-clear.js';
import { resetOnlineFlags } from '../modules/charger-state/service.js';
import type { Connections } from './connections.js';
import { DbGate } from './db-gate.js';
import { emitGateway, type OcppSession } from './context.js';
import { recordBackOnline, recordOffline } from './offline-events.js';
import type { RpcServerClient } from './rpc.js';

/** How often a node of a cluster sets offline the devices no live node holds (ms). */
const SWEEP_MS = 60_000;

export class Presence {
  /** Resolves once the flags of the previous run are reset (handshakes wait for it). */
  readonly ready: Promise<void>;
  private readonly sweeper: NodeJS.Timeout | undefined;
  /** Online flags, coalesced and written in bulk (a device's latest flag wins, in order). */
  private readonly flags: OnlineWriter<OcppSession>;
  /** Offline events per identity, chained like the online flag: a reconnection's recovery never overtakes the drop's event. */
  private readonly eventWrites = new Map<string, Promise<void>>();
  /**
   * Offline events take one pool connection at a time: when thousands of chargers drop and come
   * back at once their events wait here, in memory, instead of exhausting the pool (whose waits
   * time out after DB_CONNECT_TIMEOUT_MS) and starving the handshakes and the console.
   */
  private readonly eventGate = new DbGate(1);

  constructor(
    private readonly app: FastifyInstance,
    private readonly conns: Connections,
    log: FastifyBaseLogger,
  ) {
    this.flags = new OnlineWriter<OcppSession>(app.db, log, (session) => {
      if (session.kind === 'gateway') emitGateway({ app, gateway: session });
      else app.bus.emit('charger', { chargerId: session.id, serialNum: session.serialNum, companyCode: session.companyCode });
    });
    this.ready = conns.track(this.reset()).catch((err) => log.error({ err }, 'could not reset online flags'));
    // A node that died leaves its chargers online in the database until its owner keys expire.
    if (app.cluster) {
      this.sweeper = setInterval(() => void conns.track(this.reset()).catch((err) => log.warn({ err }, 'online sweep failed')), SWEEP_MS);
      this.sweeper.unref();
    }
  }

  private reset(): Promise<void> {
    const cluster = this.app.cluster;
    if (!cluster) return resetOnlineFlags(this.app.db);
    return resetOnlineFlags(this.app.db, async (sns) => {
      const owners = await cluster.ownersOf(sns);
      return sns.map((sn, i) => !!owners[i] || this.conns.clients.has(sn));
    });
  }

  /**
   * Notes a device's online flag (server/modules/charger-state/online.ts: written in bulk, a
   * device's flags land in the order the sockets opened and closed, so a replaced socket's
   * "offline" never overtakes its successor's "online"). Resolves once written; never rejects.
   */
  private setOnline(session: OcppSession, online: boolean): Promise<void> {
    return this.conns.track(this.flags.set(session, online));
  }

  /** Runs `write` after the identity's previous event write; never rejects (a failure is logged). */
  private chainEvent(sn: string, write: () => Promise<void>, clog: FastifyBaseLogger, what: string): void {
    const previous = this.eventWrites.get(sn) ?? Promise.resolve();
    const next = previous.then(() => this.eventGate.run(write)).catch((err: unknown) => clog.warn({ err }, what));
    this.eventWrites.set(sn, next);
    void next.then(() => {
      if (this.eventWrites.get(sn) === next) this.eventWrites.delete(sn);
    });
    void this.conns.track(next);
  }

  /**
   * A socket opened: with several nodes the identity is claimed first (the sweep reads both), then
   * the device shows online and its offline events are recovered.
   * @returns resolves once the online write landed (the connection's messages wait for it).
   */
  connected(session: OcppSession, clog: FastifyBaseLogger): Promise<void> {
    const { cluster, db } = this.app;
    const claimed = cluster
      ? this.conns.track(cluster.claim(session.serialNum)).catch((err: Error) => clog.warn({ err: err.message }, 'identity not claimed in Redis'))
      : Promise.resolve();
    const online = claimed.then(() => this.setOnline(session, true));
    const at = new Date();
    void online.then(() => this.chainEvent(session.serialNum, () => recordBackOnline(db, this.app.bus, session, at), clog, 'offline events not recovered'));
    // Profiles of a feature switched off while it was away are cleared now (requirements R16.8).
    if (session.kind === 'charger') {
      void online.then(() => sendOwedClears(this.app, session)).catch((err: unknown) => clog.warn({ err }, 'owed profile clears not sent'));
    }
    return online;
  }

  /** A socket closed: offline (with its event unless the server closed it), unless replaced or handed over. */
  disconnected(client: RpcServerClient, session: OcppSession, clog: FastifyBaseLogger, code: number | undefined): void {
    const { conns } = this;
    const sn = session.serialNum;
    const current = conns.clients.get(sn);
    if (current && current !== client) return; // replaced: the new socket owns the online flag
    if (current === client) conns.clients.delete(sn);
    if (conns.handedOver.has(client)) return; // another node holds the identity now
    const cluster = this.app.cluster;
    if (cluster) void conns.track(cluster.release(sn)).catch((err: Error) => clog.warn({ err: err.message }, 'identity not released in Redis'));
    if (!conns.quiet && !conns.closedOnPurpose.has(client)) {
      clog.warn(
        { event: session.kind === 'gateway' ? 'GATEWAY_OFFLINE' : 'CHARGER_OFFLINE', companyCode: session.companyCode, code },
        `${session.kind} offline`,
      );
      const at = new Date();
      this.chainEvent(sn, () => recordOffline(this.app.db, this.app.bus, session, at), clog, 'offline event not stored');
    }
    void this.setOnline(session, false);
  }

  /** Stops the cluster sweep. */
  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Writes the flags still noted and stops retrying failed ones (after the sockets closed). */
  close(): Promise<void> {
    return this.flags.close();
  }
}
