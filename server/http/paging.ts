/**
 * Common list parameters (DESIGN.md §3): `page` (1-based), `size` (≤ 500), `sort`, `order`.
 */
import { z } from 'zod';

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

/** A string-or-repeated query value as an array (`?status=a&status=b`). */
export const manyQuery = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

/** An ISO or epoch (10-digit seconds / 13-digit milliseconds, spec §9) time in a query. */
export const timeQuery = z.string().transform((v, ctx) => {
  const d = /^\d{10}$/.test(v) ? new Date(Number(v) * 1000) : /^\d{13}$/.test(v) ? new Date(Number(v)) : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'invalid time' });
    return z.NEVER;
  }
  return d;
});
