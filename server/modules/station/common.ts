/**
 * Helpers shared by the network-asset modules (stations, groups, chargers, gateways, rate
 * templates, search): body parsing to catalogue codes, unique-violation mapping by constraint
 * name, the company a write goes to, and whitelisted sorting.
 */
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ErrorCode } from '../../../domain/errors.js';
import { failureOf } from '../../../domain/schemas/asset-common.js';
import type { Db } from '../../db/client.js';
import { company } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/envelope.js';
import type { PageQuery } from '../../http/paging.js';

/** A database handle or an open transaction (a transaction is a `Db` for Drizzle's types). */
export type Tx = Db;

/**
 * Parses `input` with `schema`; a failure throws `AppError` with the catalogue code of the first
 * issue (the field's "is empty" code from `emptyCodes`, a rule's own code, or 400) and the field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, emptyCodes: Readonly<Record<string, ErrorCode>>): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const f = failureOf(r.error, input, emptyCodes);
  throw new AppError(f.code, f.field);
}

/** The name of the unique constraint or index a PostgreSQL error (23505) violated, else null. */
export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (x.code === '23505') return typeof x.constraint === 'string' ? x.constraint : '';
    e = x.cause;
  }
  return null;
}

/** Runs `fn`; a unique violation of a constraint named in `codes` becomes that catalogue code. */
export async function mapUnique<T>(codes: Readonly<Record<string, ErrorCode>>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const name = uniqueViolation(err);
    if (name !== null && name in codes) throw new AppError(codes[name], name);
    throw err;
  }
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

/** ORDER BY from a page query and a whitelist (`sort` outside it → 400); `fallback` otherwise. */
export function orderOf(q: PageQuery, whitelist: Readonly<Record<string, PgColumn | SQL>>, fallback: PgColumn): SQL {
  if (q.sort && !(q.sort in whitelist)) throw new AppError(400, 'sort');
  const col = q.sort ? whitelist[q.sort] : fallback;
  return (q.order ?? 'asc').toLowerCase() === 'desc' ? desc(col) : asc(col);
}

/** ISO-8601 UTC string of a timestamp (null stays null). */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
