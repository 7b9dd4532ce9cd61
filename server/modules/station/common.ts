/**
 * Helpers shared by the network-asset modules (stations, groups, chargers, gateways, rate
 * templates, search): body parsing to catalogue codes and the company a write goes to.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ErrorCode } from '../../../domain/errors.js';
import { failureOf, fieldIssues } from '../../../domain/entities/rules.js';
import type { Db } from '../../db/client.js';
import { company } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, FieldErrors } from '../../../domain/app-error.js';

/** A database handle or an open transaction (a transaction is a `Db` for Drizzle's types). */
export type Tx = Db;

/**
 * Parses `input` with `schema`; a failure throws `FieldErrors` naming every failing field with
 * its rule's code (docs/api.md "Field errors"). `emptyCodes` gives the "is empty" code of fields
 * whose schema does not declare one yet (a blank value there answers it instead of 400).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, emptyCodes: Readonly<Record<string, ErrorCode>> = {}): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  throw new FieldErrors(
    r.error.issues.length
      ? fieldIssues(r.error.issues).map((i) => {
          if (i.code !== 400) return i;
          const f = failureOf(new z.ZodError([r.error.issues.find((x) => x.path.map(String).join('.') === i.field) ?? r.error.issues[0]]), input, emptyCodes);
          return f.code === 400 ? i : { ...i, code: f.code, key: `catalogue.${f.code}` };
        })
      : [],
  );
}

/**
 * The company a write goes to: company users write to their own (another → 725); platform
 * administrators must name an existing one (missing → 600, unknown → 400).
 */
export async function writeCompany(db: Db, auth: AuthContext, requested: string | null | undefined): Promise<string> {
  if (!auth.isAdmin) {
    if (requested && requested !== auth.companyCode) throw new AppError(725, 'companyCode');
    if (!auth.companyCode) throw new AppError(725);
    return auth.companyCode;
  }
  if (!requested) throw new AppError(600, 'companyCode');
  const [row] = await db.select({ code: company.code }).from(company).where(eq(company.code, requested));
  if (!row) throw new AppError(400, 'companyCode');
  return requested;
}

/** The company filter of a list: another company's code from a company user → 709. */
export function readCompanyFilter(auth: AuthContext, requested: string | undefined): string | undefined {
  if (!requested) return undefined;
  if (!auth.isAdmin && requested !== auth.companyCode) throw new AppError(709, 'companyCode');
  return requested;
}

/** ISO-8601 UTC string of a timestamp (null stays null). */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
