/**
 * Analytics rollups (requirements §14): what a closed order adds to `analytics_hour` and
 * `analytics_day` (per charger) and `analytics_month` (per company and station): sessions, energy
 * kWh, revenue = total amount, busy seconds, peak power kW. The transaction that closes or
 * re-prices an order notes it in `analytics_pending`; one writer at a time adds the noted orders in
 * one statement (every ROLLUP_FLUSH_MS, and before each analytics read); the full rebuild from the
 * orders is the start-up backfill when the rollups are empty.
 *
 * An order counts in the UTC hour, day and month of its charger start time. Peak power is the highest
 * Power.Active.Import sample of the transaction (W or kW; unreadable samples are skipped; one probe
 * of index meter_value_tx_power, so a Stop costs the same whatever the session's length), else
 * the session's average power.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { POWER_KW, POWER_READABLE } from '../../db/schema.js';

/** The per-order figures of closed orders matching `where` (a SELECT, read as `o`). */
function orderFigures(where: SQL): SQL {
  // least() and greatest() skip NULLs in PostgreSQL: the cap goes around the coalesce, never
  // inside it, or a session without power readings would peak at the cap.
  return sql`SELECT f.*, least(coalesce(
      (SELECT max(${sql.raw(POWER_KW)})
         FROM meter_value
        WHERE transaction_id = f.transaction_id AND ${sql.raw(POWER_READABLE)}),
      CASE WHEN f.secs > 0 THEN f.energy_kwh * 3600 / f.secs ELSE 0 END), 999999999) AS peak
    FROM (SELECT company_code, coalesce(station_id, 0) AS station_id, charger_id, transaction_id, charger_start_time AS t,
            energy_kwh, total_amount,
            greatest(0, least(extract(epoch FROM (coalesce(charger_stop_time, server_stop_time, charger_start_time) - charger_start_time)), 2000000000))::bigint AS secs
          FROM charge_order WHERE status IN ('FINISHED', 'CLOSED') AND ${where}) f`;
}

/** A rollup table: its bucket unit (UTC) and the columns a bucket is kept per. */
interface Rollup {
  table: 'analytics_hour' | 'analytics_day' | 'analytics_month';
  unit: 'hour' | 'day' | 'month';
  per: string;
}

/** Per charger and hour, per charger and day, per company, station and month. */
const ROLLUPS: readonly Rollup[] = [
  { table: 'analytics_hour', unit: 'hour', per: 'company_code, station_id, charger_id' },
  { table: 'analytics_day', unit: 'day', per: 'company_code, station_id, charger_id' },
  { table: 'analytics_month', unit: 'month', per: 'company_code, station_id' },
];

/** INSERT … ON CONFLICT adding `sign` × the grouped figures of `o` (the order figures) to rollup `r`. */
function upsert(r: Rollup, sign: 1 | -1): SQL {
  const t = sql.raw(r.table);
  const per = sql.raw(r.per);
  const bucket = sql.raw(`date_trunc('${r.unit}', t, 'UTC')`);
  const key = r.unit === 'month' ? sql.raw('company_code, station_id, bucket') : sql.raw('charger_id, bucket');
  return sql`INSERT INTO ${t} (${per}, bucket, sessions, energy_kwh, revenue, busy_seconds, peak_power_kw)
    SELECT ${per}, ${bucket}, ${sign} * count(*), ${sign} * sum(energy_kwh),
      ${sign} * sum(total_amount), ${sign} * sum(secs), max(peak)
    FROM o GROUP BY ${per}, ${bucket}
    ON CONFLICT (${key}) DO UPDATE SET
      sessions = ${t}.sessions + excluded.sessions,
      energy_kwh = ${t}.energy_kwh + excluded.energy_kwh,
      revenue = ${t}.revenue + excluded.revenue,
      busy_seconds = ${t}.busy_seconds + excluded.busy_seconds,
      peak_power_kw = greatest(${t}.peak_power_kw, excluded.peak_power_kw)`;
}

/**
 * ONE statement adding `sign` × the closed orders matching `where` to every rollup (their figures
 * computed once). `taken`, when given, is a CTE put first (`p AS (… RETURNING order_id)`), which
 * `where` may read; the statement then answers `n`, the rows of `p`.
 */
function rollupStatement(where: SQL, sign: 1 | -1, taken?: SQL): SQL {
  const upserts = sql.join(
    ROLLUPS.map((r, i) => sql`, u${sql.raw(String(i))} AS (${upsert(r, sign)})`),
    sql``,
  );
  const answer = taken ? sql`SELECT count(*)::int AS n FROM p` : sql`SELECT 1`;
  return sql`WITH ${taken ? sql`${taken}, ` : sql``}o AS MATERIALIZED (${orderFigures(where)})${upserts} ${answer}`;
}

/**
 * Adds (`sign` 1) or removes (-1) order `orderId` to or from the rollups, in one statement, inside
 * the caller's transaction; a CHARGING order adds nothing.
 */
export async function rollupOrder(tx: Db, orderId: number, sign: 1 | -1 = 1): Promise<void> {
  await tx.execute(rollupStatement(sql`id = ${orderId}`, sign));
}

/**
 * Notes, inside the transaction that closes (or re-prices) order `orderId`, that it is to be added
 * to the rollups: {@link applyPendingRollups} adds it, within ROLLUP_FLUSH_MS or before the next
 * analytics read. The note commits with the order or not at all; an insert of a row of its own,
 * it waits for no other Stop (the rollup rows of a station are written by one writer at a time).
 */
export async function queueRollup(tx: Db, orderId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO analytics_pending (order_id) VALUES (${orderId}) ON CONFLICT DO NOTHING`);
}

/**
 * Takes a closed order out of the rollups before it is re-priced, inside the re-pricing
 * transaction and before the order row changes: a noted order not yet added loses its note (the
 * caller notes it again with {@link queueRollup}); an added one is subtracted. A flush holding the
 * note makes this wait for its commit, then subtract what it added.
 */
export async function unrollForRepricing(tx: Db, orderId: number): Promise<void> {
  const res = await tx.execute(sql`DELETE FROM analytics_pending WHERE order_id = ${orderId} RETURNING order_id`);
  if (!rowsOf<{ order_id: number }>(res).length) await rollupOrder(tx, orderId, -1);
}

/** How often the server adds the noted orders to the rollups (ms). */
export const ROLLUP_FLUSH_MS = 1000;
/** Noted orders per flush statement. */
const FLUSH_CHUNK = 10_000;
/** The advisory lock that makes the rollup writers (flush, rebuild) take turns. */
const ROLLUP_LOCK = 7_411_001;

/**
 * Adds the noted closed orders to the rollups and drops their notes, `FLUSH_CHUNK` per statement,
 * one writer at a time (an advisory lock: two writers never update a bucket row in opposite
 * orders). Called every ROLLUP_FLUSH_MS and before each analytics read, so a read sees every order
 * closed before it. Answers how many orders it added.
 */
export async function applyPendingRollups(db: Db): Promise<number> {
  let added = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      const taken = sql`p AS (DELETE FROM analytics_pending WHERE order_id IN
        (SELECT order_id FROM analytics_pending ORDER BY order_id LIMIT ${FLUSH_CHUNK}) RETURNING order_id)`;
      const res = await tx.execute(rollupStatement(sql`id IN (SELECT order_id FROM p)`, 1, taken));
      return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
    });
    added += n;
    if (n < FLUSH_CHUNK) return added;
  }
}

/** Orders per statement of a rebuild: each statement stays well inside DB_STATEMENT_TIMEOUT_MS. */
const REBUILD_CHUNK = 50_000;

/**
 * Rebuilds the rollups from every closed order, in one transaction, `REBUILD_CHUNK` orders (by
 * id) per statement: the upserts add chunk to chunk, so a bucket split between chunks sums right.
 */
export async function rebuildRollups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`DELETE FROM analytics_pending`);
    for (const r of ROLLUPS) await tx.execute(sql`DELETE FROM ${sql.raw(r.table)}`);
    const res = await tx.execute(sql`SELECT coalesce(max(id), 0)::int AS top FROM charge_order`);
    const top = Number(rowsOf<{ top: number }>(res)[0]?.top ?? 0);
    for (let from = 0; from < top; from += REBUILD_CHUNK) {
      const chunk = sql`id > ${from} AND id <= ${from + REBUILD_CHUNK}`;
      await tx.execute(rollupStatement(chunk, 1));
    }
  });
}

/**
 * The start-up backfill: rebuilds the rollups when they are empty and closed orders exist (the
 * first start with analytics, or a database restored without them). True when it rebuilt.
 */
export async function backfillRollupsIfEmpty(db: Db): Promise<boolean> {
  const res = await db.execute(sql`SELECT (NOT EXISTS (SELECT 1 FROM analytics_day)
    AND EXISTS (SELECT 1 FROM charge_order WHERE status IN ('FINISHED', 'CLOSED'))) AS needed`);
  const rows = rowsOf<{ needed: boolean }>(res);
  if (!rows[0]?.needed) return false;
  await rebuildRollups(db);
  return true;
}
