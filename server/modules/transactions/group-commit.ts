/**
 * Group commit for the OCPP hot path (requirements §12 "The charger link at scale"): writes handed
 * in while the previous group is being stored wait, and then go to the database together, stored
 * by ONE call of the group's `store` (for meter values ./meter-group.ts: one SQL statement whatever
 * the group's size, so one round trip, one implicit transaction, one commit and one WAL flush for
 * all of them). Every caller's promise settles only after the commit of its group, so a charger is
 * still answered only once what it sent is stored (DESIGN §6: persist before you acknowledge; a
 * kill -9 loses nothing that was answered).
 *
 * A group takes at most one write per key (the charger): a statement's parts all see one snapshot,
 * so a charger's second write waits for the next group and sees its first one stored. A group also
 * stops at `maxGroup` writes.
 *
 * One failing write must not take the others down with it: when a group fails, each of its writes
 * is stored again on its own, so only the faulty one is refused. A write is therefore one
 * idempotent unit.
 *
 * One group is stored at a time per lane. A database handle has OCPP_WRITE_LANES lanes (default 1:
 * bigger groups, fewer commits; PGlite's one connection runs one statement at a time anyway), each
 * storing on its own pool connection. A key always takes the same lane: at most `lanes` pool connections
 * are spent on these writes whatever the number of chargers, and a charger's writes are stored in
 * the order they were handed in.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../../db/client.js';

/** Writes in one group at most. */
export const MAX_GROUP = 250;

/** A write of a group: its key (the charger's id; one write per key in a group). */
export interface Keyed {
  key: number;
}

/** Stores a group of writes in one go; resolves with one result per write, in order. */
export type StoreGroup<W extends Keyed, R> = (db: Db, writes: readonly W[]) => Promise<R[]>;

interface Pending<W, R> {
  write: W;
  resolve: (v: R) => void;
  reject: (err: unknown) => void;
}

/** Group commit of writes on one database connection at a time (see the module comment). */
export class GroupCommit<W extends Keyed, R> {
  private queue: Pending<W, R>[] = [];
  private busy = false;
  private scheduled = false;
  /** Groups stored, writes in them and milliseconds spent storing them (metrics, tests, benchmarks). */
  readonly stats = { groups: 0, writes: 0, storeMs: 0 };

  constructor(
    private readonly db: Db,
    private readonly store: StoreGroup<W, R>,
    private readonly maxGroup = MAX_GROUP,
  ) {}

  /** Stores `write` with the next group; resolves with its result after the group's commit. */
  run(write: W): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
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
      while (this.queue.length) await this.commit(this.take());
    } finally {
      this.busy = false;
    }
  }

  /** The next group: in arrival order, one write per key, at most maxGroup. */
  private take(): Pending<W, R>[] {
    const group: Pending<W, R>[] = [];
    const rest: Pending<W, R>[] = [];
    const keys = new Set<number>();
    for (const p of this.queue) {
      // A key passed over keeps its later writes out too, so they stay in order.
      if (group.length < this.maxGroup && !keys.has(p.write.key)) group.push(p);
      else rest.push(p);
      keys.add(p.write.key);
    }
    this.queue = rest;
    return group;
  }

  private async timed(writes: readonly W[]): Promise<R[]> {
    const t0 = performance.now();
    try {
      return await this.store(this.db, writes);
    } finally {
      this.stats.storeMs += performance.now() - t0;
    }
  }

  private async commit(group: Pending<W, R>[]): Promise<void> {
    this.stats.groups++;
    this.stats.writes += group.length;
    let results: R[];
    try {
      results = await this.timed(group.map((p) => p.write));
    } catch (err) {
      if (group.length === 1) return group[0].reject(err);
      // Some write of the group failed (or the commit): each is stored again alone, so only the faulty one is refused.
      for (const p of group) await this.timed([p.write]).then((r) => p.resolve(r[0]), p.reject);
      return;
    }
    for (const [i, p] of group.entries()) p.resolve(results[i]);
  }
}

/** Group commits in parallel lanes; a key always takes the same lane (see the module comment). */
export class GroupCommitLanes<W extends Keyed, R> {
  readonly lanes: GroupCommit<W, R>[];

  constructor(db: Db, store: StoreGroup<W, R>, lanes = 1, maxGroup = MAX_GROUP) {
    this.lanes = Array.from({ length: Math.max(1, Math.floor(lanes)) }, () => new GroupCommit(db, store, maxGroup));
  }

  /** Stores `write` with the next group of its key's lane. */
  run(write: W): Promise<R> {
    return this.lanes[Math.abs(Math.trunc(write.key)) % this.lanes.length].run(write);
  }

  /** Groups stored, writes in them and milliseconds spent storing them, over every lane. */
  get stats(): { groups: number; writes: number; storeMs: number } {
    return this.lanes.reduce((s, l) => ({ groups: s.groups + l.stats.groups, writes: s.writes + l.stats.writes, storeMs: s.storeMs + l.stats.storeMs }), {
      groups: 0,
      writes: 0,
      storeMs: 0,
    });
  }
}

const laneCounts = new WeakMap<Db, number>();
const made = new WeakMap<Db, Map<unknown, GroupCommitLanes<Keyed, unknown>>>();

/**
 * Sets the number of write lanes of a database handle (OCPP_WRITE_LANES; server/ocpp/central-system.ts
 * at start), for the group commits made after it.
 */
export function setWriteLanes(db: Db, lanes: number): void {
  const n = Math.max(1, Math.floor(lanes));
  if (laneCounts.get(db) === n) return;
  laneCounts.set(db, n);
  made.delete(db);
}

/** The group commit lanes storing with `store` on a database handle (one set per handle and store, made on first use). */
export function groupCommitOf<W extends Keyed, R>(db: Db, store: StoreGroup<W, R>): GroupCommitLanes<W, R> {
  let byStore = made.get(db);
  if (!byStore) made.set(db, (byStore = new Map()));
  let g = byStore.get(store) as GroupCommitLanes<W, R> | undefined;
  if (!g) {
    g = new GroupCommitLanes(db, store, laneCounts.get(db) ?? 1);
    byStore.set(store, g as unknown as GroupCommitLanes<Keyed, unknown>);
  }
  return g;
}
