/**
 * Throttle of POST /sp/login (issue "password guessing"): failed sign-ins are counted per account
 * (the user name, case-insensitive) and per client address (`request.ip`, which honours
 * TRUST_PROXY) over a sliding window. When a key reaches its limit it is locked for the window:
 * every attempt for it is refused with 731 before any password hash runs, even with the right
 * password. A success clears the account's count (not the address's). Memory is bounded: at most
 * `maxKeys` keys, least recently touched dropped first. Counts are per node (with REDIS_URL each
 * node keeps its own; docs/access-control.md).
 */

export interface LoginThrottleLimits {
  /** Failures of one account within the window before it is locked (LOGIN_MAX_FAILURES, 5). */
  account: number;
  /** Failures from one address within the window before it is locked (LOGIN_MAX_ADDRESS_FAILURES, 20). */
  address: number;
  /** Window and cooling-off time in milliseconds (LOGIN_LOCK_MINUTES, 15 min). */
  windowMs: number;
  /** Keys held at most. */
  maxKeys: number;
}

interface Entry {
  failures: number[];
  lockedUntil: number;
}

export class LoginThrottle {
  private readonly keys = new Map<string, Entry>();

  constructor(readonly limits: LoginThrottleLimits) {}

  private static accountKey = (username: string) => `u:${username.trim().toLowerCase()}`;
  private static addressKey = (ip: string | undefined) => `a:${ip ?? '-'}`;

  private locked(key: string, now: number): boolean {
    const e = this.keys.get(key);
    return !!e && e.lockedUntil > now;
  }

  /** 'account' or 'address' when that key is locked (the attempt is refused with 731), else null. */
  limited(username: string, ip: string | undefined, now = Date.now()): 'account' | 'address' | null {
    if (this.locked(LoginThrottle.addressKey(ip), now)) return 'address';
    return this.locked(LoginThrottle.accountKey(username), now) ? 'account' : null;
  }

  /** Counts one failed sign-in for the account and the address; locks a key reaching its limit. */
  failed(username: string, ip: string | undefined, now = Date.now()): void {
    const { windowMs } = this.limits;
    for (const [key, max] of [[LoginThrottle.accountKey(username), this.limits.account], [LoginThrottle.addressKey(ip), this.limits.address]] as const) {
      const e = this.keys.get(key) ?? { failures: [], lockedUntil: 0 };
      e.failures = e.failures.filter((t) => now - t < windowMs);
      e.failures.push(now);
      if (e.failures.length > max) e.failures.splice(0, e.failures.length - max);
      if (e.failures.length >= max) e.lockedUntil = now + windowMs;
      this.keys.delete(key); // most recent last
      this.keys.set(key, e);
    }
    while (this.keys.size > this.limits.maxKeys) this.keys.delete(this.keys.keys().next().value as string);
  }

  /** A successful sign-in: the account's failures are forgotten. */
  succeeded(username: string): void {
    this.keys.delete(LoginThrottle.accountKey(username));
  }

  /** Keys held (tests, metrics). */
  get size(): number {
    return this.keys.size;
  }
}
