/**
 * Who may open an OCPP socket (requirements §12, §6 "The charger link"):
 * - the identity (the last path segment) must be a registered charger, or a registered gateway
 *   (a local controller connecting with its own identity), whose lifeStatus is ACTIVE
 *   (else 404 / 403);
 * - the client must offer the `ocpp1.6` subprotocol (else 400);
 * - an identity with an OCPP password needs HTTP Basic auth, username = the identity (else 401);
 *   during a key rotation (requirements R10.25) a charger's second password
 *   (`ocpp_password_grace_hash`) opens a socket too until `ocpp_password_grace_until`;
 * - more than `MAX_FAILURES` refusals of one identity from one address, or `MAX_ADDRESS_FAILURES`
 *   from one address, within a minute → 429 without checking (counted per node in bounded memory,
 *   or across nodes in Redis when there are several); the right password from another address
 *   still gets in.
 * - the channel must meet the charger's security profile (requirements R10.41–R10.42; ./channel.ts):
 *   profile 2 needs TLS (else 403 INSECURE_CHANNEL) and the password; profile 3 needs TLS and a
 *   client certificate fit for the identity (./client-cert.ts; else 401 CLIENT_CERT_*), and then
 *   no password. A connection meeting a higher profile the operator requested raises the profile
 *   (`raiseTo`); no connection ever lowers it. Gateways are profile 1.
 * Chargers and gateways share one namespace (a gateway SN never equals a charger SN: 302 / 304).
 * Every refusal is stored in `connection_attempt` (identity, company when known, remote address,
 * reason), repeats aggregated (`count`, first and last time). The duplicate-connection policy lives in central-system.ts.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { charger, connectionAttempt, gateway } from '../db/schema.js';
import { verifyPassword } from '../auth/password.js';
import type { OcppSession } from './context.js';
import { storable } from './storable.js';
import type { Channel } from './channel.js';
import type { CertRefusal } from './client-cert.js';

/** Reasons stored in connection_attempt.reason. */
export type RefusalReason =
  | 'UNKNOWN_CHARGER'
  | 'INACTIVE'
  | 'NO_SUBPROTOCOL'
  | 'PASSWORD_REQUIRED'
  | 'BAD_PASSWORD'
  | 'RATE_LIMITED'
  | 'DUPLICATE'
  | 'REPLACED_DEAD_CONNECTION'
  | 'MALFORMED_IDENTITY'
  | 'FD_LIMIT'
  | 'INSECURE_CHANNEL'
  | CertRefusal;

/** Refusals of one identity from one address within the window before it is refused 429. */
export const MAX_FAILURES = 5;
/** Refusals from one address (any identity) within the window before it is refused 429. */
export const MAX_ADDRESS_FAILURES = 50;
/** Keys (identity + address, address) the in-memory counter keeps; the least recent go first. */
export const MAX_TRACKED_KEYS = 10_000;
const WINDOW_MS = 60_000;

export type Verdict =
  | { ok: true; session: OcppSession /** A requested profile this connection met: store it as the charger's profile. */; raiseTo?: number }
  | { ok: false; status: number; reason: RefusalReason; companyCode: string | null };

/** Who a handshake comes from: the identity it names and the client's address. */
export interface Source {
  identity: string;
  address: string | undefined;
}

/**
 * Counts refused handshakes per identity + address and per address; more than MAX_FAILURES for
 * an identity from one address, or MAX_ADDRESS_FAILURES from one address, within the window → 429.
 * The right password from another address is never locked out by someone else's failures.
 */
export interface RefusalCounter {
  /** 'identity' or 'address' when that key is over its limit, else null. */
  limited(source: Source): Promise<'identity' | 'address' | null>;
  /** Counts one refusal of `source`. */
  record(source: Source): Promise<void>;
}

const keysOf = (s: Source) => ({ identity: `i:${s.address ?? '-'}:${s.identity}`, address: `a:${s.address ?? '-'}` });

/** Refusals over a sliding window, in memory (one node), bounded to MAX_TRACKED_KEYS keys (LRU). */
export class FailureLimiter implements RefusalCounter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly maxKeys = MAX_TRACKED_KEYS) {}

  private count(key: string, now: number): number {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list.length;
  }

  async limited(source: Source, now = Date.now()): Promise<'identity' | 'address' | null> {
    const k = keysOf(source);
    if (this.count(k.address, now) > MAX_ADDRESS_FAILURES) return 'address';
    return this.count(k.identity, now) > MAX_FAILURES ? 'identity' : null;
  }

  async record(source: Source, now = Date.now()): Promise<void> {
    const k = keysOf(source);
    for (const [key, max] of [
      [k.identity, MAX_FAILURES],
      [k.address, MAX_ADDRESS_FAILURES],
    ] as const) {
      const list = (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
      list.push(now);
      if (list.length > max + 1) list.splice(0, list.length - max - 1); // enough to say "over"
      this.failures.delete(key); // most recent last
      this.failures.set(key, list);
    }
    while (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value as string);
  }

  /** Keys held (for tests and metrics). */
  get size(): number {
    return this.failures.size;
  }
}

/**
 * Refusals shared by every node (several nodes, `REDIS_URL`): counter keys
 * `<prefix>refused:<key>:<minute>` per fixed minute, read as this minute plus the previous one.
 * When Redis does not answer, the node's own in-memory counter decides.
 */
export class SharedFailureLimiter implements RefusalCounter {
  private readonly local = new FailureLimiter();
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keys(key: string): [string, string] {
    const minute = Math.floor(Date.now() / WINDOW_MS);
    return [`${this.prefix}refused:${key}:${minute}`, `${this.prefix}refused:${key}:${minute - 1}`];
  }

  private async over(key: string, max: number): Promise<boolean> {
    const values = await this.redis.mget(...this.keys(key));
    return values.reduce((n, v) => n + Number(v ?? 0), 0) > max;
  }

  async limited(source: Source): Promise<'identity' | 'address' | null> {
    const k = keysOf(source);
    try {
      if (await this.over(k.address, MAX_ADDRESS_FAILURES)) return 'address';
      return (await this.over(k.identity, MAX_FAILURES)) ? 'identity' : null;
    } catch {
      return this.local.limited(source);
    }
  }

  async record(source: Source): Promise<void> {
    await this.local.record(source);
    const k = keysOf(source);
    const [a] = this.keys(k.address);
    const [i] = this.keys(k.identity);
    await this.redis
      .multi()
      .incr(a)
      .pexpire(a, 2 * WINDOW_MS)
      .incr(i)
      .pexpire(i, 2 * WINDOW_MS)
      .exec()
      .catch(() => undefined);
  }
}

const chargerCols = {
  id: charger.id,
  serialNum: charger.serialNum,
  companyCode: charger.companyCode,
  stationId: charger.stationId,
  lifeStatus: charger.lifeStatus,
  ocppPasswordHash: charger.ocppPasswordHash,
  graceHash: charger.ocppPasswordGraceHash,
  graceUntil: charger.ocppPasswordGraceUntil,
  securityProfile: charger.securityProfile,
  securityProfileRequested: charger.securityProfileRequested,
};
const gatewayCols = {
  id: gateway.id,
  serialNum: gateway.serialNum,
  companyCode: gateway.companyCode,
  stationId: gateway.stationId,
  lifeStatus: gateway.lifeStatus,
  ocppPasswordHash: gateway.ocppPasswordHash,
};

/**
 * A registered identity: a charger's or a gateway's row as the handshake needs it. `graceHash`
 * / `graceUntil`: a charger's second password during a key rotation (null hash: none was
 * required before); gateways have none.
 */
export type IdentityRow = {
  kind: 'charger' | 'gateway';
  id: number;
  serialNum: string;
  companyCode: string;
  stationId: number | null;
  lifeStatus: string;
  ocppPasswordHash: string | null;
  graceHash: string | null;
  graceUntil: Date | null;
  /** Security profile (0–3) and the higher one requested (null: none); gateways 1 / null. */
  securityProfile: number;
  securityProfileRequested: number | null;
};

/** The registered identities among `identities`: chargers first, else gateways (two queries whatever the count). */
async function findIdentities(db: Db, identities: string[]): Promise<Map<string, IdentityRow>> {
  const found = new Map<string, IdentityRow>();
  for (const c of await db.select(chargerCols).from(charger).where(inArray(charger.serialNum, identities))) found.set(c.serialNum, { kind: 'charger', ...c });
  const rest = identities.filter((i) => !found.has(i));
  if (rest.length) {
    for (const g of await db.select(gatewayCols).from(gateway).where(inArray(gateway.serialNum, rest)))
      found.set(g.serialNum, { kind: 'gateway', ...g, graceHash: null, graceUntil: null, securityProfile: 1, securityProfileRequested: null });
  }
  return found;
}

/** Identities looked up together at most (one query each for chargers and gateways). */
const LOOKUP_BATCH = 500;

/**
 * Handshake lookups without a query per attempt (requirements §12; a reconnect storm): the
 * identities of handshakes arriving together are read in one query (gathered until the event
 * loop turns, at most LOOKUP_BATCH), and a registered identity's row is reused for `ttlMs`. The
 * central system forgets an identity the moment the console deactivates it, renames it or gives
 * it a new password (bus topic `identityDeactivated`); other edits (company, station) reach a
 * new handshake within `ttlMs`. Unknown identities are never kept (a charger registered a second
 * ago gets in).
 */
export class IdentityLookup {
  private readonly cache = new Map<string, { row: IdentityRow; until: number }>();
  private queue = new Map<string, { resolve: (r: IdentityRow | undefined) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;
  private epoch = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  /** The registered identity `identity`, or undefined. */
  find(identity: string): Promise<IdentityRow | undefined> {
    const hit = this.cache.get(identity);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.row);
    return new Promise((resolve, reject) => {
      const waiting = this.queue.get(identity);
      if (waiting) waiting.push({ resolve, reject });
      else this.queue.set(identity, [{ resolve, reject }]);
      if (this.queue.size >= LOOKUP_BATCH) void this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  /** Drops what is known of `identity` (deactivated, renamed, new password). */
  forget(identity: string): void {
    this.epoch++;
    this.cache.delete(identity);
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    if (!batch.size) return;
    this.queue = new Map();
    const epoch = this.epoch;
    try {
      const found = await findIdentities(this.db, [...batch.keys()]);
      // A forget() during the query may concern a row just read: keep nothing of this batch then.
      const keep = this.ttlMs > 0 && epoch === this.epoch;
      for (const [identity, waiting] of batch) {
        const row = found.get(identity);
        if (row && keep) {
          this.cache.delete(identity);
          this.cache.set(identity, { row, until: Date.now() + this.ttlMs });
        }
        for (const w of waiting) w.resolve(row);
      }
      while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    } catch (err) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
    }
  }
}

/**
 * How a handshake's channel is judged: what it is (./channel.ts) and how its client certificate
 * is checked for the identity's operator (./client-cert.ts). None: plain ws, no certificate.
 */
export interface ChannelCheck {
  channel: Channel;
  certificate: (companyCode: string, identity: string, cert: Buffer | string | null) => Promise<CertRefusal | null>;
}

const PLAIN: ChannelCheck = { channel: { tls: false, clientCert: null }, certificate: async () => 'CLIENT_CERT_REQUIRED' };

/**
 * Checks a handshake from `address`: identity (charger or gateway, through `lookup` when given),
 * life status, subprotocol, the channel against the security profile, and password. A refusal is
 * never decided on a reused row: the row is read again first (a password cleared, a profile
 * changed or a charger reactivated a moment ago counts at once).
 */
export async function checkHandshake(
  db: Db,
  limiter: RefusalCounter,
  h: { identity: string; protocols: Set<string>; password: Buffer | undefined },
  address: string | undefined,
  lookup?: IdentityLookup,
  channel: ChannelCheck = PLAIN,
): Promise<Verdict> {
  if (await limiter.limited({ identity: h.identity, address })) return { ok: false, status: 429, reason: 'RATE_LIMITED', companyCode: null };
  if (!lookup) return judge((await findIdentities(db, [h.identity])).get(h.identity), h, channel);
  const row = await lookup.find(h.identity);
  const verdict = await judge(row, h, channel);
  if (verdict.ok || !row) return verdict;
  lookup.forget(h.identity);
  const fresh = await lookup.find(h.identity);
  const same =
    fresh &&
    fresh.id === row.id &&
    fresh.kind === row.kind &&
    fresh.lifeStatus === row.lifeStatus &&
    fresh.ocppPasswordHash === row.ocppPasswordHash &&
    fresh.graceHash === row.graceHash &&
    fresh.graceUntil?.getTime() === row.graceUntil?.getTime() &&
    fresh.securityProfile === row.securityProfile &&
    fresh.securityProfileRequested === row.securityProfileRequested;
  return same ? verdict : judge(fresh, h, channel);
}

/** The verdict on a handshake for the identity's row (undefined: not registered). */
async function judge(
  row: IdentityRow | undefined,
  h: { identity?: string; protocols: Set<string>; password: Buffer | undefined },
  check: ChannelCheck,
): Promise<Verdict> {
  if (!row) return { ok: false, status: 404, reason: 'UNKNOWN_CHARGER', companyCode: null };
  if (row.lifeStatus !== 'ACTIVE') return { ok: false, status: 403, reason: 'INACTIVE', companyCode: row.companyCode };
  if (!h.protocols.has('ocpp1.6')) return { ok: false, status: 400, reason: 'NO_SUBPROTOCOL', companyCode: row.companyCode };
  const { channel } = check;
  const required = row.securityProfile;
  if (required >= 2 && !channel.tls) return { ok: false, status: 403, reason: 'INSECURE_CHANNEL', companyCode: row.companyCode };
  // The certificate is checked only when it can matter: profile 3 now, or requested.
  const wantsCert = channel.tls && (required >= 3 || (row.securityProfileRequested ?? 0) >= 3);
  const certRefusal = wantsCert ? await check.certificate(row.companyCode, row.serialNum, channel.clientCert) : 'CLIENT_CERT_REQUIRED';
  if (required >= 3 && certRefusal) return { ok: false, status: 401, reason: certRefusal, companyCode: row.companyCode };
  const level = !channel.tls ? 1 : certRefusal === null ? 3 : 2;
  // Profile 3 proves the identity by its certificate; below it, Basic auth as always (required from profile 2).
  if (level < 3 && (row.ocppPasswordHash || required === 2)) {
    const refusal = row.ocppPasswordHash ? await passwordRefusal(row, h.password) : 'PASSWORD_REQUIRED';
    if (refusal) return { ok: false, status: 401, reason: refusal, companyCode: row.companyCode };
  }
  const requested = row.securityProfileRequested;
  const raiseTo = requested !== null && requested > required && level >= requested ? requested : undefined;
  return {
    ok: true,
    session: { kind: row.kind, id: row.id, serialNum: row.serialNum, companyCode: row.companyCode, stationId: row.stationId },
    ...(raiseTo ? { raiseTo } : {}),
  };
}

/**
 * Why `password` does not open the socket of `row` (which has a password), or null when it does:
 * the current password, or while `graceUntil` is ahead the second one (key rotation, R10.25; a
 * null second hash means no password was required before the rotation).
 */
async function passwordRefusal(row: IdentityRow, password: Buffer | undefined, now = Date.now()): Promise<'PASSWORD_REQUIRED' | 'BAD_PASSWORD' | null> {
  const grace = row.graceUntil !== null && row.graceUntil.getTime() > now;
  if (!password) return grace && row.graceHash === null ? null : 'PASSWORD_REQUIRED';
  const given = password.toString('utf8');
  if (await verifyPassword(given, row.ocppPasswordHash!)) return null;
  if (grace && (row.graceHash === null || (await verifyPassword(given, row.graceHash)))) return null;
  return 'BAD_PASSWORD';
}

/**
 * Stores one refused (or displacing) connection attempt: a repeat of an identity + address +
 * reason raises the row's `count` and moves its `at`, so storage grows with distinct sources, not
 * with attempts. Identities are stored as at most 200 storable characters.
 */
export async function recordAttempt(
  db: Db,
  a: { identity: string; companyCode: string | null; remoteAddress: string | undefined; reason: RefusalReason },
): Promise<void> {
  await db
    .insert(connectionAttempt)
    .values({
      identity: storable(a.identity.slice(0, 200)),
      companyCode: a.companyCode,
      remoteAddress: a.remoteAddress ?? null,
      reason: a.reason,
    })
    .onConflictDoUpdate({
      target: [connectionAttempt.identity, connectionAttempt.remoteAddress, connectionAttempt.reason],
      set: { count: sql`${connectionAttempt.count} + 1`, at: sql`now()`, companyCode: sql`coalesce(excluded.company_code, ${connectionAttempt.companyCode})` },
    });
}

/**
 * A refusal: counted by the limiter and stored. Refusals from an address already over its limit
 * are stored under the identity `*` (one row per address and reason), so a flood of fresh
 * identities cannot grow the table.
 */
export async function refuse(
  db: Db,
  limiter: RefusalCounter,
  a: { identity: string; companyCode: string | null; remoteAddress: string | undefined; reason: RefusalReason },
): Promise<void> {
  const source = { identity: a.identity, address: a.remoteAddress };
  const flooding = (await limiter.limited(source)) === 'address';
  await limiter.record(source);
  await recordAttempt(db, flooding ? { ...a, identity: '*', companyCode: null } : a);
}
