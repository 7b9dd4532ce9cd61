/**
 * The event bus for live updates (charger and gateway status, orders) and console → OCPP notices
 * (deactivations) between the OCPP side and the console's event stream (requirements §12).
 * In-process by default; with `REDIS_URL` the same events also travel to every other node over
 * Redis pub/sub (channel `<prefix>bus`), so a console on one node sees chargers on another and a
 * deactivation reaches the node that holds the socket. Listeners on the emitting node are called
 * synchronously, as in-process; other nodes receive the event shortly after.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from './cluster/link.js';

export interface BusEvents {
  /** A charger's online state, run status or a connector status changed. */
  charger: { chargerId: number; serialNum: string; companyCode: string };
  /** An order was created or changed. */
  order: { orderId: number; companyCode: string };
  /** A gateway's online state, firmware version or vendor / model changed. */
  gateway: { gatewayId: number; serialNum: string; companyCode: string };
  /**
   * A charger or gateway was deactivated (or renamed away), or given a new OCPP password
   * (`reason: 'credentials'`), in the console: the central system closes the socket of that OCPP
   * identity (requirements §4), on whichever node holds it.
   */
  identityDeactivated: { serialNum: string; reason?: 'deactivated' | 'credentials' };
  /**
   * A charger's accepted passwords changed during a key rotation over OCPP (requirements R10.25):
   * every node forgets its cached handshake row of that identity; the socket stays open.
   */
  identityCredentials: { serialNum: string };
  /**
   * An event (server/modules/event) was opened, processed, ignored or recovered; emitted after the
   * event row's transaction committed. A repeat of an open event is not a change; `reopened` marks
   * an `opened` that reopened a recovered event within the hysteresis window (its opening was told).
   */
  event: { eventId: number; companyCode: string; stationId: number | null; change: 'opened' | 'processed' | 'ignored' | 'recovered'; reopened?: boolean };
  /** An app user reported a problem: report ticket `ticketNo` (and its bell notice) was committed. */
  ticket: { ticketNo: string; companyCode: string };
}

/** In-process bus: listeners of this process only. */
export class Bus {
  protected readonly ee = new EventEmitter();
  constructor() {
    this.ee.setMaxListeners(1000);
  }
  emit<K extends keyof BusEvents>(topic: K, payload: BusEvents[K]): void {
    this.ee.emit(topic, payload);
  }
  on<K extends keyof BusEvents>(topic: K, fn: (p: BusEvents[K]) => void): () => void {
    this.ee.on(topic, fn);
    return () => this.ee.off(topic, fn);
  }
}

/** The bus across nodes: local listeners at once, other nodes through Redis. */
export class RedisBus extends Bus {
  private constructor(
    private readonly link: RedisLink,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  /** Subscribes to the bus channel of `link` and returns the bus. */
  static async open(link: RedisLink, log: FastifyBaseLogger): Promise<RedisBus> {
    const bus = new RedisBus(link, log);
    await link.subscribe(`${link.prefix}bus`, (message) => {
      const m = JSON.parse(message) as { o: string; t: keyof BusEvents; p: BusEvents[keyof BusEvents] };
      if (m.o !== link.nodeId) bus.ee.emit(m.t, m.p);
    });
    return bus;
  }

  override emit<K extends keyof BusEvents>(topic: K, payload: BusEvents[K]): void {
    super.emit(topic, payload);
    this.link.pub
      .publish(`${this.link.prefix}bus`, JSON.stringify({ o: this.link.nodeId, t: topic, p: payload }))
      .catch((err: Error) => this.log.warn({ err: err.message, topic }, 'bus event not published to the other nodes'));
  }
}
