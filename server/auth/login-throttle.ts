/**
 * Throttle of POST /sp/login (requirements R6.10; docs/access-control.md "Sign-in throttle"). Failed
 * sign-ins are counted over a sliding window of `windowMs` under three keys, so that a stranger
 * guessing one account cannot keep its owner out:
 *
 * - the account and client address together (`request.ip`, which honours TRUST_PROXY): after
 *   `account` failures that pair is locked for the window: every attempt from that address for that
 *   account is refused with 731 before any password hash runs, even with the right password;
 * - the client address, whatever the account: locked the same way after `address` failures;
 * - the account, whatever the address: from `account` failures on, a growing delay
 *   (`baseDelayMs` doubled per further failure, at most `windowMs`) during which the account is
 *   refused with 731 from every address that is not known for it. A known address is one this
 *   account signed in from successfully (the last `knownPerAccount` per account, remembered for
 *   `knownMs`): its owner signs in from there whatever strangers send from elsewhere.
 *
 * A success forgets the failures of the account and of its pair with that address (not the
 * address's own count) and remembers the address as known. Memory is bounded: at most `maxKeys`
 * failure keys and `maxKeys` accounts with known addresses, least recently touched dropped first
 * (only a right password adds a known address, so a stranger cannot push the owners' out).
 * Counts are per node (with REDIS_URL each node keeps its own).
 */

export interface LoginThrottleLimits {
  /** Failures of one account from one address before that pair is locked, and of one account before its delays start (LOGIN_MAX_FAILURES, 5). */
  account: number;
  /** Failures from one address within the window before it is locked (LOGIN_MAX_ADDRESS_FAILURES, 20). */
  address: number;
  /** Window and cooling-off time in milliseconds (LOGIN_LOCK_MINUTES, 15 min); also the longest account delay. */
  windowMs: number;
  /** Failure keys held at most, and accounts whose known addresses are held at most. */
  maxKeys: number;
  /** First account-wide delay in milliseconds (1 s unless given), doubled per further failure. */
  baseDelayMs?: number;
  /** How long a successful sign-in's address stays known (30 days unless given). */
  knownMs?: number;
  /** Known addresses kept per account (5 unless given; the most recent). */
  knownPerAccount?: number;
}

interface Entry {
  failures: number[];
  lockedUntil: number;
}

/** Which key refused an attempt: the client address, or the account (its pair with the address, or its delay). */
export type LoginLimit = 'account' | 'address';

const DAY_MS = 86_400_000;

export class LoginThrottle {
  private readonly keys = new Map<string, Entry>();
  /** Account key → (address → last successful sign-in, ms). */
  private readonly known = new Map<string, Map<string, number>>();

  constructor(readonly limits: LoginThrottleLimits) {}

  private static accountKey = (username: string) => `u:${username.trim().toLowerCase()}`;
  private static addressKey = (ip: string | undefined) => `a:${ip ?? '-'}`;
  private static pairKey = (username: string, ip: string | undefined) => `p:${ip ?? '-'}\n${username.trim().toLowerCase()}`;

  private locked(key: string, now: number): boolean {
    const e = this.keys.get(key);
    return !!e && e.lockedUntil > now;
  }

  private isKnown(username: string, ip: string | undefined, now: number): boolean {
    const at = this.known.get(LoginThrottle.accountKey(username))?.get(ip ?? '-');
    return at !== undefined && now - at < (this.limits.knownMs ?? 30 * DAY_MS);
  }

  /** 'account' or 'address' when the attempt is refused (731), else null. */
  limited(username: string, ip: string | undefined, now = Date.now()): LoginLimit | null {
    if (this.locked(LoginThrottle.addressKey(ip), now)) return 'address';
    if (this.locked(LoginThrottle.pairKey(username, ip), now)) return 'account';
    if (this.locked(LoginThrottle.accountKey(username), now) && !this.isKnown(username, ip, now)) return 'account';
    return null;
  }

  /** Counts one failed sign-in for the pair, the address and the account; locks or delays a key reaching its limit. */
  failed(username: string, ip: string | undefined, now = Date.now()): void {
    const { windowMs, account, address } = this.limits;
    const base = this.limits.baseDelayMs ?? 1000;
    const count = (key: string, max: number, hold: (n: number) => number) => {
      const e = this.keys.get(key) ?? { failures: [], lockedUntil: 0 };
      e.failures = e.failures.filter((t) => now - t < windowMs);
      e.failures.push(now);
      // Enough to reach the longest delay (2^32 × base exceeds any window); the rest is not needed.
      if (e.failures.length > max + 32) e.failures.splice(0, e.failures.length - max - 32);
      if (e.failures.length >= max) e.lockedUntil = Math.max(e.lockedUntil, now + hold(e.failures.length - max));
      this.keys.delete(key); // most recent last
      this.keys.set(key, e);
    };
    count(LoginThrottle.pairKey(username, ip), account, () => windowMs);
    count(LoginThrottle.addressKey(ip), address, () => windowMs);
    count(LoginThrottle.accountKey(username), account, (beyond) => Math.min(windowMs, base * 2 ** beyond));
    while (this.keys.size > this.limits.maxKeys) this.keys.delete(this.keys.keys().next().value as string);
  }

  /** A successful sign-in from `ip`: the account's and the pair's failures are forgotten, the address is known. */
  succeeded(username: string, ip?: string, now = Date.now()): void {
    const key = LoginThrottle.accountKey(username);
    this.keys.delete(key);
    this.keys.delete(LoginThrottle.pairKey(username, ip));
    const addresses = this.known.get(key) ?? new Map<string, number>();
    addresses.delete(ip ?? '-');
    addresses.set(ip ?? '-', now);
    while (addresses.size > (this.limits.knownPerAccount ?? 5)) addresses.delete(addresses.keys().next().value as string);
    this.known.delete(key); // most recent last
    this.known.set(key, addresses);
    while (this.known.size > this.limits.maxKeys) this.known.delete(this.known.keys().next().value as string);
  }

  /** Failure keys held (tests, metrics). */
  get size(): number {
    return this.keys.size;
  }

  /** Accounts with known addresses held (tests). */
  get knownAccounts(): number {
    return this.known.size;
  }
}
