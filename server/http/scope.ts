/**
 * Company scoping (spec §6, DESIGN.md §6 "Tenancy"): company users see and change only rows of
 * their company; platform administrators see everything.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from './access.js';
import { AppError } from './envelope.js';

/** The WHERE condition that limits `column` (a company_code column) to the caller's company. */
export function companyScope(auth: AuthContext, column: PgColumn): SQL | undefined {
  return auth.isAdmin ? undefined : eq(column, auth.companyCode ?? '\u0000');
}

/**
 * Throws 709 (read) or 725 (write) when a company user names another company's data.
 * @param companyCode the company of the row or filter, undefined/null when none is named.
 */
export function assertSameCompany(auth: AuthContext, companyCode: string | null | undefined, mode: 'read' | 'write'): void {
  if (auth.isAdmin || companyCode === undefined || companyCode === null || companyCode === '') return;
  if (companyCode !== auth.companyCode) throw new AppError(mode === 'read' ? 709 : 725);
}

/** True when the caller is a station manager, limited to `auth.managedStationIds` (spec §6). */
export function isStationManager(auth: AuthContext): boolean {
  return !auth.isAdmin && auth.userType === 'STATION_MANAGER';
}

/**
 * The WHERE condition that limits `column` (a station id column) to a station manager's stations;
 * undefined for everyone else (combine with `companyScope`). A manager with no stations sees nothing.
 */
export function stationScope(auth: AuthContext, column: PgColumn): SQL | undefined {
  if (!isStationManager(auth)) return undefined;
  return auth.managedStationIds.length ? inArray(column, auth.managedStationIds) : sql`false`;
}

/**
 * Throws 709 (read) or 725 (write) when a station manager names a station outside their list.
 * @param stationId the station of the row or filter, undefined/null when none is named.
 */
export function assertStationAccess(auth: AuthContext, stationId: number | null | undefined, mode: 'read' | 'write'): void {
  if (!isStationManager(auth) || stationId === undefined || stationId === null) return;
  if (!auth.managedStationIds.includes(stationId)) throw new AppError(mode === 'read' ? 709 : 725);
}
