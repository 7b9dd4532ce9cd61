/**
 * Helpers shared by the list endpoints (requirements §12): a whitelisted `sort` → ORDER BY, and a
 * LIKE pattern for substring search.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../http/envelope.js';

/** Sortable fields of a list: JSON field name → column or SQL expression. */
export type SortMap = Record<string, PgColumn | SQL>;

/**
 * The ORDER BY of a list query. `sort` must be a key of `fields` (else 400 naming `sort` with the
 * unknown value in `data.errors.sort`); `order` defaults to `defaultOrder`. `tieBreak` (the primary
 * key) keeps pages stable when sort values repeat.
 */
export function orderByOf(
  q: { sort?: string; order?: string },
  fields: SortMap,
  fallback: { sort: string; order: 'asc' | 'desc' },
  tieBreak: PgColumn,
): SQL[] {
  const field = q.sort || fallback.sort;
  const target = Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (!target) throw new AppError(400, 'sort', { errors: { sort: field } });
  const dir = (q.order ?? (q.sort ? 'asc' : fallback.order)).toLowerCase() === 'desc' ? desc : asc;
  return [dir(target), dir(tieBreak)];
}

/** `'true'|'false'` in a query string as a boolean. */
export const booleanStrings = ['true', 'false'] as const;
