/**
 * Analytics rollups (requirements §14): what a closed order adds to `analytics_hour` and
 * `analytics_day` (sessions, energy kWh, revenue = total amount, busy seconds, peak power kW),
 * written in the transaction that closes or re-prices the order, and the full rebuild from the
 * orders (start-up backfill when the rollups are empty).
 *
 * An order counts in the UTC hour and UTC day of its charger start time. Peak power is the highest
 * Power.Active.Import sample of the transaction (W or kW; unreadable samples are skipped), else
 * the session's average power.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The per-order figures of closed orders matching `where` (a derived table `o`). */
function orderFigures(where: SQL): SQL {
  return sql`(SELECT f.*, coalesce(
      (SELECT least(max(CASE WHEN mv.unit = 'kW' THEN mv.value::numeric ELSE mv.value::numeric / 1000 END), 999999999)
         FROM meter_value mv
        WHERE mv.transaction_id = f.transaction_id AND mv.measurand = 'Power.Active.Import'
          AND mv.value ~ '^[0-9]{1,12}([.][0-9]{1,6})?$'),
      CASE WHEN f.secs > 0 THEN least(f.energy_kwh * 3600 / f.secs, 999999999) ELSE 0 END) AS peak
    FROM (SELECT company_code, coalesce(station_id, 0) AS station_id, charger_id, transaction_id, charger_start_time AS t,
            energy_kwh, total_amount,
            greatest(0, least(extract(epoch FROM (coalesce(charger_stop_time, server_stop_time, charger_start_time) - charger_start_time)), 2000000000))::bigint AS secs
          FROM charge_order WHERE status IN ('FINISHED', 'CLOSED') AND ${where}) f) o`;
}

/** INSERT … ON CONFLICT adding `sign` × the grouped figures of `source` to rollup `table` at `unit` buckets. */
function upsert(table: 'analytics_hour' | 'analytics_day', unit: 'hour' | 'day', source: SQL, sign: 1 | -1): SQL {
  const t = sql.raw(table);
  return sql`INSERT INTO ${t} (company_code, station_id, charger_id, bucket, sessions, energy_kwh, revenue, busy_seconds, peak_power_kw)
    SELECT company_code, station_id, charger_id, date_trunc(${unit}, t, 'UTC'), ${sign} * count(*), ${sign} * sum(energy_kwh),
      ${sign} * sum(total_amount), ${sign} * sum(secs), max(peak)
    FROM ${source} GROUP BY 1, 2, 3, 4
    ON CONFLICT (charger_id, bucket) DO UPDATE SET
      sessions = ${t}.sessions + excluded.sessions,
      energy_kwh = ${t}.energy_kwh + excluded.energy_kwh,
      revenue = ${t}.revenue + excluded.revenue,
      busy_seconds = ${t}.busy_seconds + excluded.busy_seconds,
      peak_power_kw = greatest(${t}.peak_power_kw, excluded.peak_power_kw)`;
}

/**
 * Adds (`sign` 1) or removes (-1, before a closed order is re-priced) order `orderId` to or from
 * the rollups. Call inside the transaction that changes the order; a CHARGING order adds nothing.
 */
export async function rollupOrder(tx: Db, orderId: number, sign: 1 | -1 = 1): Promise<void> {
  const one = sql`id = ${orderId}`;
  await tx.execute(upsert('analytics_hour', 'hour', orderFigures(one), sign));
  await tx.execute(upsert('analytics_day', 'day', orderFigures(one), sign));
}

/** Orders per statement of a rebuild: each statement stays well inside DB_STATEMENT_TIMEOUT_MS. */
const REBUILD_CHUNK = 50_000;

/**
 * Rebuilds both rollups from every closed order, in one transaction, `REBUILD_CHUNK` orders (by
 * id) per statement: the upserts add chunk to chunk, so a bucket split between chunks sums right.
 */
export async function rebuildRollups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM analytics_hour`);
    await tx.execute(sql`DELETE FROM analytics_day`);
    const res = await tx.execute(sql`SELECT coalesce(max(id), 0)::int AS top FROM charge_order`);
    const top = Number((res as unknown as { rows: { top: number }[] }).rows[0]?.top ?? 0);
    for (let from = 0; from < top; from += REBUILD_CHUNK) {
      const chunk = sql`id > ${from} AND id <= ${from + REBUILD_CHUNK}`;
      await tx.execute(upsert('analytics_hour', 'hour', orderFigures(chunk), 1));
      await tx.execute(upsert('analytics_day', 'day', orderFigures(chunk), 1));
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
