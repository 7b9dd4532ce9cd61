/**
 * NUL characters in API input (issue 9 item 20): PostgreSQL text cannot hold U+0000, so a search
 * term or a name carrying one would fail in the database (500 / 706). One `preValidation` hook on
 * the `/sp` tree refuses them first: any string of the query, the path parameters or a JSON body
 * containing U+0000 → 400 "Parameter error" naming the field. The charging app's `/app` tree registers
 * the same hook (a ticket's subject, nickname, e-mail or image name).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.js';

/** The dotted path of the first string holding U+0000 in `value` (depth-bounded), or null. */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
    const hit = nulPath(v, path ? `${path}.${k}` : k, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** Registers the hook on an encapsulated scope (`/sp`, `/app`). */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const field = nulPath(req.query) ?? nulPath(req.params) ?? (Buffer.isBuffer(req.body) ? null : nulPath(req.body));
    if (field) throw new AppError(400, field);
  });
}
