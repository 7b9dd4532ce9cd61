/**
 * The figures of `GET /sp/dashboard?companyCode=` (requirements §2 "Dashboard"; any signed-in user). Company users are
 * always held to their own company (another `companyCode` → 709); administrators see all
 * companies or the one they pass. A station manager's station, charger and order figures cover
 * only their stations (requirements §6); card and app users belong to the company and are counted for it. Day and month boundaries follow the caller's `Time-Zone` header
 * (IANA; UTC when absent or unknown).
 *
 * Definitions (docs/api.md):
 * - `split`: the dashboard state of each charger (server/modules/charger/record.ts);
 *   `chargersInUse` = charging + occupied; `faultyChargers` = faulty.
 * - `orders.count` all orders; `paid` paid ones; `unpaid` finished/closed orders not paid (an open
 *   CHARGING order is neither); `energyKwh` energy of all orders.
 * - `revenue` Σ totalAmount and `profit` Σ serviceFee of FINISHED/CLOSED orders, per currency.
 * - `ordersThisMonth`/`ordersLastMonth`, `cardUsers`/`appUsers` month counts: by charger start
 *   time / creation time in calendar months of the caller's zone.
 * - `energyByDay`: the last 14 days (today included) of the caller's zone, by charger start time.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DASHBOARD_SPLIT, type DashboardState } from '../../../domain/enums.js';
import type { Db } from '../../db/client.js';
import { appUser, cardUser, charger, chargeOrder, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { assertSameCompany, stationWhere } from '../../http/scope.js';
import { dashboardStateSql } from '../charger/service.js';
import { latestOrders, type OrderRecord } from '../order/service.js';

/** Days in `energyByDay`. */
export const ENERGY_DAYS = 14;
/** Orders whose amounts count as revenue. */
const BILLED = ['FINISHED', 'CLOSED'];

/** `YYYY-MM-DD` of `at` in zone `tz`. */
export function localDate(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export interface MonthCounts {
  total: number;
  thisMonth: number;
  lastMonth: number;
}

export interface Dashboard {
  stations: number;
  chargers: number;
  chargersInUse: number;
  faultyChargers: number;
  split: Record<DashboardState, number>;
  orders: {
    count: number;
    paid: number;
    unpaid: number;
    energyKwh: string;
    revenue: { currency: string; amount: string }[];
    profit: { currency: string; amount: string }[];
  };
  cardUsers: MonthCounts;
  appUsers: MonthCounts;
  ordersThisMonth: number;
  ordersLastMonth: number;
  recentOrders: OrderRecord[];
  energyByDay: { day: string; energyKwh: string; orders: number }[];
}

/** The company the dashboard is about: the caller's own, or the admin's choice (undefined = all). */
export function companyOf(auth: AuthContext, requested: string | undefined): string | undefined {
  assertSameCompany(auth, requested, 'read');
  if (!auth.isAdmin) return auth.companyCode ?? '\u0000';
  return requested || undefined;
}

const where = (column: PgColumn, code: string | undefined): SQL | undefined => (code === undefined ? undefined : eq(column, code));

/** Month boundaries in the zone: local month start → back to a UTC instant. */
const monthStart = (tz: string) => sql`(date_trunc('month', now() AT TIME ZONE ${tz}::text) AT TIME ZONE ${tz}::text)`;
const lastMonthStart = (tz: string) => sql`((date_trunc('month', now() AT TIME ZONE ${tz}::text) - interval '1 month') AT TIME ZONE ${tz}::text)`;

function monthCountsSql(column: PgColumn, tz: string) {
  return {
    total: sql<number>`count(*)::int`,
    thisMonth: sql<number>`(count(*) FILTER (WHERE ${column} >= ${monthStart(tz)}))::int`,
    lastMonth: sql<number>`(count(*) FILTER (WHERE ${column} >= ${lastMonthStart(tz)} AND ${column} < ${monthStart(tz)}))::int`,
  };
}

/**
 * Computes the dashboard for `code` (undefined = every company) in zone `tz`; `auth`, when given,
 * narrows a station manager's station, charger and order figures to their stations.
 */
export async function computeDashboard(db: Db, code: string | undefined, tz: string, auth?: AuthContext): Promise<Dashboard> {
  const within = (column: PgColumn) => (auth ? stationWhere(auth, column) : undefined);
  // The queries are independent: they run at once (one round trip of waiting, not eight, when the
  // server is busy with chargers; on PGlite they queue on its one connection as before).
  const stationsQ = db
    .select({ stations: count() })
    .from(station)
    .where(and(where(station.companyCode, code), within(station.id)));

  const splitQ = db
    .select({ state: dashboardStateSql, n: sql<number>`count(*)::int` })
    .from(charger)
    .where(and(where(charger.companyCode, code), within(charger.stationId)))
    .groupBy(dashboardStateSql);

  const scope = and(where(chargeOrder.companyCode, code), within(chargeOrder.stationId));
  const totalsQ = db
    .select({
      count: sql<number>`count(*)::int`,
      paid: sql<number>`(count(*) FILTER (WHERE ${chargeOrder.paid}))::int`,
      unpaid: sql<number>`(count(*) FILTER (WHERE NOT ${chargeOrder.paid} AND ${chargeOrder.status} <> 'CHARGING'))::int`,
      energyKwh: sql<string>`COALESCE(SUM(${chargeOrder.energyKwh}), 0)::numeric(18,3)::text`,
      thisMonth: sql<number>`(count(*) FILTER (WHERE ${chargeOrder.chargerStartTime} >= ${monthStart(tz)}))::int`,
      lastMonth: sql<number>`(count(*) FILTER (WHERE ${chargeOrder.chargerStartTime} >= ${lastMonthStart(tz)} AND ${chargeOrder.chargerStartTime} < ${monthStart(tz)}))::int`,
    })
    .from(chargeOrder)
    .where(scope);

  const moneyQ = db
    .select({
      currency: chargeOrder.currency,
      revenue: sql<string>`SUM(${chargeOrder.totalAmount})::numeric(18,2)::text`,
      profit: sql<string>`SUM(${chargeOrder.serviceFee})::numeric(18,2)::text`,
    })
    .from(chargeOrder)
    .where(and(scope, inArray(chargeOrder.status, BILLED)))
    .groupBy(chargeOrder.currency)
    .orderBy(chargeOrder.currency);

  const cardsQ = db.select(monthCountsSql(cardUser.createdAt, tz)).from(cardUser).where(where(cardUser.companyCode, code));
  const appsQ = db.select(monthCountsSql(appUser.createdAt, tz)).from(appUser).where(where(appUser.companyCode, code));

  const recentQ = latestOrders(db, scope, 5);

  const localDay = sql<string>`to_char(${chargeOrder.chargerStartTime} AT TIME ZONE ${tz}::text, 'YYYY-MM-DD')`;
  const firstDay = sql`((date_trunc('day', now() AT TIME ZONE ${tz}::text) - ${sql.raw(`interval '${ENERGY_DAYS - 1} days'`)}) AT TIME ZONE ${tz}::text)`;
  const byDayQ = db
    .select({ day: localDay, energyKwh: sql<string>`SUM(${chargeOrder.energyKwh})::numeric(18,3)::text`, orders: sql<number>`count(*)::int` })
    .from(chargeOrder)
    .where(and(scope, sql`${chargeOrder.chargerStartTime} >= ${firstDay}`))
    // By position: the zone is a bind parameter, so the expression text differs from the SELECT's.
    .groupBy(sql`1`);

  const [[{ stations }], splitRows, [totals], money, [cards], [apps], recent, byDay] = await Promise.all([
    stationsQ,
    splitQ,
    totalsQ,
    moneyQ,
    cardsQ,
    appsQ,
    recentQ,
    byDayQ,
  ]);
  const split = Object.fromEntries(DASHBOARD_SPLIT.map((s) => [s, 0])) as Record<DashboardState, number>;
  for (const r of splitRows) split[r.state] = Number(r.n);
  const chargers = DASHBOARD_SPLIT.reduce((sum, s) => sum + split[s], 0);
  const today = localDate(new Date(), tz);
  const found = new Map(byDay.map((d) => [d.day, d]));
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const energyByDay = Array.from({ length: ENERGY_DAYS }, (_, i) => {
    const day = new Date(todayMs - (ENERGY_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const hit = found.get(day);
    return { day, energyKwh: hit?.energyKwh ?? '0.000', orders: hit ? Number(hit.orders) : 0 };
  });

  return {
    stations,
    chargers,
    chargersInUse: split.charging + split.occupied,
    faultyChargers: split.faulty,
    split,
    orders: {
      count: Number(totals.count),
      paid: Number(totals.paid),
      unpaid: Number(totals.unpaid),
      energyKwh: totals.energyKwh,
      revenue: money.map((m) => ({ currency: m.currency, amount: m.revenue })),
      profit: money.map((m) => ({ currency: m.currency, amount: m.profit })),
    },
    cardUsers: { total: Number(cards.total), thisMonth: Number(cards.thisMonth), lastMonth: Number(cards.lastMonth) },
    appUsers: { total: Number(apps.total), thisMonth: Number(apps.thisMonth), lastMonth: Number(apps.lastMonth) },
    ordersThisMonth: Number(totals.thisMonth),
    ordersLastMonth: Number(totals.lastMonth),
    recentOrders: recent,
    energyByDay,
  };
}
