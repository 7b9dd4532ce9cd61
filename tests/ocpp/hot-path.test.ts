/**
 * The OCPP hot path (requirements §12 "The charger link at scale"): a MeterValues of ten sampled
 * values is stored whole in one statement with the order's running energy and its regressions
 * reported; Heartbeats are gathered in memory and written in bulk (never a row each, never moving
 * last-seen back); many chargers handshaking together all get in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCharger, aNetwork, aStartTransaction } from '../support/builders.js';
import { charger, chargeOrder, meterValue } from '../../server/db/schema.js';
import { recordMeterValues } from '../../server/modules/transactions/service.js';
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
      const started = await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 10_000, timestamp: new Date(t0).toISOString() })) as { transactionId: number };
      const tx = started.transactionId;
      expect(await cp.call('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [{ timestamp: new Date(t0 + 60_000).toISOString(), sampledValue: ten(12_345) }] })).toEqual({});
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
      const answer = await cp.call('Heartbeat', {}) as { currentTime: string };
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
    const others = await Promise.all(Array.from({ length: 39 }, (_, i) => aCharger(s.database.db, net.company.code, { stationId: net.station.id, serialNum: `STORM${backend.slice(0, 2).toUpperCase()}${String(i).padStart(6, '0')}` })));
    const serials = [net.charger.serialNum, ...others.map((o) => o.serialNum)];
    const cps = await Promise.all(serials.map((sn) => connect(s.ocppUrl, sn)));
    try {
      const boots = await Promise.all(cps.map((cp) => cp.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' }) as Promise<{ status: string }>));
      expect(boots.every((b) => b.status === 'Accepted')).toBe(true);
      await eventually(async () => (await s.database.db.$count(charger, and(eq(charger.companyCode, net.company.code), eq(charger.online, true)))) === 40 || null);
    } finally {
      await Promise.all(cps.map((cp) => cp.close()));
    }
  });
});
