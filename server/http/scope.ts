/**
 * Tenancy scope (docs/access-control.md "Company and station scoping"; requirements §6): what a caller may
 * see and change, derived once from the caller and applied to a query by naming the table.
 *
 * - Platform administrators: everything.
 * - Company users: the rows of their company.
 * - Station managers: the rows of their company and, of station-bound rows (stations, chargers,
 *   gateways, orders, the charger log and refused handshakes of their chargers and gateways,
 *   notifications about them, home chargers and their users, charging schedules, diagnostics
 *   requests, reservations, upgrade campaigns), only those of their `managedStationIds`.
 *
 * Every scoped table is registered in `TABLES` with its company column and, when its rows belong
 * to a station, how to reach the station. A service writes `scopeWhere(auth, chargeOrder)` or
 * `assertInScope(auth, chargeOrder, row, 'write')` (or `loadInScope(db, auth, homeCharger, id, 'write')`
 * for rows that reach their station through other rows) and gets both rules: a handler cannot apply
 * the company rule and forget the station rule. Refusals answer 709 (read) or 725 (write).
 */
import { eq, getTableColumns, inArray, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  account,
  appUser,
  balanceRecord,
  cardUser,
  charger,
  chargeOrder,
  chargerLog,
  company,
  connectionAttempt,
  diagnosticsRequest,
  event,
  firmware,
  firmwareCampaign,
  firmwareCampaignCharger,
  gateway,
  mailOutbox,
  notification,
  orderExportSetting,
  rateTemplate,
  role,
  station,
  stationGroup,
  chargingSchedule,
  homeCharger,
  homeMember,
  reservation,
  stationLoad,
  reportTicket,
} from '../db/schema.js';
import type { AuthContext } from './access.js';
import { AppError } from '../../domain/app-error.js';

/** Read (709 when refused) or write (725 when refused). */
export type ScopeMode = 'read' | 'write';

/** How a table is scoped: its company column, and how its rows reach a station (if they do). */
interface TableScope {
  company: PgColumn;
  /** The condition keeping rows of stations `ids` (undefined: the table is company-wide). */
  station?: (ids: readonly number[]) => SQL;
  /**
   * The key of a row that holds its station id, for `assertInScope`. A station-bound table
   * without one reaches its station through other rows (a charger, a campaign's chargers): its
   * rows are read by id only through `loadInScope`, which asks the database.
   */
  stationKey?: 'id' | 'stationId';
}

/** Chargers placed at stations `ids`. */
const chargersAt = (ids: readonly number[]) => sql`(select ${charger.id} from ${charger} where ${inArray(charger.stationId, [...ids])})`;

/** OCPP identities (charger and gateway serial numbers) placed at stations `ids`. */
const identitiesAt = (ids: readonly number[]) => sql`(select ${charger.serialNum} from ${charger} where ${inArray(charger.stationId, [...ids])}
  union all select ${gateway.serialNum} from ${gateway} where ${inArray(gateway.stationId, [...ids])})`;

/** A table scoped by its company column alone (company-wide rows). */
const byCompany = (t: PgTable & { companyCode: PgColumn }): [PgTable, TableScope] => [t, { company: t.companyCode }];
/** A table scoped by its company and, for a station manager, by its `stationId`. */
const byStation = (t: PgTable & { companyCode: PgColumn; stationId: PgColumn }): [PgTable, TableScope] => [
  t,
  { company: t.companyCode, station: (ids) => inArray(t.stationId, [...ids]), stationKey: 'stationId' },
];

const TABLES = new Map<PgTable, TableScope>([
  [company, { company: company.code }],
  // A firmware of no company (platform-wide) is an administrator's; public ones are read by all (firmware service).
  ...[
    account,
    role,
    stationGroup,
    rateTemplate,
    cardUser,
    appUser,
    balanceRecord,
    orderExportSetting,
    firmware,
    // Report tickets come from app users, who are company-wide (requirements §14).
    reportTicket,
    // Outbox rows are counted per company (a platform mail, of no company, by administrators only).
    mailOutbox,
  ].map(byCompany),
  [station, { company: station.companyCode, station: (ids) => inArray(station.id, [...ids]), stationKey: 'id' }],
  ...[charger, gateway, chargeOrder, event, stationLoad].map(byStation),
  // Rows about one charger reach their station through that charger (where it is now).
  // A home charger belongs to a company (requirements §16) and sits at its charger's station.
  ...[homeCharger, diagnosticsRequest, reservation].map((t): [PgTable, TableScope] => [
    t,
    { company: t.companyCode, station: (ids) => sql`${t.chargerId} in ${chargersAt(ids)}` },
  ]),
  // A home app user's access: through its home charger's charger.
  [
    homeMember,
    {
      company: homeMember.companyCode,
      station: (ids) => sql`${homeMember.homeChargerId} in (select ${homeCharger.id} from ${homeCharger} where ${homeCharger.chargerId} in ${chargersAt(ids)})`,
    },
  ],
  // A schedule of one charger: that charger's station; of a whole station: the station.
  [
    chargingSchedule,
    {
      company: chargingSchedule.companyCode,
      station: (ids) =>
        sql`(${chargingSchedule.chargerId} in ${chargersAt(ids)} or (${chargingSchedule.chargerId} is null and ${inArray(chargingSchedule.stationId, [...ids])}))`,
    },
  ],
  // An upgrade campaign sends to each of its chargers: a station manager reaches it only when every one is at its stations.
  [
    firmwareCampaign,
    {
      company: firmwareCampaign.companyCode,
      station: (ids) => sql`not exists (select 1 from ${firmwareCampaignCharger} where ${firmwareCampaignCharger.campaignId} = ${firmwareCampaign.id}
      and ${firmwareCampaignCharger.chargerId} not in ${chargersAt(ids)})`,
    },
  ],
  // Log rows name the device, not its station: they reach stations through the device's SN.
  [chargerLog, { company: chargerLog.companyCode, station: (ids) => sql`${chargerLog.chargerSn} in ${identitiesAt(ids)}` }],
  [connectionAttempt, { company: connectionAttempt.companyCode, station: (ids) => sql`${connectionAttempt.identity} in ${identitiesAt(ids)}` }],
  // A report ticket's notice is about no device: a station manager sees it like the ticket (company-wide).
  [
    notification,
    { company: notification.companyCode, station: (ids) => sql`(${notification.serialNum} in ${identitiesAt(ids)} or ${notification.kind} = 'REPORT_TICKET')` },
  ],
]);

/** The scope of a table; throws (a programming error, 500) for a table that is not registered. */
function tableScope(table: PgTable): TableScope {
  const s = TABLES.get(table);
  if (!s) throw new Error('scope: table not registered in server/http/scope.ts');
  return s;
}

/** True when the caller is a station manager, limited to `auth.managedStationIds` (requirements §6). */
export function isStationManager(auth: AuthContext): boolean {
  return !auth.isAdmin && auth.userType === 'STATION_MANAGER';
}

/** The stations the caller is limited to; null = no station limit (everyone but station managers). */
export function stationLimit(auth: AuthContext): readonly number[] | null {
  return isStationManager(auth) ? auth.managedStationIds : null;
}

/**
 * The WHERE condition limiting a query on `table` to what the caller may see: the caller's company
 * (none for administrators) and, for station-bound tables, a station manager's stations (nothing
 * at all for a manager without stations). Combine with the route's own filters in `and(…)`.
 */
export function scopeWhere(auth: AuthContext, table: PgTable): SQL | undefined {
  const s = tableScope(table);
  if (auth.isAdmin) return undefined;
  const byCompany = eq(s.company, auth.companyCode ?? '\u0000');
  const ids = stationLimit(auth);
  if (!s.station || ids === null) return byCompany;
  return ids.length ? sql`(${byCompany} and ${s.station(ids)})` : sql`false`;
}

/**
 * The station condition alone on a station id `column` of a join or aggregate that `scopeWhere`
 * cannot name by table (the dashboard's counts); undefined for everyone but station managers.
 */
export function stationWhere(auth: AuthContext, column: PgColumn): SQL | undefined {
  const ids = stationLimit(auth);
  if (ids === null) return undefined;
  return ids.length ? inArray(column, [...ids]) : sql`false`;
}

/**
 * Throws 709 (read) or 725 (write) when `row` of `table` is outside the caller's scope: another
 * company's, or, for a station manager, a station-bound row of another station (a row placed at
 * no station included).
 */
export function assertInScope(
  auth: AuthContext,
  table: PgTable,
  row: { companyCode: string | null; id?: number; stationId?: number | null },
  mode: ScopeMode,
): void {
  const s = tableScope(table);
  if (s.station && !s.stationKey) throw new Error('scope: rows of this table reach their station through others; read them with loadInScope');
  if (auth.isAdmin) return;
  assertSameCompany(auth, row.companyCode ?? '\u0000', mode);
  if (s.stationKey) assertStationAccess(auth, row[s.stationKey] ?? -1, mode);
}

/**
 * Row `id` of `table` read for the caller (requirements §6): undefined when there is none (the
 * caller answers its own not-found code), 709 (read) or 725 (write) when it exists outside the
 * caller's scope. The scope is the same condition `scopeWhere` puts on lists, asked of the
 * database in the same statement, so rows that reach their station through other rows (a home
 * charger's charger, every charger of an upgrade campaign) are checked like the others.
 */
export async function loadInScope<T extends PgTable & { id: PgColumn; companyCode: PgColumn }>(
  db: Db,
  auth: AuthContext,
  table: T,
  id: number,
  mode: ScopeMode,
): Promise<InferSelectModel<T> | undefined> {
  const where = scopeWhere(auth, table);
  // biome-ignore lint/suspicious/noExplicitAny: drizzle cannot type a select over a generic table; the row is the table's own
  const [hit] = (await (db.select({ row: getTableColumns(table), visible: sql<boolean>`${where ?? sql`true`}` }) as any)
    .from(table)
    .where(eq(table.id, id))) as { row: InferSelectModel<T>; visible: boolean | string }[];
  if (!hit) return undefined;
  if (hit.visible !== true && hit.visible !== 't') throw new AppError(mode === 'read' ? 709 : 725);
  return hit.row;
}

/**
 * Throws 709 (read) or 725 (write) when a company user names another company's data.
 * @param companyCode the company of the row or filter, undefined/null when none is named.
 */
export function assertSameCompany(auth: AuthContext, companyCode: string | null | undefined, mode: ScopeMode): void {
  if (auth.isAdmin || companyCode === undefined || companyCode === null || companyCode === '') return;
  if (companyCode !== auth.companyCode) throw new AppError(mode === 'read' ? 709 : 725);
}

/**
 * Throws 709 (read) or 725 (write) when a station manager names a station outside their list.
 * @param stationId the station of the row or filter, undefined/null when none is named.
 */
export function assertStationAccess(auth: AuthContext, stationId: number | null | undefined, mode: ScopeMode): void {
  if (!isStationManager(auth) || stationId === undefined || stationId === null) return;
  if (!auth.managedStationIds.includes(stationId)) throw new AppError(mode === 'read' ? 709 : 725);
}

/** Checks a list's company and station filters (`?companyCode=`, `?stationId=`): 709 when outside the scope. */
export function assertFilterInScope(auth: AuthContext, q: { companyCode?: string | null; stationId?: number | null }): void {
  assertSameCompany(auth, q.companyCode, 'read');
  assertStationAccess(auth, q.stationId, 'read');
}

/** True when the caller may see an event about a row of `companyCode` at station `stationId` (the live stream). */
export function canSeeRow(auth: AuthContext, companyCode: string, stationId: number | null): boolean {
  if (auth.isAdmin) return true;
  if (auth.companyCode !== companyCode) return false;
  const ids = stationLimit(auth);
  return ids === null || (stationId !== null && ids.includes(stationId));
}
