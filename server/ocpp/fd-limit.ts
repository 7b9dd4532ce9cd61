/**
 * The process's file-descriptor limit and the chargers it allows (requirements §12; docs/deployment.md
 * "File descriptors"). Every charger socket holds one descriptor; the database pool, the log and
 * the console's requests need some more (`FD_RESERVE`).
 * - At start-up: a warning when the soft limit (`RLIMIT_NOFILE`, read from /proc/self/limits)
 *   leaves room for fewer chargers than OCPP_MAX_CHARGERS.
 * - Near the limit: a handshake beyond `limit − FD_RESERVE` open sockets is answered
 *   503 Service Unavailable with Retry-After (the charger retries later) and stored among the
 *   refused handshakes as `FD_LIMIT`, instead of the kernel refusing the connection unseen.
 * - At the limit: a connection the kernel could not accept (EMFILE / ENFILE) is logged (at most
 *   once per 10 s, with the count) and stored as an `FD_LIMIT` attempt of identity `*`.
 */
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/** Descriptors kept for everything that is not a charger socket (database, files, console). */
export const FD_RESERVE = 256;

/** The soft limit on open files of this process, or null when it cannot be read (not Linux) or is unlimited. */
export function openFileLimit(limitsText?: string): number | null {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = fs.readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const m = /^Max open files\s+(\d+|unlimited)\s+/m.exec(text);
  if (!m || m[1] === 'unlimited') return null;
  return Number(m[1]);
}

/** Charger sockets a limit of `limit` descriptors allows (Infinity when unknown). */
export function chargerCapacity(limit: number | null): number {
  return limit === null ? Infinity : Math.max(0, limit - FD_RESERVE);
}

/**
 * Warns (once, at start-up) when the descriptor limit allows fewer chargers than `wanted`.
 * @returns the capacity in charger sockets.
 */
export function checkFdLimit(wanted: number, log: FastifyBaseLogger, limit: number | null = openFileLimit()): number {
  const capacity = chargerCapacity(limit);
  if (capacity < wanted) {
    log.warn(
      { openFileLimit: limit, chargerCapacity: capacity, wanted },
      `the file-descriptor limit (${limit}) holds about ${capacity} chargers, fewer than OCPP_MAX_CHARGERS=${wanted}: raise it (systemd LimitNOFILE=, docs/deployment.md)`,
    );
  }
  return capacity;
}

/** True for the errors of an accept that ran out of descriptors. */
export function isFdExhaustion(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'EMFILE' || code === 'ENFILE';
}

/** Descriptors this process has open now (Linux: entries of /proc/self/fd), or null when unknown. */
export function openDescriptorCount(): number | null {
  try {
    return fs.readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

/**
 * Whether a side service (the FTP receiver of diagnostics, requirements R15.15) may open one more
 * connection and still leave `reserve` descriptors to HTTP and OCPP: true while
 * `limit − open > reserve`, or when either is unknown. The count is read at most once a `cacheMs`
 * (a flood of connections costs one directory read a second, not one per connection).
 */
export class DescriptorReserve {
  private checkedAt = -Infinity;
  private room = true;

  constructor(
    private readonly limit: number | null = openFileLimit(),
    private readonly reserve = FD_RESERVE,
    private readonly count: () => number | null = openDescriptorCount,
    private readonly cacheMs = 1000,
  ) {}

  /** True when a connection may be admitted (see the class). */
  hasRoom(now = Date.now()): boolean {
    if (this.limit === null) return true;
    if (now - this.checkedAt >= this.cacheMs) {
      const open = this.count();
      this.room = open === null || this.limit - open > this.reserve;
      this.checkedAt = now;
    }
    return this.room;
  }
}
