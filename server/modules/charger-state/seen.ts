/**
 * Chargers' last-seen times gathered in memory and written in bulk (requirements §12: a heartbeat
 * is not a row). A Heartbeat only notes the time here; every `flushMs` one UPDATE per 1 000
 * chargers writes the latest time of each (never moving a stored time back), and on close what is
 * left. A time noted but not yet written is lost by a crash: the console's "last seen" may then
 * be up to `flushMs` older than the last heartbeat (online state and sessions are not affected).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { charger } from '../../db/schema.js';

const CHUNK = 1000;

/** Last-seen times of chargers, written in bulk. */
export class SeenWriter {
  private pending = new Map<number, Date>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs: number,
  ) {}

  /** Notes that charger `chargerId` was seen at `at`. */
  mark(chargerId: number, at: Date): void {
    this.pending.set(chargerId, at);
    if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is noted so far; never rejects (a failed batch is noted again for the next flush). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending];
    this.pending = new Map();
    this.writing = this.writing.then(async () => {
      for (let i = 0; i < batch.length; i += CHUNK) {
        const part = batch.slice(i, i + CHUNK);
        const values = sql.join(
          part.map(([id, at]) => sql`(${id}::int, ${at.toISOString()}::timestamptz)`),
          sql`, `,
        );
        try {
          await this.db.execute(sql`update ${charger} as c set last_seen_at = v.at from (values ${values}) as v(id, at)
            where c.id = v.id and (c.last_seen_at is null or c.last_seen_at < v.at)`);
        } catch (err) {
          this.log.warn({ err, chargers: part.length }, 'last-seen times not written; trying again with the next batch');
          for (const [id, at] of part) if (!this.pending.has(id)) this.mark(id, at);
        }
      }
    });
    return this.writing;
  }

  /** Writes what is left and stops. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

const writers = new WeakMap<FastifyInstance, SeenWriter>();

/** Registers the central system's writer for `app` (its Heartbeat handler uses it). */
export function useSeenWriter(app: FastifyInstance, writer: SeenWriter): void {
  writers.set(app, writer);
}

/** The writer of `app`, when its central system registered one. */
export function seenWriterOf(app: FastifyInstance): SeenWriter | undefined {
  return writers.get(app);
}
