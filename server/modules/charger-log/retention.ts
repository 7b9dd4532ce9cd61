/**
 * The charger log's retention (requirements §2 "Charger log", README `LOG_RETENTION_DAYS`): rows of
 * `charger_log` and refused handshakes (`connection_attempt`, by their last time) older than the
 * retention period are deleted by the server itself, in batches of `batchSize` rows so that no
 * statement holds the table or the write path for long, at most `maxBatches` batches a run;
 * what is left goes at the next run. The runs start a minute after the server is ready and
 * repeat every `everyMs` (an hour); a failed run is logged and the next one tries again.
 * `LOG_RETENTION_DAYS=0` keeps everything.
 */
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { chargerLog, connectionAttempt } from '../../db/schema.js';

export interface PruneOptions {
  /** Rows logged before this time go. */
  before: Date;
  /** Rows deleted by one statement (default 5 000). */
  batchSize?: number;
  /** Statements of one run at most (default 200: a million rows a run). */
  maxBatches?: number;
}

/** Deletes charger-log rows and refused handshakes older than `before`; answers how many went. */
export async function pruneChargerLog(db: Db, opts: PruneOptions): Promise<{ frames: number; attempts: number; done: boolean }> {
  const batchSize = opts.batchSize ?? 5_000;
  const maxBatches = opts.maxBatches ?? 200;
  let frames = 0;
  let done = false;
  for (let i = 0; i < maxBatches; i++) {
    // The oldest `batchSize` rows by the (at, id) index, then those by primary key.
    const result = await db.execute(sql`delete from ${chargerLog} where ${chargerLog.id} in (
      select ${chargerLog.id} from ${chargerLog} where ${chargerLog.at} < ${opts.before.toISOString()}::timestamptz
      order by ${chargerLog.at} limit ${batchSize})`);
    const n = Number(
      (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0,
    );
    frames += n;
    if (n < batchSize) {
      done = true;
      break;
    }
  }
  const gone = await db.delete(connectionAttempt).where(lt(connectionAttempt.at, opts.before)).returning({ id: connectionAttempt.id });
  return { frames, attempts: gone.length, done };
}

/** Starts the periodic retention runs of `app` (nothing when `logRetentionDays` is 0); stops on close. */
export function scheduleLogRetention(app: FastifyInstance, opts: { firstMs?: number; everyMs?: number } = {}): void {
  const days = app.config.logRetentionDays;
  if (!(days > 0)) return;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = pruneChargerLog(app.db, { before: new Date(Date.now() - days * 86_400_000) })
      .then((r) => {
        if (r.frames || r.attempts) app.log.info(r, 'charger log pruned');
      })
      .catch((err: Error) => app.log.warn({ err: err.message }, 'charger log retention run failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, opts.everyMs ?? 3_600_000);
        timer?.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, opts.firstMs ?? 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
