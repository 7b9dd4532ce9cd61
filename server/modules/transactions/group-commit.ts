/**
 * Group commit for the OCPP hot path (requirements §12 "The charger link at scale"): writes handed
 * in while the previous group is being committed wait, and then run together in ONE SQL
 * transaction (one commit, one WAL flush for all of them) instead of one transaction each. Every
 * caller's promise settles only after the commit of its group, so a charger is still answered
 * only once what it sent is stored (DESIGN §6: persist before you acknowledge; a kill -9 loses
 * nothing that was answered).
 *
 * One failing write must not take the others down with it: when a group's transaction fails, each
 * of its writes runs again on its own, so only the faulty one is refused. A write is therefore one
 * idempotent unit (one statement: MeterValues' insert-and-update of
 * ./service.ts `recordMeterValues`).
 *
 * One group is committed at a time per database handle: at most one pool connection is spent on
 * these writes whatever the number of chargers, and a charger's writes are stored in the order
 * they were handed in.
 */
import type { Db } from '../../db/client.js';

/** Writes in one group at most. */
export const MAX_GROUP = 200;

interface Pending {
  work: (tx: Db) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (err: unknown) => void;
}

/** Group commit of writes on one database handle (see the module comment). */
export class GroupCommit {
  private queue: Pending[] = [];
  private busy = false;
  private scheduled = false;
  /** Groups committed and writes in them (metrics, tests). */
  readonly stats = { groups: 0, writes: 0 };

  constructor(private readonly db: Db, private readonly maxGroup = MAX_GROUP) {}

  /** Runs `work` in the next group; resolves with its result after the group's commit. */
  run<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      // Writes handed in during the same turn of the event loop join the first group.
      if (!this.busy && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.next();
        });
      }
    });
  }

  private async next(): Promise<void> {
    if (this.busy || !this.queue.length) return;
    this.busy = true;
    try {
      while (this.queue.length) await this.commit(this.queue.splice(0, this.maxGroup));
    } finally {
      this.busy = false;
    }
  }

  private async commit(group: Pending[]): Promise<void> {
    this.stats.groups++;
    this.stats.writes += group.length;
    if (group.length === 1) return group[0].work(this.db).then(group[0].resolve, group[0].reject);
    let results: unknown[];
    try {
      results = await this.db.transaction(async (tx) => {
        const out: unknown[] = [];
        for (const p of group) out.push(await p.work(tx as unknown as Db));
        return out;
      });
    } catch {
      // Some write of the group failed (or the commit): each runs again alone, so only the faulty one is refused.
      for (const p of group) await p.work(this.db).then(p.resolve, p.reject);
      return;
    }
    group.forEach((p, i) => p.resolve(results[i]));
  }
}

const groups = new WeakMap<Db, GroupCommit>();

/** The group commit of a database handle (one per handle, made on first use). */
export function groupCommitOf(db: Db): GroupCommit {
  let g = groups.get(db);
  if (!g) groups.set(db, (g = new GroupCommit(db)));
  return g;
}
