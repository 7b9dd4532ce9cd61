/**
 * The caller's IANA time zone from the `Time-Zone` header (requirements §12), used for day boundaries,
 * analytics buckets and exports. UTC when absent or unknown.
 */
import type { FastifyRequest } from 'fastify';

export function timeZoneOf(req: FastifyRequest): string {
  const raw = req.headers['time-zone'];
  const tz = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!tz || tz.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}
