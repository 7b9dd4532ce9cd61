/**
 * Online flags gathered in memory and written in bulk (requirements §12 "The charger link at
 * scale": online state coalesced, written in bulk). A socket that opens or closes notes the
 * device's flag here; one writer sends what is noted as one UPDATE per table and per `CHUNK`
 * devices, one statement at a time, so 10 000 chargers reconnecting at once cost a few
 * statements on one pool connection instead of 10 000 statements queued for the whole pool
 * (ahead of their own BootNotifications and of the console).
 *
 * Order: a device's latest flag wins. A flag noted while a statement is in flight goes into the
 * next one, so an "offline" never overtakes the "online" of the socket that replaced it. Coming
 * online also sets `lastSeenAt` (the time it was noted). A failed statement is logged and its
 * flags noted again (unless newer ones were), up to `ATTEMPTS` times; the callers' promises
 * resolve either way (a connection's messages wait for its flag, never for a broken database).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { charger, gateway } from '../../db/schema.js';
import type { DeviceRef } from './service.js';

/** Devices per statement. */
const CHUNK = 2000;
/** Statements a flag is tried in before it is given up (logged). */
const ATTEMPTS = 3;
/** Wait before a failed batch is tried again (ms). */
const RETRY_MS = 1000;

interface Noted<D extends DeviceRef> {
  device: D;
  online: boolean;
  at: Date;
  attempts: number;
  done: (() => void)[];
}

/** Online flags of chargers and gateways, written in bulk. */
export class OnlineWriter<D extends DeviceRef = DeviceRef> {
  private pending = new Map<string, Noted<D>>();
  private running: Promise<void> | null = null;
  /** Flags of failed statements, noted again when `retryTimer` fires. */
  private retry: Noted<D>[] = [];
  private retryTimer: NodeJS.Timeout | undefined;

  /**
   * @param written called once per device after its flag was written (the console's live
   *   notices), with the flag written.
   */
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly written: (device: D, online: boolean) => void = () => undefined,
  ) {}

  /**
   * Notes the device's flag; resolves once a statement holding it (or a later flag of the device)
   * ended. Never rejects.
   */
  set(device: D, online: boolean, at = new Date()): Promise<void> {
    return new Promise((resolve) => {
      this.note({ device, online, at, attempts: 0, done: [resolve] });
      this.kick();
    });
  }

  /** Flags noted and not yet written (metrics, tests). */
  get queued(): number {
    return this.pending.size;
  }

  /** Resolves once every flag noted so far was written or given up. */
  async drain(): Promise<void> {
    while (this.running || this.pending.size) {
      this.kick();
      await this.running;
    }
  }

  private note(n: Noted<D>): void {
    const key = `${n.device.kind}:${n.device.id}`;
    const before = this.pending.get(key);
    if (before) n.done.unshift(...before.done);
    this.pending.set(key, n);
  }

  private kick(): void {
    if (this.running || this.pending.size === 0) return;
    this.running = this.loop().finally(() => {
      this.running = null;
      this.kick();
    });
  }

  private async loop(): Promise<void> {
    while (this.pending.size) {
      const batch: Noted<D>[] = [];
      for (const [key, n] of this.pending) {
        if (batch.length === CHUNK) break;
        batch.push(n);
        this.pending.delete(key);
      }
      await this.write(batch);
    }
  }

  private async write(batch: Noted<D>[]): Promise<void> {
    for (const kind of ['charger', 'gateway'] as const) {
      const part = batch.filter((n) => n.device.kind === kind).sort((a, b) => a.device.id - b.device.id);
      if (!part.length) continue;
      const rows = JSON.stringify(part.map((n) => ({ id: n.device.id, online: n.online, at: n.at.toISOString() })));
      const table = kind === 'gateway' ? gateway : charger;
      try {
        await this.db.execute(sql`update ${table} as d set online = v.online,
            last_seen_at = case when v.online then v.at else d.last_seen_at end
          from json_to_recordset(${rows}::json) as v(id int, online boolean, at timestamptz)
          where d.id = v.id`);
      } catch (err) {
        this.failed(part, err);
        continue;
      }
      for (const n of part) {
        try {
          this.written(n.device, n.online);
        } catch (err) {
          this.log.warn({ err }, 'online notice failed');
        }
        for (const done of n.done) done();
      }
    }
  }

  /** Notes a failed batch again (flags not superseded meanwhile), after RETRY_MS; its callers go on. */
  private failed(part: Noted<D>[], err: unknown): void {
    const again = part.filter((n) => n.attempts + 1 < ATTEMPTS);
    this.log.error({ err, devices: part.length, givenUp: part.length - again.length }, 'online flags not written');
    for (const n of part) for (const done of n.done.splice(0)) done();
    this.retry.push(...again);
    if (!this.retry.length || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      for (const n of this.retry.splice(0)) {
        const key = `${n.device.kind}:${n.device.id}`;
        if (!this.pending.has(key)) this.pending.set(key, { ...n, attempts: n.attempts + 1, done: [] });
      }
      this.kick();
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  /** Writes what is noted and stops retrying. */
  async close(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.retry = [];
    await this.drain();
  }
}
