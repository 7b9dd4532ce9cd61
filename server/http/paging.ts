/**
 * Common list parameters (requirements §12): `page` (1-based), `size` (≤ 500), `sort`, `order`.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from '../../domain/app-error.js';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** LIMIT/OFFSET for a page query. */
export function limitOffset(q: PageQuery): { limit: number; offset: number } {
  return { limit: q.size, offset: (q.page - 1) * q.size };
}

/** Sortable fields of a list: JSON field name → column or SQL expression. */
export type SortMap = Readonly<Record<string, PgColumn | SQL>>;

/** How a list sorts when the query says nothing, and how it keeps its pages stable. */
export interface ListOrder {
  /** Column (or expression) of the list when the query names no `sort`. */
  fallback: PgColumn | SQL;
  /** Direction of the fallback when the query names no `order` (default `asc`). */
  order?: 'asc' | 'desc';
  /** Direction of a named `sort` when the query names no `order` (default `asc`). */
  sortedOrder?: 'asc' | 'desc';
  /** Primary key appended so that rows with equal sort values keep their place across pages. */
  tieBreak?: PgColumn;
  /** Direction of the tie-break: fixed, or `same` as the list's (default `asc`). */
  tieOrder?: 'asc' | 'desc' | 'same';
}

/**
 * The one ORDER BY of a list (requirements §12): the `sort` field of `sortable` (own keys only:
 * `__proto__`, `constructor`… → 400 `sort` with the value in `data.errors.sort`, never a prototype
 * passed to SQL) or `how.fallback`, in the query's `order`, then `how.tieBreak`.
 */
export function orderByOf(q: { sort?: string; order?: string }, sortable: SortMap, how: ListOrder): SQL[] {
  if (q.sort && !Object.hasOwn(sortable, q.sort)) throw new AppError(400, 'sort', { errors: { sort: q.sort } });
  const column = q.sort ? sortable[q.sort] : how.fallback;
  const order = (q.order?.toLowerCase() ?? (q.sort ? how.sortedOrder : how.order) ?? 'asc') === 'desc' ? 'desc' : 'asc';
  const dir = order === 'desc' ? desc : asc;
  if (!how.tieBreak) return [dir(column)];
  const tie = how.tieOrder === 'same' ? order : (how.tieOrder ?? 'asc');
  return [dir(column), (tie === 'desc' ? desc : asc)(how.tieBreak)];
}

/** The order of a newest-first list (card users, app users): `id`, or a named `sort`, descending unless the query says asc; ties by id, newest first. */
export const NEWEST_FIRST = { order: 'desc', sortedOrder: 'desc', tieOrder: 'desc' } as const satisfies Partial<ListOrder>;

/** `'true'|'false'` in a query string as a boolean. */
export const booleanStrings = ['true', 'false'] as const;

/** Escapes LIKE wildcards of a user's search term: `%term%` matching it literally (ILIKE). */
export const likeTerm = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;

/** A string-or-repeated query value as an array (`?status=a&status=b`); declared with the entities. */
export { manyQuery } from '../../domain/entities/api.js';

/** An ISO or epoch (10-digit seconds / 13-digit milliseconds, requirements §9) time in a query. */
export const timeQuery = z.string().transform((v, ctx) => {
  const d = /^\d{10}$/.test(v) ? new Date(Number(v) * 1000) : /^\d{13}$/.test(v) ? new Date(Number(v)) : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'invalid time' });
    return z.NEVER;
  }
  return d;
});
