/**
 * Common list parameters (requirements §12): `page` (1-based), `size` (≤ 500), `sort`, `order`.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from './envelope.js';

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

/**
 * ORDER BY of a newest-first list: the `sort` column from `sortable` (default its `id`; a name
 * outside it → 400 `sort`), descending unless `order` is asc, then `tiebreak` descending.
 */
export function newestFirst(q: PageQuery, sortable: Readonly<{ id: PgColumn } & Record<string, PgColumn>>, tiebreak: PgColumn): SQL[] {
  // own keys only: `__proto__`, `constructor`… are not columns (400, not 500)
  if (q.sort && !Object.hasOwn(sortable, q.sort)) throw new AppError(400, 'sort');
  const column = sortable[q.sort ?? 'id'];
  const dir = q.order?.toLowerCase() === 'asc' ? asc : desc;
  return [dir(column), desc(tiebreak)];
}

/**
 * The column of `sort` in `sortable` (own keys only, so `__proto__` or `constructor` → 400
 * `sort`, never a prototype passed to SQL); `fallback` when no sort is asked.
 */
export function sortColumn(sort: string | undefined, sortable: Readonly<Record<string, PgColumn>>, fallback: PgColumn): PgColumn {
  if (!sort) return fallback;
  if (!Object.hasOwn(sortable, sort)) throw new AppError(400, 'sort');
  return sortable[sort];
}

/** Escapes LIKE wildcards of a user's search term: `%term%` matching it literally (ILIKE). */
export const likeTerm = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;

/** A string-or-repeated query value as an array (`?status=a&status=b`). */
export const manyQuery = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

/** An ISO or epoch (10-digit seconds / 13-digit milliseconds, requirements §9) time in a query. */
export const timeQuery = z.string().transform((v, ctx) => {
  const d = /^\d{10}$/.test(v) ? new Date(Number(v) * 1000) : /^\d{13}$/.test(v) ? new Date(Number(v)) : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'invalid time' });
    return z.NEVER;
  }
  return d;
});
