/**
 * Caps on what strangers may hold open at once (requirements R15.15): at most `total` holders in
 * all and `perAddress` per client address. Used by the FTP receiver of diagnostics (connections)
 * and the HTTP receiver (uploads in progress); beyond a cap the caller answers 755 (HTTP 429 /
 * FTP 421) at once instead of holding a descriptor. Memory: one map entry per address holding
 * something, so at most `total` entries.
 */

/** Why a holder was refused: the cap in all, or its address's. */
export type CapRefusal = 'total' | 'address';

/** Counts holders in all and per address; see the module. */
export class ConnectionCaps {
  private held = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(
    readonly total: number,
    readonly perAddress: number,
  ) {}

  /** Holders now. */
  get size(): number {
    return this.held;
  }

  /**
   * Takes a place for `address` (an unknown address counts as one address, `?`).
   * @returns a release function (idempotent), or the refusal when a cap is reached.
   */
  take(address: string | undefined | null): (() => void) | CapRefusal {
    const key = address || '?';
    if (this.held >= this.total) return 'total';
    const mine = this.byAddress.get(key) ?? 0;
    if (mine >= this.perAddress) return 'address';
    this.held++;
    this.byAddress.set(key, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
      const left = (this.byAddress.get(key) ?? 1) - 1;
      if (left <= 0) this.byAddress.delete(key);
      else this.byAddress.set(key, left);
    };
  }
}
