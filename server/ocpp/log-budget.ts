/**
 * The charger log's byte budget per identity (docs/ocpp.md "The charger log"; requirements R12.40):
 * one charger must not fill the disk through its log. Each identity (charger or gateway SN) may
 * have `bytesPerWindow` bytes of frames stored in full per window of `windowMs` (a day), counted
 * from its first frame of the window, on this node. Beyond that its frames are stored as summary
 * rows (action, direction, size, SHA-256; {@link SUMMARY_COST} bytes each) up to a quarter of the
 * budget more; beyond that they are dropped and counted, and the counts are stored as one
 * `DROPPED` row per identity at most every {@link DROP_REPORT_MS} (and when its socket closes).
 * So one identity stores at most 1.25 × `bytesPerWindow` + one small row a minute per window.
 *
 * Memory: one entry per identity seen in the last window; expired entries are swept as new ones
 * come. Several nodes: each node counts the sockets it holds (a charger moving nodes starts afresh).
 */

/** Bytes a summary row is counted as (its columns and JSON, rounded up). */
export const SUMMARY_COST = 256;
/** The share of the budget summary rows may use beyond it. */
export const SUMMARY_SHARE = 0.25;
/** Shortest time between two DROPPED rows of one identity. */
export const DROP_REPORT_MS = 60_000;
/** One day. */
export const DAY_MS = 86_400_000;

/** What to store of one frame: the frame, a summary row, or nothing (counted). */
export type FrameFate = 'full' | 'summary' | 'drop';

/** Frames an identity had dropped since its last DROPPED row. */
export interface DroppedCount {
  frames: number;
  bytes: number;
}

interface Account {
  start: number;
  spent: number;
  dropped: DroppedCount;
  reportedAt: number;
}

/** The byte budget of every identity on this node. */
export class LogBudget {
  private readonly accounts = new Map<string, Account>();
  private sweepAt: number;

  constructor(
    readonly bytesPerWindow: number,
    readonly windowMs = DAY_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.sweepAt = now() + windowMs;
  }

  private account(identity: string): Account {
    const t = this.now();
    if (t >= this.sweepAt) {
      for (const [k, a] of this.accounts) if (t - a.start >= this.windowMs && a.dropped.frames === 0) this.accounts.delete(k);
      this.sweepAt = t + this.windowMs;
    }
    let a = this.accounts.get(identity);
    if (!a) {
      a = { start: t, spent: 0, dropped: { frames: 0, bytes: 0 }, reportedAt: t };
      this.accounts.set(identity, a);
    } else if (t - a.start >= this.windowMs) {
      a.start = t;
      a.spent = 0;
    }
    return a;
  }

  /**
   * Charges a frame of `bytes` to `identity`. `fits`: whether the frame may be stored in full at
   * all (not too large, not refused); when it may not, only a summary is asked for.
   * @returns what to store of it.
   */
  charge(identity: string, bytes: number, fits = true): FrameFate {
    const a = this.account(identity);
    if (fits && a.spent + bytes <= this.bytesPerWindow) {
      a.spent += bytes;
      return 'full';
    }
    if (a.spent + SUMMARY_COST <= this.bytesPerWindow * (1 + SUMMARY_SHARE)) {
      a.spent += SUMMARY_COST;
      return 'summary';
    }
    this.dropped(identity, bytes);
    return 'drop';
  }

  /**
   * Spends `bytes` of `identity`'s budget on something stored beside the log (a DataTransfer's
   * data), when they fit in the budget itself (never in the summaries' share).
   */
  spend(identity: string, bytes: number): boolean {
    const a = this.account(identity);
    if (a.spent + bytes > this.bytesPerWindow) return false;
    a.spent += bytes;
    return true;
  }

  /** Counts a frame of `identity` that is not stored at all (over the budget, or an unsolicited answer over its rate). */
  dropped(identity: string, bytes: number): void {
    const d = this.account(identity).dropped;
    d.frames++;
    d.bytes += bytes;
  }

  /**
   * The drops of `identity` to report now (and forgets them), when there are some and the last
   * report is at least DROP_REPORT_MS old, or at once with `force` (its socket closed).
   */
  takeDropped(identity: string, force = false): DroppedCount | null {
    const a = this.accounts.get(identity);
    if (!a || a.dropped.frames === 0) return null;
    const t = this.now();
    if (!force && t - a.reportedAt < DROP_REPORT_MS) return null;
    const out = a.dropped;
    a.dropped = { frames: 0, bytes: 0 };
    a.reportedAt = t;
    return out;
  }

  /** Bytes `identity` has used in its current window (tests, diagnostics). */
  spent(identity: string): number {
    return this.accounts.get(identity)?.spent ?? 0;
  }
}
