/**
 * The charger log (spec: charger log; requirements §12): every OCPP frame in and out, stored in
 * `charger_log` with time, direction (IN = from the charger, OUT = to it), message type, action,
 * messageId and payload. CALLRESULT/CALLERROR frames carry the action of the CALL they answer.
 * Rows are written by a small batched writer (flushed every `flushMs`, at `maxBatch` rows and on
 * close). Payload strings are made storable first (./storable.ts: NUL → U+FFFD). When a batch
 * fails, its rows are written one by one: a row the database refuses as data (SQLSTATE classes
 * 22, 23, 54) or that failed `MAX_ROW_ATTEMPTS` times while the database otherwise answered is set aside (logged with its charger and
 * messageId, not stored), so one bad frame never stops the log of every other charger; when the
 * database itself fails, the rows wait and are tried again a second later. Secrets (the OCPP
 * AuthorizationKey, file tokens and credentials in URLs) are masked before a row is made
 * (../auth/secrets.ts, requirements R10.22), in every frame type and direction. Action and
 * messageId are cut at MAX_LABEL_LENGTH; what is stored of each frame (in full, a summary,
 * nothing) is decided by ./frame-recorder.ts. Database errors are logged without the statement's
 * parameters.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { executeNamed, type Db } from '../db/client.js';
import { chargerLog } from '../db/schema.js';
import { mayHoldSecret, redactSecrets } from '../auth/secrets.js';
import { storable } from './storable.js';

export type ChargerLogRow = typeof chargerLog.$inferInsert;

/** Tries of one row on its own before it is set aside. */
export const MAX_ROW_ATTEMPTS = 3;

/** True when the database refused the row's data itself (not the connection). */
function refusedAsData(err: unknown): boolean {
  for (let e: unknown = err, i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const TYPES: Record<number, string> = { 2: 'CALL', 3: 'CALLRESULT', 4: 'CALLERROR' };

/** Longest action and messageId stored (OCPP: messageId ≤ 36 characters, actions far shorter); a longer one is cut. */
export const MAX_LABEL_LENGTH = 100;
/** `s` cut at MAX_LABEL_LENGTH (the stored action or messageId). */
export const clipLabel = (s: string) => (s.length > MAX_LABEL_LENGTH ? s.slice(0, MAX_LABEL_LENGTH) : s);
const label = clipLabel;

/**
 * A database error as a log line may show it: its SQLSTATE and the first line of the driver's
 * message, never the statement's parameters (drizzle puts them in its message: the payloads).
 */
export function dbErrorFields(err: unknown): { code?: string; reason: string } {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object' && (e as { cause?: unknown }).cause; i++) e = (e as { cause?: unknown }).cause;
  const code = e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
  const message = e instanceof Error ? e.message : String(e);
  return { ...(typeof code === 'string' ? { code } : {}), reason: message.split('\n', 1)[0].slice(0, 200) };
}

/** Tracks CALL actions by messageId so that answers can be labelled; bounded. */
export class FrameLabeller {
  private readonly pending = new Map<string, string>();

  /**
   * Describes one raw frame. `outbound` is the server's point of view.
   * @returns the row fields without charger/company/time.
   */
  describe(raw: string, outbound: boolean): Pick<ChargerLogRow, 'direction' | 'messageType' | 'action' | 'messageId' | 'payload'> {
    const row = this.label(raw, outbound);
    return mayHoldSecret(raw) ? { ...row, payload: redactSecrets(row.payload) } : row;
  }

  private label(raw: string, outbound: boolean): Pick<ChargerLogRow, 'direction' | 'messageType' | 'action' | 'messageId' | 'payload'> {
    const direction = outbound ? 'OUT' : 'IN';
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return { direction, messageType: 'INVALID', action: 'Unknown', messageId: null, payload: { raw: raw.slice(0, 4096) } };
    }
    if (!Array.isArray(frame) || typeof frame[0] !== 'number' || !TYPES[frame[0]] || typeof frame[1] !== 'string') {
      return { direction, messageType: 'INVALID', action: 'Unknown', messageId: null, payload: { raw: raw.slice(0, 4096) } };
    }
    const type = frame[0] as number;
    const messageId = label(frame[1] as string);
    if (type === 2) {
      const action = typeof frame[2] === 'string' ? label(frame[2]) : 'Unknown';
      // An inbound CALL is answered outbound, and the other way round.
      if (this.pending.size > 1000) this.pending.clear();
      this.pending.set(`${direction}:${messageId}`, action);
      return { direction, messageType: 'CALL', action, messageId, payload: frame[3] ?? null };
    }
    const callKey = `${outbound ? 'IN' : 'OUT'}:${messageId}`;
    const action = this.pending.get(callKey) ?? 'Unknown';
    this.pending.delete(callKey);
    const payload = type === 3 ? frame[2] : { errorCode: frame[2], errorDescription: frame[3], errorDetails: frame[4] };
    return { direction, messageType: TYPES[type], action, messageId, payload: payload ?? null };
  }
}

/**
 * Inserts `rows` in one statement of fixed text (the rows travel as one json document), prepared
 * once per connection (`executeNamed`): the text does not grow with the batch, so PostgreSQL does
 * not parse and plan a statement of up to `maxBatch` × 8 parameters for every batch.
 */
async function insertBatch(db: Db, rows: readonly ChargerLogRow[]): Promise<void> {
  const doc = JSON.stringify(
    rows.map((r) => [
      r.chargerSn,
      r.companyCode ?? null,
      r.direction,
      r.action,
      r.messageType ?? null,
      r.messageId ?? null,
      r.payload ?? null,
      r.at ?? new Date(),
    ]),
  );
  await executeNamed(
    db,
    'cd_charger_log_batch',
    sql`insert into ${chargerLog} (charger_sn, company_code, direction, action, message_type, message_id, payload, at)
    select r->>0, r->>1, r->>2, r->>3, r->>4, r->>5, case when json_typeof(r->6) <> 'null' then (r->6)::jsonb end, (r->>7)::timestamptz
    from json_array_elements(${doc}::json) r`,
  );
}

/** Batched, ordered writer of charger_log rows. */
export class ChargerLogWriter {
  private queue: ChargerLogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Failed single-row tries per queued row. */
  private readonly attempts = new WeakMap<ChargerLogRow, number>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { maxBatch: number; flushMs: number; maxQueue: number } = { maxBatch: 200, flushMs: 200, maxQueue: 50_000 },
  ) {}

  /** Queues one row (time taken now). */
  push(row: ChargerLogRow): void {
    if (this.queue.length >= this.opts.maxQueue) {
      this.queue.shift();
      this.log.warn('charger log queue full: oldest row dropped');
    }
    this.queue.push({ ...row, payload: storable(row.payload), at: row.at ?? new Date() });
    if (this.queue.length >= this.opts.maxBatch) void this.flush();
    else if (!this.timer && !this.closed) this.timer = setTimeout(() => void this.flush(), this.opts.flushMs);
  }

  /** Writes everything queued so far; resolves when it is stored (or the attempt failed). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(async () => {
      while (this.queue.length) {
        const batch = this.queue.slice(0, this.opts.maxBatch);
        try {
          await insertBatch(this.db, batch);
          this.queue.splice(0, batch.length);
        } catch (err) {
          this.log.warn(dbErrorFields(err), 'charger log batch failed; writing its rows one by one');
          if (!(await this.writeOneByOne(batch.length))) {
            if (!this.closed && !this.timer) this.timer = setTimeout(() => void this.flush(), 1000);
            return;
          }
        }
      }
    });
    return this.writing;
  }

  /**
   * Writes the first `n` queued rows one at a time, setting aside those that cannot be stored.
   * @returns false when the database itself failed (the remaining rows stay queued).
   */
  private async writeOneByOne(n: number): Promise<boolean> {
    for (let i = 0; i < n && this.queue.length; i++) {
      const row = this.queue[0];
      try {
        await this.db.insert(chargerLog).values(row);
      } catch (err) {
        // A row only counts a failed try while the database answers otherwise (an outage loses nothing).
        const databaseUp =
          refusedAsData(err) ||
          (await this.db.execute(sql`select 1`).then(
            () => true,
            () => false,
          ));
        const tries = (this.attempts.get(row) ?? 0) + (databaseUp ? 1 : 0);
        this.attempts.set(row, tries);
        if (!refusedAsData(err) && tries < MAX_ROW_ATTEMPTS) {
          this.log.error(dbErrorFields(err), 'charger log write failed; retrying later');
          return false;
        }
        this.log.error(
          { ...dbErrorFields(err), chargerSn: row.chargerSn, messageId: row.messageId, action: row.action },
          'charger log row set aside: it cannot be stored',
        );
      }
      this.queue.shift();
    }
    return true;
  }

  /** Flushes and stops the timer. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
