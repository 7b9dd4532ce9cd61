/**
 * Analytics rollups (requirements §14): what a closed order adds to `analytics_hour` and
 * `analytics_day` (per charger) and `analytics_month` (per company and station): sessions, energy
 * kWh, revenue = total amount, busy seconds, peak power kW; written by one statement in the
 * transaction that closes or re-prices the order, and the full rebuild from the orders (start-up
 * backfill when the rollups are empty).
 *
 * An order counts in the UTC hour, day and month of its charger start time. Peak power is the highest
 * Power.Active.Import sample of the transaction (W or kW; unreadable samples are skipped; one probe
 * of index meter_value_tx_power, so a Stop costs the same whatever the session's length), else
 * the session's average power.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { POWER_KW, POWER_READABLE } from '../../db/schema.js';

/** The per-order figures of closed orders matching `where` (a SELECT, read as `o`). */
function orderFigures(where: SQL): SQL {
  return sql`SELECT f.*, coalesce(
      (SELECT least(max(${sql.raw(POWER_KW)}), 999999999)
         FROM meter_value
        WHERE transaction_id = f.transaction_id AND ${sql.raw(POWER_READABLE)}),
      CASE WHEN f.secs > 0 THEN least(f.energy_kwh * 3600 / f.secs, 999999999) ELSE 0 END) AS peak
    FROM (SELECT company_code, coalesce(station_id, 0) AS station_id, charger_id, transaction_id, charger_start_time AS t,
            energy_kwh, total_amount,
            greatest(0, least(extract(epoch FROM (coalesce(charger_stop_time, server_stop_time, charger_start_time) - charger_start_time)), 2000000000))::bigint AS secs
          FROM charge_order WHERE status IN ('FINISHED', 'CLOSED') AND ${where}) f`;
}

/** A rollup table: its bucket unit (UTC) and the columns a bucket is kept per. */
interface Rollup { table: 'analytics_hour' | 'analytics_day' | 'analytics_month'; unit: 'hour' | 'day' | 'month'; per: string }

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

/** ONE statement adding `sign` × the closed orders matching `where` to every rollup (their figures computed once). */
function rollupStatement(where: SQL, sign: 1 | -1): SQL {
  const [first, ...rest] = ROLLUPS.map((r) => upsert(r, sign));
  return sql`WITH o AS MATERIALIZED (${orderFigures(where)})${sql.join(rest.map((u, i) => sql`, u${sql.raw(String(i))} AS (${u})`), sql``)} ${first}`;
}

/**
 * Adds (`sign` 1) or removes (-1, before a closed order is re-priced) order `orderId` to or from
 * the rollups, in one statement. Call inside the transaction that changes the order; a CHARGING
 * order adds nothing.
 */
export async function rollupOrder(tx: Db, orderId: number, sign: 1 | -1 = 1): Promise<void> {
  await tx.execute(rollupStatement(sql`id = ${orderId}`, sign));
}

/** Orders per statement of a rebuild: each statement stays well inside DB_STATEMENT_TIMEOUT_MS. */
const REBUILD_CHUNK = 50_000;

/**
 * Rebuilds the rollups from every closed order, in one transaction, `REBUILD_CHUNK` orders (by
 * id) per statement: the upserts add chunk to chunk, so a bucket split between chunks sums right.
 */
export async function rebuildRollups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const r of ROLLUPS) await tx.execute(sql`DELETE FROM ${sql.raw(r.table)}`);
    const res = await tx.execute(sql`SELECT coalesce(max(id), 0)::int AS top FROM charge_order`);
    const top = Number((res as unknown as { rows: { top: number }[] }).rows[0]?.top ?? 0);
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
  const rows = (res as unknown as { rows: { needed: boolean }[] }).rows;
  if (!rows[0]?.needed) return false;
  await rebuildRollups(db);
  return true;
}
