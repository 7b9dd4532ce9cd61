/**
 * The OCPP hot path (requirements §12 "The charger link at scale"): a MeterValues of ten sampled
 * values is stored whole in one statement with the order's running energy and its regressions
 * reported, committed in groups with other chargers' writes (each answered after its group's
 * commit, a faulty one refused alone); Heartbeats are gathered in memory and written in bulk
 * (never a row each, never moving last-seen back); many chargers handshaking together all get in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCharger, aNetwork, aStartTransaction } from '../support/builders.js';
import { charger, chargeOrder, connectionAttempt, meterValue } from '../../server/db/schema.js';
import { recordMeterValues } from '../../server/modules/transactions/service.js';
import { GroupCommit, type StoreGroup } from '../../server/modules/transactions/group-commit.js';
import type { Db } from '../../server/db/client.js';
import { connect, eventually } from './helpers.js';

const ten = (wh: number) => [
  { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
  { value: '11040', measurand: 'Power.Active.Import', unit: 'W' },
  ...['L1', 'L2', 'L3'].map((phase) => ({ value: '16', measurand: 'Current.Import', unit: 'A', phase })),
  ...['L1-N', 'L2-N', 'L3-N'].map((phase) => ({ value: '230', measurand: 'Voltage', unit: 'V', phase })),
  { value: '54', measurand: 'SoC', unit: 'Percent', location: 'EV' },
  { value: '31.5', measurand: 'Temperature', unit: 'Celsius', location: 'Body' },
];

describe.each(backends())('OCPP hot path on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build(backend, { seenFlushMs: 100 });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('stores ten sampled values in one go, raises the running energy and reports a lower register', async () => {
    const net = await aNetwork(s.database.db, { card: { balance: '100.00' } });
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    try {
      const t0 = Date.now() - 3_600_000;
      const started = (await cp.call(
        'StartTransaction',
        aStartTransaction({ idTag: net.card.cardNumber, meterStart: 10_000, timestamp: new Date(t0).toISOString() }),
      )) as { transactionId: number };
      const tx = started.transactionId;
      expect(
        await cp.call('MeterValues', {
          connectorId: 1,
          transactionId: tx,
          meterValue: [{ timestamp: new Date(t0 + 60_000).toISOString(), sampledValue: ten(12_345) }],
        }),
      ).toEqual({});
      const rows = await s.database.db.select().from(meterValue).where(eq(meterValue.transactionId, tx));
      expect(rows).toHaveLength(10);
      expect(rows.filter((r) => r.phase === 'L2-N')).toMatchObject([{ measurand: 'Voltage', value: '230', unit: 'V' }]);
      const [order] = await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, tx));
      expect(order.energyKwh).toBe('2.345');

      const c = { id: net.charger.id, serialNum: net.charger.serialNum, companyCode: net.company.code, stationId: net.station.id };
      const lower = await recordMeterValues(s.database.db, c, 1, tx, [{ timestamp: new Date(t0 + 120_000).toISOString(), sampledValue: ten(12_000) }]);
      expect(lower).toMatchObject({ stored: 10, orderId: null, regressions: [{ transactionId: tx, previousWh: 12_345, readingWh: 12_000 }] });
      // A late reading (before the first) is compared with what came before it: nothing.
      const late = await recordMeterValues(s.database.db, c, 1, tx, [{ timestamp: new Date(t0 + 30_000).toISOString(), sampledValue: ten(11_000) }]);
      expect(late).toMatchObject({ stored: 10, orderId: null, regressions: [] });
      const higher = await recordMeterValues(s.database.db, c, 1, tx, [{ timestamp: new Date(t0 + 180_000).toISOString(), sampledValue: ten(13_000.5) }]);
      expect(higher).toMatchObject({ stored: 10, orderId: order.id, regressions: [] });
      const [after] = await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.id, order.id));
      expect(after.energyKwh).toBe('3.001'); // (13 000.5 − 10 000) / 1000, half-up
      expect(await s.database.db.$count(meterValue, eq(meterValue.transactionId, tx))).toBe(40);
    } finally {
      await cp.close();
    }
  });

  it('writes Heartbeats as last-seen times in bulk, never moving one back', async () => {
    const net = await aNetwork(s.database.db);
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    try {
      const seenAt = async () => (await s.database.db.select({ at: charger.lastSeenAt }).from(charger).where(eq(charger.id, net.charger.id)))[0].at;
      const before = await eventually(seenAt); // the connect write
      await new Promise((r) => setTimeout(r, 20));
      const answer = (await cp.call('Heartbeat', {})) as { currentTime: string };
      const at = new Date(answer.currentTime).getTime();
      expect(at).toBeGreaterThan(before.getTime());
      await eventually(async () => ((await seenAt())!.getTime() >= at ? true : null));
      // A later time already stored stays.
      const future = new Date(Date.now() + 60_000);
      await s.database.db.update(charger).set({ lastSeenAt: future }).where(eq(charger.id, net.charger.id));
      await cp.call('Heartbeat', {});
      await new Promise((r) => setTimeout(r, 400));
      expect((await seenAt())!.getTime()).toBe(future.getTime());
    } finally {
      await cp.close();
    }
  });

  it('lets forty chargers handshaking at the same moment in, each once', async () => {
    const net = await aNetwork(s.database.db);
    const others = await Promise.all(
      Array.from({ length: 39 }, (_, i) =>
        aCharger(s.database.db, net.company.code, {
          stationId: net.station.id,
          serialNum: `STORM${backend.slice(0, 2).toUpperCase()}${String(i).padStart(6, '0')}`,
        }),
      ),
    );
    const serials = [net.charger.serialNum, ...others.map((o) => o.serialNum)];
    const cps = await Promise.all(serials.map((sn) => connect(s.ocppUrl, sn)));
    try {
      const boots = await Promise.all(
        cps.map((cp) => cp.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' }) as Promise<{ status: string }>),
      );
      expect(boots.every((b) => b.status === 'Accepted')).toBe(true);
      await eventually(
        async () => (await s.database.db.$count(charger, and(eq(charger.companyCode, net.company.code), eq(charger.online, true)))) === 40 || null,
      );
    } finally {
      await Promise.all(cps.map((cp) => cp.close()));
    }
  });
  it.runIf(backend === 'postgres')('answers a Heartbeat while every OCPP database slot waits on the database', async () => {
    const gated = await build(backend, { ocppDbConcurrency: 1 });
    const locker = new pg.Client({ connectionString: (gated.database as typeof gated.database & { url: string }).url });
    await locker.connect();
    try {
      const net = await aNetwork(gated.database.db);
      const other = await aCharger(gated.database.db, net.company.code, { stationId: net.station.id });
      const slow = await connect(gated.ocppUrl, net.charger.serialNum);
      const beating = await connect(gated.ocppUrl, other.serialNum);
      await slow.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
      await beating.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
      // The charger's row is locked: its StatusNotification holds the only slot, waiting on it.
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM charger WHERE id = $1 FOR UPDATE', [net.charger.id]);
      const status = slow.call('StatusNotification', { connectorId: 0, status: 'Available', errorCode: 'NoError', timestamp: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      const beat = await Promise.race([beating.call('Heartbeat', {}).then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 3000))]);
      expect(beat).toBe('answered');
      await locker.query('COMMIT');
      expect(await status).toEqual({});
      await slow.close();
      await beating.close();
    } finally {
      await locker.end();
      await gated.close();
    }
  });

  it('paces forty handshakes through three warm-up slots: each gets in and booted, none refused', async () => {
    const paced = await build(backend, { ocppAdmissionWarmup: 3 });
    try {
      const net = await aNetwork(paced.database.db);
      const others = await Promise.all(
        Array.from({ length: 39 }, (_, i) =>
          aCharger(paced.database.db, net.company.code, {
            stationId: net.station.id,
            serialNum: `PACE${backend.slice(0, 2).toUpperCase()}${String(i).padStart(6, '0')}`,
          }),
        ),
      );
      const serials = [net.charger.serialNum, ...others.map((o) => o.serialNum)];
      const boots = await Promise.all(
        serials.map(async (sn) => {
          const cp = await connect(paced.ocppUrl, sn);
          try {
            return ((await cp.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' })) as { status: string }).status;
          } finally {
            await cp.close();
          }
        }),
      );
      expect(boots).toEqual(serials.map(() => 'Accepted'));
      expect(await paced.database.db.$count(connectionAttempt, eq(connectionAttempt.companyCode, net.company.code))).toBe(0);
    } finally {
      await paced.close();
    }
  });

  it("stores writes handed in together as one group, answers each after it, keeps a charger's writes in order, and refuses only a faulty one", async () => {
    // A store that runs each write's statement (if any) and answers the transaction it ran in.
    type W = { key: number; statement?: SQL };
    const txid = (tx: Db) => tx.execute(sql`select txid_current()::text as id`).then((r) => (r as unknown as { rows: { id: string }[] }).rows[0].id);
    const store: StoreGroup<W, string> = (db, writes) =>
      db.transaction(async (tx) => {
        const out: string[] = [];
        for (const w of writes) {
          if (w.statement) await tx.execute(w.statement);
          out.push(await txid(tx as unknown as Db));
        }
        return out;
      });
    const group = new GroupCommit(s.database.db, store);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, k) => group.run({ key: k })));
    expect(new Set(ids).size).toBeLessThan(20);
    expect(group.stats).toMatchObject({ writes: 20 });
    expect(group.stats.groups).toBeLessThan(20);
    // Two writes of one key never share a group (a group's statement sees one snapshot): the second comes after the first.
    const before = group.stats.groups;
    const same = await Promise.all([group.run({ key: 7 }), group.run({ key: 7 }), group.run({ key: 8 })]);
    expect(group.stats.groups - before).toBe(2);
    expect(Number(same[1])).toBeGreaterThan(Number(same[0]));
    expect(same[2]).toBe(same[0]);
    // A write that fails makes its group run again one by one: the others are kept, it alone is refused.
    const net = await aNetwork(s.database.db);
    const outcomes = await Promise.allSettled([
      group.run({ key: 1, statement: sql`update ${charger} set model = 'GROUP-A' where id = ${net.charger.id}` }),
      group.run({ key: 2, statement: sql`select 1 / 0` }),
      group.run({ key: 3, statement: sql`update ${charger} set vendor = 'GROUP-B' where id = ${net.charger.id}` }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const [row] = await s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
    expect(row).toMatchObject({ model: 'GROUP-A', vendor: 'GROUP-B' });
  });

  it('stores every MeterValues of many chargers sending at once before answering each', async () => {
    const net = await aNetwork(s.database.db, { card: { balance: '100.00' } });
    const others = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        aCharger(s.database.db, net.company.code, {
          stationId: net.station.id,
          serialNum: `GROUP${backend.slice(0, 2).toUpperCase()}${String(i).padStart(6, '0')}`,
        }),
      ),
    );
    const cps = await Promise.all([net.charger, ...others].map((c) => connect(s.ocppUrl, c.serialNum)));
    try {
      const t0 = Date.now() - 600_000;
      await Promise.all(
        cps.map(async (cp) => {
          for (let i = 1; i <= 5; i++) {
            expect(
              await cp.call('MeterValues', { connectorId: 1, meterValue: [{ timestamp: new Date(t0 + i * 1000).toISOString(), sampledValue: ten(i * 100) }] }),
            ).toEqual({});
          }
        }),
      );
      const ids = [net.charger.id, ...others.map((o) => o.id)];
      for (const id of ids) expect(await s.database.db.$count(meterValue, eq(meterValue.chargerId, id))).toBe(50);
    } finally {
      await Promise.all(cps.map((cp) => cp.close()));
    }
  });
});
