/**
 * Analytics answers from the rollups (requirements §14): resolve the search to chargers in the
 * caller's scope, then sum `analytics_hour` (24 h by hour, 30 d by day of the caller's zone) or
 * `analytics_day` (1 y by month, UTC days; for an operator or stations, `analytics_month` for the
 * whole months and `analytics_day` for the month under way) over the period and the one before it,
 * and count fault events from the event table. Never scans orders.
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { storedMoney } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import { applyPendingRollups } from './rollup.js';
import { charger, company, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm } from '../../http/paging.js';
import { scopeWhere } from '../../http/scope.js';
import type { AnalyticsAnswer, AnalyticsFigures, AnalyticsPeriod, AnalyticsSearchType } from '../../../domain/entities/analytics.js';

interface PeriodShape {
  unit: 'hour' | 'day' | 'month';
  table: 'analytics_hour' | 'analytics_day';
  zone: 'caller' | 'UTC';
  count: number;
  step: string;
  label: string;
}

/** requirements §9: 24 hours by hour, 30 days by day, 1 year by month. */
const PERIODS: Record<AnalyticsPeriod, PeriodShape> = {
  '24h': { unit: 'hour', table: 'analytics_hour', zone: 'caller', count: 24, step: '1 hour', label: 'HH24:00' },
  '30d': { unit: 'day', table: 'analytics_hour', zone: 'caller', count: 30, step: '1 day', label: 'MM-DD' },
  '1y': { unit: 'month', table: 'analytics_day', zone: 'UTC', count: 12, step: '1 month', label: 'YYYY-MM' },
};

/**
 * What a search matched: the filter on rollup rows and events, the chargers behind it, and whether
 * the filter names companies or stations only (so the monthly rollup, kept per company and
 * station, can answer it).
 */
interface Match {
  names: string[];
  count: number;
  chargers: number;
  rollup: SQL;
  events: SQL;
  currencies: Map<string, string>;
  monthly: boolean;
}

async function resolve(db: Db, auth: AuthContext, type: AnalyticsSearchType, term: string): Promise<Match> {
  const none = { names: [], count: 0, chargers: 0, rollup: sql`false`, events: sql`false`, currencies: new Map<string, string>(), monthly: false };
  const currencies = async (codes: string[]) =>
    new Map(
      (codes.length ? await db.select({ code: company.code, currency: company.currency }).from(company).where(inArray(company.code, codes)) : []).map((c) => [
        c.code,
        c.currency,
      ]),
    );
  if (type === 'charger') {
    const rows = await db
      .select({ id: charger.id, sn: charger.serialNum, code: charger.companyCode })
      .from(charger)
      .where(and(scopeWhere(auth, charger), ilike(charger.serialNum, likeTerm(term))))
      .orderBy(charger.serialNum)
      .limit(500);
    if (!rows.length) return none;
    const ids = rows.map((r) => r.id);
    return {
      names: rows.slice(0, 10).map((r) => r.sn),
      count: rows.length,
      chargers: rows.length,
      rollup: sql`charger_id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
      events: sql`device_sn IN (${sql.join(
        rows.map((r) => sql`${r.sn}`),
        sql`, `,
      )})`,
      currencies: await currencies([...new Set(rows.map((r) => r.code))]),
      monthly: false,
    };
  }
  if (type === 'station') {
    const rows = await db
      .select({ id: station.id, name: station.name, code: station.companyCode })
      .from(station)
      .where(and(scopeWhere(auth, station), ilike(station.name, likeTerm(term))))
      .orderBy(station.name)
      .limit(500);
    if (!rows.length) return none;
    const ids = sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    );
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(charger)
      .where(
        inArray(
          charger.stationId,
          rows.map((r) => r.id),
        ),
      );
    return {
      names: rows.slice(0, 10).map((r) => r.name),
      count: rows.length,
      chargers: n,
      rollup: sql`station_id IN (${ids})`,
      events: sql`station_id IN (${ids})`,
      currencies: await currencies([...new Set(rows.map((r) => r.code))]),
      monthly: true,
    };
  }
  const rows = await db
    .select({ code: company.code, name: company.name, currency: company.currency })
    .from(company)
    .where(and(scopeWhere(auth, company), or(eq(company.code, term), ilike(company.name, likeTerm(term)))))
    .orderBy(company.name)
    .limit(50);
  if (!rows.length) return none;
  const codes = sql.join(
    rows.map((r) => sql`${r.code}`),
    sql`, `,
  );
  // A station manager's operator is their stations.
  const limit =
    !auth.isAdmin && auth.userType === 'STATION_MANAGER'
      ? auth.managedStationIds.length
        ? sql` AND station_id IN (${sql.join(
            auth.managedStationIds.map((i) => sql`${i}`),
            sql`, `,
          )})`
        : sql` AND false`
      : sql``;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(charger)
    .where(
      and(
        scopeWhere(auth, charger),
        inArray(
          charger.companyCode,
          rows.map((r) => r.code),
        ),
      ),
    );
  return {
    names: rows.slice(0, 10).map((r) => r.name),
    count: rows.length,
    chargers: n,
    rollup: sql`company_code IN (${codes})${limit}`,
    events: sql`company_code IN (${codes})${limit}`,
    currencies: new Map(rows.map((r) => [r.code, r.currency])),
    monthly: true,
  };
}

type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

interface Acc {
  sessions: number;
  energy: Decimal;
  revenue: Map<string, Decimal>;
  busy: Decimal;
  peak: Decimal;
  faults: number;
}
const empty = (): Acc => ({ sessions: 0, energy: new Decimal(0), revenue: new Map(), busy: new Decimal(0), peak: new Decimal(0), faults: 0 });

function figures(a: Acc, chargers: number, seconds: number): AnalyticsFigures {
  const capacity = chargers * seconds;
  return {
    sessions: a.sessions,
    energyKwh: a.energy.toFixed(3),
    revenue: [...a.revenue.entries()].sort(([x], [y]) => x.localeCompare(y)).map(([currency, amount]) => ({ currency, amount: storedMoney(amount) })),
    utilisation: capacity > 0 ? Decimal.min(a.busy.div(capacity), 1).toDecimalPlaces(4).toNumber() : 0,
    peakPowerKw: a.peak.toFixed(3),
    faults: a.faults,
  };
}

/**
 * The analytics of `search` (`searchType`) over `period` in zone `tz`. Blank search → 621
 * (requirements §5). A search that matches nothing in the caller's scope answers zeros.
 */
export async function analyticsOf(
  db: Db,
  auth: AuthContext,
  q: { searchType: AnalyticsSearchType; search?: string; period: AnalyticsPeriod },
  tz: string,
): Promise<AnalyticsAnswer> {
  const term = (q.search ?? '').trim();
  if (!term) throw new AppError(621, 'search');
  const p = PERIODS[q.period];
  const zone = p.zone === 'UTC' ? 'UTC' : tz;
  const match = await resolve(db, auth, q.searchType, term);
  await applyPendingRollups(db); // the orders closed before this read are in the figures
  const step = sql.raw(`interval '${p.step}'`);
  const back = sql.raw(`interval '${p.count - 1} ${p.unit}'`);
  const whole = sql.raw(`interval '${p.count} ${p.unit}'`);
  // Buckets of the period and the one before, in the zone (local wall-clock steps).
  const [bounds] = rowsOf(
    await db.execute(sql`SELECT
      ((date_trunc(${p.unit}::text, now(), ${zone}::text) AT TIME ZONE ${zone}::text) - ${back}) AT TIME ZONE ${zone}::text AS start,
      ((date_trunc(${p.unit}::text, now(), ${zone}::text) AT TIME ZONE ${zone}::text) - ${back} - ${whole}) AT TIME ZONE ${zone}::text AS prev,
      now() AS end`),
  );
  const start = new Date(bounds.start as string | Date);
  const prev = new Date(bounds.prev as string | Date);
  const end = new Date(bounds.end as string | Date);
  const keys = rowsOf(
    await db.execute(sql`SELECT (g AT TIME ZONE ${zone}::text) AS k, to_char(g, ${p.label}) AS label
    FROM generate_series(${start.toISOString()}::timestamptz AT TIME ZONE ${zone}::text, ${end.toISOString()}::timestamptz AT TIME ZONE ${zone}::text, ${step}) g`),
  ).map((r) => ({ key: new Date(r.k as string | Date).toISOString(), label: String(r.label) }));
  /** The rollup rows of `table` in [from, to), summed per bucket of the period and company. */
  const sums = (table: string, from: Date, to: Date) => sql`SELECT date_trunc(${p.unit}::text, bucket, ${zone}::text) AS k, company_code AS c,
      sum(sessions)::int AS sessions, sum(energy_kwh)::text AS energy, sum(revenue)::text AS revenue,
      sum(busy_seconds)::text AS busy, max(peak_power_kw)::text AS peak
    FROM ${sql.raw(table)} WHERE ${match.rollup} AND bucket >= ${from.toISOString()}::timestamptz AND bucket < ${to.toISOString()}::timestamptz
    GROUP BY 1, 2`;
  // A year of companies or stations: the whole months from the monthly rollup, the month under way
  // (up to now) from the daily one — the same buckets and bounds as the daily rollup alone.
  const thisMonth = new Date(keys[keys.length - 1]!.key);
  const agg = rowsOf(
    await db.execute(
      p.unit === 'month' && match.monthly
        ? sql`${sums('analytics_month', prev, thisMonth)} UNION ALL ${sums('analytics_day', thisMonth, end)}`
        : sums(p.table, prev, end),
    ),
  );
  const faults = rowsOf(
    await db.execute(sql`SELECT date_trunc(${p.unit}::text, occur_time, ${zone}::text) AS k, count(*)::int AS n
    FROM event WHERE event_level = 'fault' AND ${match.events} AND occur_time >= ${prev.toISOString()}::timestamptz AND occur_time < ${end.toISOString()}::timestamptz
    GROUP BY 1`),
  );
  const buckets = new Map(keys.map((k) => [k.key, empty()]));
  const total = empty();
  const before = empty();
  const add = (a: Acc, r: Row) => {
    a.sessions += Number(r.sessions);
    a.energy = a.energy.plus(String(r.energy));
    a.busy = a.busy.plus(String(r.busy));
    a.peak = Decimal.max(a.peak, String(r.peak));
    const cur = match.currencies.get(String(r.c)) ?? 'NO_CURRENCY';
    a.revenue.set(cur, (a.revenue.get(cur) ?? new Decimal(0)).plus(String(r.revenue)));
  };
  for (const r of agg) {
    const k = new Date(r.k as string | Date);
    if (k < start) {
      add(before, r);
      continue;
    }
    add(total, r);
    const b = buckets.get(k.toISOString());
    if (b) add(b, r);
  }
  for (const r of faults) {
    const k = new Date(r.k as string | Date);
    const n = Number(r.n);
    if (k < start) {
      before.faults += n;
      continue;
    }
    total.faults += n;
    const b = buckets.get(k.toISOString());
    if (b) b.faults += n;
  }
  const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);
  const series = keys.map((k, i) => {
    const next = i + 1 < keys.length ? new Date(keys[i + 1].key) : end;
    return { key: k.key, label: k.label, ...figures(buckets.get(k.key)!, match.chargers, seconds(new Date(k.key), next)) };
  });
  return {
    period: q.period,
    searchType: q.searchType,
    search: term,
    matched: { names: match.names, count: match.count, chargers: match.chargers },
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    previousStartTime: prev.toISOString(),
    timeZone: zone,
    series,
    totals: figures(total, match.chargers, seconds(start, end)),
    previous: figures(before, match.chargers, seconds(prev, start)),
  };
}
