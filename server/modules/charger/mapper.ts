/**
 * The charger record of the read API (row → JSON) and the charger's place in the dashboard split,
 * computed the same way in TypeScript (records) and in SQL (filters and counts).
 *
 * Dashboard state of a charger (requirements §2, §4), from its online flag, its connector-0 run status
 * and the status of each connector (OCPP StatusNotification):
 *   1. offline when the charger is not connected;
 *   2. faulty when the whole charger (connector 0) is Faulted;
 *   3. charging when connector 0 or any connector is Charging;
 *   4. faulty when any connector is Faulted;
 *   5. occupied when connector 0 or any connector is in another non-Available state
 *      (Preparing, SuspendedEVSE, SuspendedEV, Finishing, Reserved, Unavailable);
 *   6. available otherwise (no status reported yet counts as Available).
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { dashboardStateOf, type DashboardState } from '../../../domain/enums.js';
import { CHARGER_UNANSWERED, type ChargerRecord } from '../../../domain/entities/charger.js';
import { storedJson, withoutKeys } from '../../../domain/entities/stored.js';
import type { Db } from '../../db/client.js';
import { charger, company, connector, station } from '../../db/schema.js';

/** The columns a charger record is built from (one row of {@link chargerSelect}). */
export interface ChargerRow {
  c: typeof charger.$inferSelect;
  companyName: string | null;
  stationName: string | null;
  activeOrderNo: string | null;
}

export type ConnectorRow = typeof connector.$inferSelect;

/** The dashboard state of a charger (rules in the module comment). */
export function chargerDashboardState(online: boolean, runStatus: string | null, connectorStatuses: readonly string[]): DashboardState {
  if (!online) return 'offline';
  if (runStatus === 'Faulted') return 'faulty';
  const states = [runStatus, ...connectorStatuses].map((s) => dashboardStateOf(true, s));
  if (states.includes('charging')) return 'charging';
  if (states.includes('faulty')) return 'faulty';
  if (states.includes('occupied')) return 'occupied';
  return 'available';
}

const anyConnector = (cond: SQL) => sql`EXISTS (SELECT 1 FROM connector k WHERE k.charger_id = ${charger.id} AND ${cond})`;

/** The same rule as {@link chargerDashboardState} as an SQL expression over the `charger` table. */
export const dashboardStateSql: SQL<DashboardState> = sql<DashboardState>`(CASE
  WHEN NOT ${charger.online} THEN 'offline'
  WHEN ${charger.runStatus} = 'Faulted' THEN 'faulty'
  WHEN ${charger.runStatus} = 'Charging' OR ${anyConnector(sql`k.status = 'Charging'`)} THEN 'charging'
  WHEN ${anyConnector(sql`k.status = 'Faulted'`)} THEN 'faulty'
  WHEN COALESCE(${charger.runStatus}, 'Available') <> 'Available' OR ${anyConnector(sql`k.status <> 'Available'`)} THEN 'occupied'
  ELSE 'available' END)`;

/** The open order of the charger (correlated sub-select; uses the charge_order_charger index). */
const activeOrderSql = sql<
  string | null
>`(SELECT o.order_no FROM charge_order o WHERE o.charger_id = ${charger.id} AND o.status = 'CHARGING' ORDER BY o.charger_start_time DESC LIMIT 1)`;

/** Selected fields of a charger list/detail query (FROM charger + the joins of {@link chargerQuery}). */
export const chargerSelect = {
  c: charger,
  companyName: company.name,
  stationName: station.name,
  activeOrderNo: activeOrderSql,
};

/** SELECT … FROM charger LEFT JOIN company, station; add WHERE/ORDER/LIMIT. */
export function chargerQuery(db: Db) {
  return db.select(chargerSelect).from(charger).leftJoin(company, eq(company.code, charger.companyCode)).leftJoin(station, eq(station.id, charger.stationId));
}

/** The connectors of `chargerIds`, one query, grouped by charger id and ordered by connector id. */
export async function connectorsOf(db: Db, chargerIds: number[]): Promise<Map<number, ConnectorRow[]>> {
  const out = new Map<number, ConnectorRow[]>();
  if (chargerIds.length === 0) return out;
  const rows = await db.select().from(connector).where(inArray(connector.chargerId, chargerIds)).orderBy(connector.chargerId, connector.connectorId);
  for (const r of rows) {
    const list = out.get(r.chargerId) ?? [];
    list.push(r);
    out.set(r.chargerId, list);
  }
  return out;
}

/**
 * Row → JSON (the one mapping of a charger): the row as stored without the columns the API does not
 * answer (CHARGER_UNANSWERED: never the OCPP password hashes), and the computed extras.
 */
export function toChargerRecord(row: ChargerRow, connectors: ConnectorRow[]): ChargerRecord {
  const c = row.c;
  return {
    ...storedJson(withoutKeys(c, CHARGER_UNANSWERED)),
    companyName: row.companyName,
    stationName: row.stationName,
    dashboardState: chargerDashboardState(
      c.online,
      c.runStatus,
      connectors.map((k) => k.status),
    ),
    connectors: connectors.map(({ chargerId: _charger, vendorErrorCode: _vendorCode, ...k }) => storedJson(k)),
    activeOrderNo: row.activeOrderNo,
    createTimeStamp: c.createdAt.toISOString(),
  };
}

/** Loads one charger record by id (undefined when missing), company check left to the caller. */
export async function loadChargerRecord(db: Db, id: number): Promise<ChargerRecord | undefined> {
  const [row] = await chargerQuery(db).where(eq(charger.id, id)).limit(1);
  if (!row) return undefined;
  const connectors = await connectorsOf(db, [id]);
  return toChargerRecord(row, connectors.get(id) ?? []);
}
