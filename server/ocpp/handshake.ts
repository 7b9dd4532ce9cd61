/**
 * Who may open an OCPP socket (DESIGN.md §4, §6 "The charger link"):
 * - the identity (the last path segment) must be a registered charger, or a registered gateway
 *   (a local controller connecting with its own identity), whose lifeStatus is ACTIVE
 *   (else 404 / 403);
 * - the client must offer the `ocpp1.6` subprotocol (else 400);
 * - an identity with an OCPP password needs HTTP Basic auth, username = the identity (else 401);
 * - more than `MAX_FAILURES` refusals of one identity within a minute → 429 without checking
 *   (counted per node, or across nodes in Redis when there are several).
 * Chargers and gateways share one namespace (a gateway SN never equals a charger SN: 302 / 304).
 * Every refusal is stored in `connection_attempt` (identity, company when known, remote address,
 * reason). The duplicate-connection policy lives in central-system.ts.
 */
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { charger, connectionAttempt, gateway } from '../db/schema.js';
import { verifyPassword } from '../modules/auth/password.js';
import type { OcppSession } from './context.js';

/** Reasons stored in connection_attempt.reason. */
export type RefusalReason =
  | 'UNKNOWN_CHARGER' | 'INACTIVE' | 'NO_SUBPROTOCOL' | 'PASSWORD_REQUIRED' | 'BAD_PASSWORD'
  | 'RATE_LIMITED' | 'DUPLICATE' | 'REPLACED_DEAD_CONNECTION' | 'MALFORMED_IDENTITY';

export const MAX_FAILURES = 5;
const WINDOW_MS = 60_000;

export type Verdict =
  | { ok: true; session: OcppSession }
  | { ok: false; status: number; reason: RefusalReason; companyCode: string | null };

/** Counts refused handshakes per identity; more than MAX_FAILURES within a minute → 429. */
export interface RefusalCounter {
  /** True when `identity` has had more than MAX_FAILURES refusals in the last minute. */
  limited(identity: string): Promise<boolean>;
  /** Counts one refusal of `identity`. */
  record(identity: string): Promise<void>;
}

/** Refusals per identity over a sliding minute, in memory (one node). */
export class FailureLimiter implements RefusalCounter {
  private readonly failures = new Map<string, number[]>();

  async limited(identity: string, now = Date.now()): Promise<boolean> {
    const list = (this.failures.get(identity) ?? []).filter((t) => now - t < WINDOW_MS);
    if (list.length) this.failures.set(identity, list);
    else this.failures.delete(identity);
    return list.length > MAX_FAILURES;
  }

  async record(identity: string, now = Date.now()): Promise<void> {
    if (this.failures.size > 10_000) this.failures.clear();
    const list = this.failures.get(identity) ?? [];
    list.push(now);
    this.failures.set(identity, list);
  }
}

/**
 * Refusals per identity shared by every node (several nodes, `REDIS_URL`): a counter key
 * `<prefix>refused:<identity>` per fixed minute. When Redis does not answer, the node's own
 * in-memory counter decides.
 */
export class SharedFailureLimiter implements RefusalCounter {
  private readonly local = new FailureLimiter();
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(identity: string): string {
    return `${this.prefix}refused:${identity}:${Math.floor(Date.now() / WINDOW_MS)}`;
  }

  async limited(identity: string): Promise<boolean> {
    try {
      return Number(await this.redis.get(this.key(identity))) > MAX_FAILURES;
    } catch {
      return this.local.limited(identity);
    }
  }

  async record(identity: string): Promise<void> {
    await this.local.record(identity);
    const key = this.key(identity);
    await this.redis.multi().incr(key).pexpire(key, 2 * WINDOW_MS).exec().catch(() => undefined);
  }
}

/** The registered identity a handshake names: a charger first, else a gateway. */
async function findIdentity(db: Db, identity: string) {
  const cols = { id: charger.id, serialNum: charger.serialNum, companyCode: charger.companyCode, stationId: charger.stationId, lifeStatus: charger.lifeStatus, ocppPasswordHash: charger.ocppPasswordHash };
  const [c] = await db.select(cols).from(charger).where(eq(charger.serialNum, identity)).limit(1);
  if (c) return { kind: 'charger' as const, ...c };
  const [g] = await db.select({
    id: gateway.id, serialNum: gateway.serialNum, companyCode: gateway.companyCode, stationId: gateway.stationId,
    lifeStatus: gateway.lifeStatus, ocppPasswordHash: gateway.ocppPasswordHash,
  }).from(gateway).where(eq(gateway.serialNum, identity)).limit(1);
  return g ? { kind: 'gateway' as const, ...g } : undefined;
}

/** Checks a handshake: identity (charger or gateway), life status, subprotocol and password. */
export async function checkHandshake(db: Db, limiter: RefusalCounter, h: { identity: string; protocols: Set<string>; password: Buffer | undefined }): Promise<Verdict> {
  if (await limiter.limited(h.identity)) return { ok: false, status: 429, reason: 'RATE_LIMITED', companyCode: null };
  const row = await findIdentity(db, h.identity);
  if (!row) return { ok: false, status: 404, reason: 'UNKNOWN_CHARGER', companyCode: null };
  if (row.lifeStatus !== 'ACTIVE') return { ok: false, status: 403, reason: 'INACTIVE', companyCode: row.companyCode };
  if (!h.protocols.has('ocpp1.6')) return { ok: false, status: 400, reason: 'NO_SUBPROTOCOL', companyCode: row.companyCode };
  if (row.ocppPasswordHash) {
    if (!h.password) return { ok: false, status: 401, reason: 'PASSWORD_REQUIRED', companyCode: row.companyCode };
    if (!(await verifyPassword(h.password.toString('utf8'), row.ocppPasswordHash))) {
      return { ok: false, status: 401, reason: 'BAD_PASSWORD', companyCode: row.companyCode };
    }
  }
  return { ok: true, session: { kind: row.kind, id: row.id, serialNum: row.serialNum, companyCode: row.companyCode, stationId: row.stationId } };
}

/** Stores one refused (or displacing) connection attempt. */
export async function recordAttempt(db: Db, a: { identity: string; companyCode: string | null; remoteAddress: string | undefined; reason: RefusalReason }): Promise<void> {
  await db.insert(connectionAttempt).values({
    identity: a.identity.slice(0, 200), companyCode: a.companyCode, remoteAddress: a.remoteAddress ?? null, reason: a.reason,
  });
}
