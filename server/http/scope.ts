/**
 * Company scoping (spec §6, DESIGN.md §6 "Tenancy"): company users see and change only rows of
 * their company; platform administrators see everything.
 */
import { eq, type SQL } from 'drizzle-orm';
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
