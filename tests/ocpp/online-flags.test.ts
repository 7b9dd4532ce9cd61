/**
 * Online flags written in bulk (requirements §12 "The charger link at scale"): many devices'
 * flags share one statement, a device's latest flag wins and lands in order, coming online sets
 * last-seen, a failed statement lets its callers go on and is tried again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { backends, freshDatabase } from '../support/db.js';
import { aCharger, aNetwork } from '../support/builders.js';
import { charger } from '../../server/db/schema.js';
import type { Database, Db } from '../../server/db/client.js';
import { OnlineWriter } from '../../server/modules/charger-state/online.js';
import { resetOnlineFlags } from '../../server/modules/charger-state/service.js';

const quiet = pino({ level: 'silent' });

/** `db` with its execute calls counted, and failing while `fail` says so. */
function counted(db: Db, fail: () => boolean = () => false): { db: Db; calls: () => number } {
  let calls = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return (...args: Parameters<Db['execute']>) => {
        calls++;
        if (fail()) return Promise.reject(new Error('connection lost'));
        return target.execute(...args);
      };
    },
  });
  return { db: proxy, calls: () => calls };
}

describe.each(backends())('online flags on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  const flagsOf = async (ids: number[]) =>
    database.db.select({ id: charger.id, online: charger.online, seen: charger.lastSeenAt }).from(charger).where(inArray(charger.id, ids));

  it('writes the flags of many chargers in a statement or two, with their last-seen time', async () => {
    const net = await aNetwork(database.db);
    const more = await Promise.all(
      Array.from({ length: 59 }, (_, i) =>
        aCharger(database.db, net.company.code, { stationId: net.station.id, serialNum: `ONL${backend.slice(0, 2).toUpperCase()}${i}` }),
      ),
    );
    const ids = [net.charger.id, ...more.map((c) => c.id)];
    const c = counted(database.db);
    const notices: number[] = [];
    const writer = new OnlineWriter(c.db, quiet, (d, online) => {
      if (online) notices.push(d.id);
    });
    const at = new Date('2026-11-01T10:00:00Z');
    await Promise.all(ids.map((id) => writer.set({ kind: 'charger', id }, true, at)));
    expect(c.calls()).toBeLessThanOrEqual(2); // the first flag starts a statement, the other 59 share the next
    const rows = await flagsOf(ids);
    expect(rows.every((r) => r.online && r.seen?.getTime() === at.getTime())).toBe(true);
    expect(notices.sort()).toEqual([...ids].sort());
    // Going offline keeps the last-seen time.
    await writer.set({ kind: 'charger', id: ids[0] }, false, new Date('2026-11-02T00:00:00Z'));
    expect((await flagsOf([ids[0]]))[0]).toMatchObject({ online: false, seen: at });
  });

  it("lets a device's latest flag win, even noted while its earlier one is being written", async () => {
    const net = await aNetwork(database.db);
    const writer = new OnlineWriter(database.db, quiet);
    const device = { kind: 'charger' as const, id: net.charger.id };
    const first = writer.set(device, true); // in flight
    const second = writer.set(device, false); // next statement
    const third = writer.set(device, true); // supersedes the second
    expect(writer.queued).toBe(1);
    await Promise.all([first, second, third]);
    expect((await flagsOf([device.id]))[0].online).toBe(true);
    const off = writer.set(device, false);
    await off;
    expect((await flagsOf([device.id]))[0].online).toBe(false);
  });

  it('lets callers go on when the database fails and writes the flag on a later attempt', async () => {
    const net = await aNetwork(database.db);
    let failing = true;
    const c = counted(database.db, () => failing);
    const writer = new OnlineWriter(c.db, quiet);
    await writer.set({ kind: 'charger', id: net.charger.id }, true); // resolves though nothing was written
    expect((await flagsOf([net.charger.id]))[0].online).toBe(false);
    failing = false;
    await new Promise((r) => setTimeout(r, 1200)); // the retry after a second
    await writer.drain();
    expect((await flagsOf([net.charger.id]))[0].online).toBe(true);
    expect(c.calls()).toBe(2);
    await writer.close();
    const [row] = await database.db.select({ online: charger.online }).from(charger).where(eq(charger.id, net.charger.id));
    expect(row.online).toBe(true);
  });

  it("sweeps a cluster's online flags in rounds: no round looks up more than its chunk, orphans go offline, held ones stay", async () => {
    const net = await aNetwork(database.db);
    const mine = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        aCharger(database.db, net.company.code, { stationId: net.station.id, serialNum: `SWP${backend.slice(0, 2).toUpperCase()}${i}` }),
      ),
    );
    const ids = mine.map((c) => c.id);
    await database.db.update(charger).set({ online: true }).where(inArray(charger.id, ids));
    const held = new Set(mine.filter((_c, i) => i % 3 === 0).map((c) => c.serialNum));
    const ours = new Set(mine.map((c) => c.serialNum));
    const rounds: number[] = [];
    // Other tests' chargers are left as they are; of ours, every third is held by a live socket.
    await resetOnlineFlags(
      database.db,
      async (sns) => {
        rounds.push(sns.length);
        return sns.map((sn) => !ours.has(sn) || held.has(sn));
      },
      10,
    );
    expect(Math.max(...rounds)).toBeLessThanOrEqual(10);
    expect(rounds.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(25);
    const rows = await database.db.select({ sn: charger.serialNum, online: charger.online }).from(charger).where(inArray(charger.id, ids));
    expect(
      rows
        .filter((r) => r.online)
        .map((r) => r.sn)
        .sort(),
    ).toEqual([...held].sort());
  });
});
