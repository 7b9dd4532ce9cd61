/**
 * Live monitoring reads (requirements §14): the map's compact station list and one
 * station's chargers, connectors and running sessions. Both read the live state the OCPP link
 * keeps (charger.online / run_status, connector rows, open orders, meter values); nothing is cached.
 */
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appUser, cardUser, charger, chargeOrder, meterValue, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { assertInScope, scopeWhere } from '../../http/scope.js';
import { likeTerm } from '../../http/paging.js';
import type { Page } from '../../http/envelope.js';
import { chargerDashboardState, connectorsOf } from '../charger/service.js';
import { ENERGY_REGISTER, displayReading, energyKwh, registerWh } from '../../../domain/meter.js';
import {
  MAP_STATES,
  stationMapState,
  type MapAnswer,
  type StationListItem,
  type MapStation,
  type MonitoredCharger,
  type StationMonitorAnswer,
} from '../../../domain/entities/monitoring.js';

const POWER = 'Power.Active.Import';

/**
 * SQL (a derived table): `station_id` and `idx` of every charger placed at a station (of
 * `companyCode` when given), `idx` its dashboard state — the rule of
 * server/modules/charger/mapper.ts — as an index into MAP_STATES. Connectors are folded per
 * charger once, so the cost is one pass over chargers and connectors.
 */
function chargerStatesSql(companyCode: string | undefined): SQL {
  const [faulty, charging, occupied, available, offline] = MAP_STATES.map((s) => MAP_STATES.indexOf(s));
  const byCompany = companyCode ? sql`AND c.company_code = ${companyCode}` : sql``;
  return sql`(SELECT c.station_id, CASE
      WHEN NOT c.online THEN ${offline}
      WHEN c.run_status = 'Faulted' THEN ${faulty}
      WHEN c.run_status = 'Charging' OR coalesce(k.charging, false) THEN ${charging}
      WHEN coalesce(k.faulted, false) THEN ${faulty}
      WHEN coalesce(c.run_status, 'Available') <> 'Available' OR coalesce(k.other, false) THEN ${occupied}
      ELSE ${available} END AS idx
    FROM charger c
    LEFT JOIN (SELECT charger_id, bool_or(status = 'Charging') AS charging, bool_or(status = 'Faulted') AS faulted,
        bool_or(status <> 'Available') AS other FROM connector GROUP BY charger_id) k ON k.charger_id = c.id
    WHERE c.station_id IS NOT NULL ${byCompany}) cs`;
}

/** Worst state index of a station over the joined `cs` rows (offline without chargers). */
const worstIdx = sql<number>`coalesce(min(cs.idx), ${MAP_STATES.indexOf('offline')})::int`;

/**
 * The map of `companyCode` (undefined = every company the caller sees): one row per station with
 * coordinates, its worst charger state, its charger count and its name, in one query.
 */
export async function mapOf(db: Db, auth: AuthContext, companyCode: string | undefined): Promise<MapAnswer> {
  const rows = await db
    .select({
      id: station.id,
      name: station.name,
      lat: sql<number | null>`${station.latitude}::float8`,
      lng: sql<number | null>`${station.longitude}::float8`,
      idx: worstIdx,
      chargers: sql<number>`count(cs.station_id)::int`,
    })
    .from(station)
    .leftJoin(chargerStatesSql(companyCode), sql`cs.station_id = ${station.id}`)
    .where(and(scopeWhere(auth, station), companyCode ? eq(station.companyCode, companyCode) : undefined))
    .groupBy(station.id)
    .orderBy(station.id);
  const counts = Object.fromEntries(MAP_STATES.map((s) => [s, 0])) as MapAnswer['counts'];
  const stations: MapStation[] = [];
  let unplaced = 0;
  for (const r of rows) {
    counts[MAP_STATES[r.idx] ?? 'offline'] += 1;
    if (r.lat === null || r.lng === null) unplaced += 1;
    else stations.push([r.id, r.lat, r.lng, r.idx, r.chargers, r.name]);
  }
  return { states: [...MAP_STATES], stations, unplaced, counts };
}

/** kW with 3 decimals from a Power.Active.Import sample (domain/meter.ts `displayReading`: W, kW or no unit = W). */
function powerKw(value: string, unit: string | null): string | null {
  return displayReading({ value, unit, measurand: POWER })?.value.toFixed(3) ?? null;
}

/**
 * One station's live grid: chargers with their connectors and the open order of each connector
 * (power now, energy and duration so far, idTag or user name). 801 when the station is missing,
 * 709 when it is outside the caller's scope. Four small queries whatever the station's size.
 */
export async function stationMonitor(db: Db, auth: AuthContext, id: number, now = new Date()): Promise<StationMonitorAnswer> {
  const [s] = await db.select().from(station).where(eq(station.id, id)).limit(1);
  if (!s) throw new AppError(801);
  assertInScope(auth, station, s, 'read');
  const chargers = await db.select().from(charger).where(eq(charger.stationId, id)).orderBy(charger.serialNum);
  const ids = chargers.map((c) => c.id);
  const connectors = await connectorsOf(db, ids);
  const open = ids.length
    ? await db
        .select({
          o: chargeOrder,
          cardName: sql<string | null>`nullif(trim(concat_ws(' ', ${cardUser.firstName}, ${cardUser.lastName})), '')`,
          appName: appUser.nickname,
        })
        .from(chargeOrder)
        .leftJoin(cardUser, eq(cardUser.id, chargeOrder.cardUserId))
        .leftJoin(appUser, eq(appUser.id, chargeOrder.appUserId))
        .where(and(inArray(chargeOrder.chargerId, ids), eq(chargeOrder.status, 'CHARGING')))
        .orderBy(desc(chargeOrder.chargerStartTime))
    : [];
  const txIds = open.map((r) => r.o.transactionId);
  // Latest energy register and power sample of each running transaction (meter_value_tx index).
  const latest = txIds.length
    ? await db
        .selectDistinctOn([meterValue.transactionId, meterValue.measurand], {
          tx: meterValue.transactionId,
          measurand: meterValue.measurand,
          value: meterValue.value,
          unit: meterValue.unit,
        })
        .from(meterValue)
        .where(
          and(inArray(meterValue.transactionId, txIds), inArray(meterValue.measurand, [ENERGY_REGISTER, POWER]), sql`coalesce(${meterValue.phase}, '') = ''`),
        )
        .orderBy(meterValue.transactionId, meterValue.measurand, desc(meterValue.timestamp))
    : [];
  const reading = new Map(latest.map((m) => [`${m.tx}:${m.measurand}`, m]));
  const session = new Map<string, MonitoredCharger['connectors'][number]['session']>();
  for (const { o, cardName, appName } of open) {
    const key = `${o.chargerId}:${o.connectorId}`;
    if (session.has(key)) continue;
    const reg = reading.get(`${o.transactionId}:${ENERGY_REGISTER}`);
    const wh = reg ? registerWh(reg) : null;
    const pw = reading.get(`${o.transactionId}:${POWER}`);
    session.set(key, {
      orderNo: o.orderNo,
      transactionId: o.transactionId,
      idTag: o.idTag,
      userName: cardName ?? appName ?? null,
      startTime: o.chargerStartTime.toISOString(),
      durationSeconds: Math.max(0, Math.round((now.getTime() - o.serverStartTime.getTime()) / 1000)),
      energyKwh: wh ? energyKwh(o.meterStart, wh) : '0.000',
      powerKw: pw ? powerKw(pw.value, pw.unit) : null,
    });
  }
  const list: MonitoredCharger[] = chargers.map((c) => {
    const ks = connectors.get(c.id) ?? [];
    return {
      id: c.id,
      serialNum: c.serialNum,
      online: c.online,
      dashboardState: chargerDashboardState(
        c.online,
        c.runStatus,
        ks.map((k) => k.status),
      ),
      runStatus: c.runStatus,
      ratedPowerKw: c.ratedPowerKw,
      lastSeenAt: c.lastSeenAt ? c.lastSeenAt.toISOString() : null,
      connectors: ks.map((k) => ({
        connectorId: k.connectorId,
        status: k.status,
        errorCode: k.errorCode,
        statusAt: k.statusAt.toISOString(),
        session: session.get(`${c.id}:${k.connectorId}`) ?? null,
      })),
    };
  });
  return {
    id: s.id,
    name: s.name,
    companyCode: s.companyCode,
    address: [s.address, s.houseNumber, s.city].filter(Boolean).join(' '),
    latitude: s.latitude === null ? null : Number(s.latitude),
    longitude: s.longitude === null ? null : Number(s.longitude),
    state: stationMapState(list.map((c) => c.dashboardState)),
    chargers: list,
  };
}

/**
 * The stations to watch (the station monitoring picker): `q` in the name, of `companyCode` when
 * given, in the caller's scope, by name; each with its worst state and charger count.
 */
export async function stationList(
  db: Db,
  auth: AuthContext,
  q: { companyCode?: string; q?: string; limit: number; offset: number },
): Promise<Page<StationListItem>> {
  const where = and(
    scopeWhere(auth, station),
    q.companyCode ? eq(station.companyCode, q.companyCode) : undefined,
    q.q ? ilike(station.name, likeTerm(q.q)) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(station).where(where);
  const rows = await db
    .select({ id: station.id, name: station.name, companyCode: station.companyCode, idx: worstIdx, chargers: sql<number>`count(cs.station_id)::int` })
    .from(station)
    .leftJoin(chargerStatesSql(q.companyCode), sql`cs.station_id = ${station.id}`)
    .where(where)
    .groupBy(station.id)
    .orderBy(asc(station.name), asc(station.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    records: rows.map((r) => ({ id: r.id, name: r.name, companyCode: r.companyCode, state: MAP_STATES[r.idx] ?? 'offline', chargers: r.chargers })),
    total,
  };
}
