/**
 * Operations analytics (requirements §2 Operations → Statistics and Station Insights): the
 * aggregates behind `GET /sp/statistics` (orders, energy in kWh and revenue per currency — Σ
 * totalAmount of FINISHED/CLOSED orders — per day, station or company; days in the caller's time
 * zone) and `GET /sp/station-insights` (per station: sessions, energy, revenue, average session in
 * minutes and kWh, utilisation = Σ session time ÷ (chargers × range length)).
 * Time ranges (requirements §5): end before start or start in the future → 715; at most 366 days;
 * by default the last 30 days. A company outside the caller's scope → 709.
 */
import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import Decimal from 'decimal.js';
import type { stationInsightsAnswer, statisticsAnswer } from '../../../domain/entities/statistics.js';
import type { Db } from '../../db/client.js';
import { charger, chargeOrder, company, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { assertFilterInScope, scopeWhere } from '../../http/scope.js';
import { checkTimeRange } from '../order/index.js';

/** The filters both reports take. */
export interface RangeFilter {
  startTime?: Date;
  endTime?: Date;
  companyCode?: string;
  stationId?: number;
}

const MAX_RANGE_MS = 366 * 86_400_000;

/** The validated range, defaulting to the last 30 days (715 on a bad range). */
function rangeOf(q: { startTime?: Date; endTime?: Date }, now = new Date()) {
  const end = q.endTime ?? now;
  const start = q.startTime ?? new Date(end.getTime() - 30 * 86_400_000);
  checkTimeRange(start, end, now);
  if (end.getTime() - start.getTime() > MAX_RANGE_MS) throw new AppError(715, 'endTime');
  return { start, end };
}

/** Money sums per currency as `[{currency, amount}]`, amounts with 2 decimals. */
function revenueList(rows: { currency: string; amount: string | null }[]) {
  return rows.filter((r) => r.amount !== null).map((r) => ({ currency: r.currency, amount: new Decimal(r.amount!).toFixed(2) }));
}

/** GET /sp/statistics: the buckets of `q.groupBy` over the range, and their totals; days in time zone `tz`. */
export async function statistics(
  db: Db,
  auth: AuthContext,
  q: RangeFilter & { groupBy: 'day' | 'station' | 'company' },
  tz: string,
): Promise<z.infer<typeof statisticsAnswer>> {
  assertFilterInScope(auth, q);
  const { start, end } = rangeOf(q);
  const conds: (SQL | undefined)[] = [scopeWhere(auth, chargeOrder), gte(chargeOrder.chargerStartTime, start), lte(chargeOrder.chargerStartTime, end)];
  if (q.companyCode) conds.push(eq(chargeOrder.companyCode, q.companyCode));
  if (q.stationId) conds.push(eq(chargeOrder.stationId, q.stationId));
  const key =
    q.groupBy === 'day'
      ? sql<string>`to_char(${chargeOrder.chargerStartTime} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`
      : q.groupBy === 'station'
        ? sql<string>`coalesce(${chargeOrder.stationId}::text, '')`
        : sql<string>`${chargeOrder.companyCode}`;
  const rows = await db
    .select({
      key,
      currency: chargeOrder.currency,
      orders: count(),
      energyKwh: sql<string>`coalesce(sum(${chargeOrder.energyKwh}), 0)::text`,
      revenue: sql<string | null>`sum(case when ${chargeOrder.status} in ('FINISHED','CLOSED') then ${chargeOrder.totalAmount} end)::text`,
    })
    .from(chargeOrder)
    .where(and(...conds))
    // Positional GROUP/ORDER BY: the time zone is a bound parameter, so the expression text differs.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`);
  // Labels for station/company buckets.
  const labels = new Map<string, string>();
  if (q.groupBy === 'station') {
    const ids = [...new Set(rows.map((x) => Number(x.key)).filter((x) => x > 0))];
    if (ids.length)
      for (const s of await db.select({ id: station.id, name: station.name }).from(station).where(inArray(station.id, ids))) labels.set(String(s.id), s.name);
  } else if (q.groupBy === 'company') {
    const codes = [...new Set(rows.map((x) => x.key))];
    if (codes.length)
      for (const c of await db.select({ code: company.code, name: company.name }).from(company).where(inArray(company.code, codes))) labels.set(c.code, c.name);
  }
  const buckets = new Map<string, { key: string; label: string; orders: number; energyKwh: Decimal; revenue: { currency: string; amount: string | null }[] }>();
  for (const row of rows) {
    const b = buckets.get(row.key) ?? { key: row.key, label: labels.get(row.key) ?? row.key, orders: 0, energyKwh: new Decimal(0), revenue: [] };
    b.orders += row.orders;
    b.energyKwh = b.energyKwh.plus(row.energyKwh);
    b.revenue.push({ currency: row.currency, amount: row.revenue });
    buckets.set(row.key, b);
  }
  const series = [...buckets.values()].map((b) => ({
    key: b.key,
    label: b.label,
    orders: b.orders,
    energyKwh: b.energyKwh.toFixed(3),
    revenue: revenueList(b.revenue),
  }));
  const totals = {
    orders: series.reduce((s, b) => s + b.orders, 0),
    energyKwh: series.reduce((s, b) => s.plus(b.energyKwh), new Decimal(0)).toFixed(3),
    revenue: revenueList(
      Object.entries(
        rows.reduce<Record<string, Decimal>>((acc, x) => {
          if (x.revenue !== null) acc[x.currency] = (acc[x.currency] ?? new Decimal(0)).plus(x.revenue);
          return acc;
        }, {}),
      ).map(([currency, amount]) => ({ currency, amount: amount.toString() })),
    ),
  };
  return { startTime: start.toISOString(), endTime: end.toISOString(), timeZone: tz, groupBy: q.groupBy, series, totals };
}

/** GET /sp/station-insights: one record per station in scope (by name) over the range. */
export async function stationInsights(db: Db, auth: AuthContext, q: RangeFilter): Promise<z.infer<typeof stationInsightsAnswer>> {
  assertFilterInScope(auth, q);
  const { start, end } = rangeOf(q);
  const stationConds: (SQL | undefined)[] = [scopeWhere(auth, station)];
  if (q.companyCode) stationConds.push(eq(station.companyCode, q.companyCode));
  if (q.stationId) stationConds.push(eq(station.id, q.stationId));
  const stations = await db
    .select({
      id: station.id,
      name: station.name,
      companyCode: station.companyCode,
      currency: company.currency,
      chargers: sql<number>`(select count(*)::int from ${charger} where ${charger.stationId} = ${station.id})`,
    })
    .from(station)
    .leftJoin(company, eq(company.code, station.companyCode))
    .where(and(...stationConds))
    .orderBy(asc(station.name));
  const ids = stations.map((s) => s.id);
  const agg = ids.length
    ? await db
        .select({
          stationId: chargeOrder.stationId,
          sessions: count(),
          energyKwh: sql<string>`coalesce(sum(${chargeOrder.energyKwh}), 0)::text`,
          revenue: sql<string>`coalesce(sum(case when ${chargeOrder.status} in ('FINISHED','CLOSED') then ${chargeOrder.totalAmount} else 0 end), 0)::text`,
          seconds: sql<string>`coalesce(sum(extract(epoch from (least(coalesce(${chargeOrder.chargerStopTime}, now()), ${end}::timestamptz) - greatest(${chargeOrder.chargerStartTime}, ${start}::timestamptz)))), 0)::text`,
        })
        .from(chargeOrder)
        .where(and(inArray(chargeOrder.stationId, ids), gte(chargeOrder.chargerStartTime, start), lte(chargeOrder.chargerStartTime, end)))
        .groupBy(chargeOrder.stationId)
    : [];
  const byStation = new Map(agg.map((a) => [a.stationId, a]));
  const rangeSeconds = (end.getTime() - start.getTime()) / 1000;
  const records = stations.map((s) => {
    const a = byStation.get(s.id);
    const sessions = a?.sessions ?? 0;
    const seconds = new Decimal(a?.seconds ?? 0);
    const capacity = new Decimal(rangeSeconds).times(Math.max(s.chargers, 0));
    return {
      stationId: s.id,
      stationName: s.name,
      companyCode: s.companyCode,
      currency: s.currency ?? 'NO_CURRENCY',
      chargers: s.chargers,
      sessions,
      energyKwh: new Decimal(a?.energyKwh ?? 0).toFixed(3),
      revenue: new Decimal(a?.revenue ?? 0).toFixed(2),
      avgSessionMinutes: sessions ? seconds.div(sessions).div(60).toDecimalPlaces(1).toNumber() : 0,
      avgEnergyKwh: sessions ? new Decimal(a?.energyKwh ?? 0).div(sessions).toFixed(3) : '0.000',
      /** Share of charger time in use over the range, 0–1 with 4 decimals. */
      utilisation: capacity.isZero() ? 0 : Decimal.min(seconds.div(capacity), 1).toDecimalPlaces(4).toNumber(),
    };
  });
  return { startTime: start.toISOString(), endTime: end.toISOString(), records, total: records.length };
}
