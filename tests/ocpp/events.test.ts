/**
 * Events from the real charger link (requirements §13): a fault StatusNotification opens one event
 * on its connector, a repeat does not open another, NoError recovers it, the same fault soon after
 * reopens it and long after opens a new one (seen through the API too:
 * a processed event keeps its status and gets its recover time); the operator's vendor code table
 * names a vendor's code; a dropped socket opens "charger offline" and the reconnection recovers it;
 * a meter regression and a Stop for an unknown transaction raise their custom events.
 * The OCPP answers stay what they were; every change is heard once on the `event` bus topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCharger, aMeterValues, aNetwork, aStartTransaction, aStatusNotification, aStopTransaction } from '../support/builders.js';
import { chargeOrder, event, eventVendorCode } from '../../server/db/schema.js';
import type { BusEvents } from '../../server/bus.js';
import { connect, eventually, whileConnected } from './helpers.js';

describe.each(backends())('events from the charger link on %s', (backend) => {
  let s: TestServer;
  const heard: BusEvents['event'][] = [];
  beforeAll(async () => {
    s = await build(backend);
    s.app.bus.on('event', (e) => heard.push(e));
  });
  afterAll(async () => {
    await s?.close();
  });

  const eventsOf = (sn: string) => s.database.db.select().from(event).where(eq(event.deviceSn, sn)).orderBy(event.id);

  it('opens one event per fault, counts a repeat on it, and recovers it on NoError', async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    await whileConnected(s.ocppUrl, sn, async (cp) => {
      await cp.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
      const fault = aStatusNotification({ connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', info: 'RCD tripped' });
      expect(await cp.call('StatusNotification', fault)).toEqual({});
      expect(await cp.call('StatusNotification', { ...fault, timestamp: new Date().toISOString() })).toEqual({});
      const open = await eventsOf(sn);
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({
        companyCode: net.company.code,
        stationId: net.station.id,
        deviceType: 'charger',
        connectorId: 1,
        eventType: 'GROUNDING_FAULT',
        eventLevel: 'fault',
        errorCode: 'GroundFailure',
        info: 'RCD tripped',
        status: 'HAPPENING',
        repeatCount: 2,
      });
      expect(heard.filter((h) => h.eventId === open[0]!.id)).toEqual([
        { eventId: open[0]!.id, companyCode: net.company.code, stationId: net.station.id, change: 'opened' },
      ]);

      expect(await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available' }))).toEqual({});
      const [recovered] = await eventsOf(sn);
      expect(recovered).toMatchObject({ status: 'RECOVERED' });
      expect(recovered!.recoverTime).not.toBeNull();
      expect(heard.filter((h) => h.eventId === recovered!.id).map((h) => h.change)).toEqual(['opened', 'recovered']);

      // The same fault soon after the recovery reopens it (hysteresis, EVENT_REOPEN_S): one event, counted, not mailed again.
      await cp.call('StatusNotification', { ...fault, timestamp: new Date().toISOString() });
      const [reopened] = await eventsOf(sn);
      expect(reopened).toMatchObject({ id: recovered!.id, status: 'HAPPENING', recoverTime: null, repeatCount: 3 });
      expect(heard.filter((h) => h.eventId === recovered!.id).at(-1)).toMatchObject({ change: 'opened', reopened: true });
      // Long after its recovery the same fault is a new event; a warning on connector 2 is its own.
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available' }));
      await s.database.db
        .update(event)
        .set({ recoverTime: new Date(Date.now() - 3_600_000) })
        .where(eq(event.id, recovered!.id));
      await cp.call('StatusNotification', { ...fault, timestamp: new Date().toISOString() });
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 2, status: 'Available', errorCode: 'WeakSignal' }));
      const now = await eventsOf(sn);
      expect(now.map((e) => [e.eventType, e.connectorId, e.status])).toEqual([
        ['GROUNDING_FAULT', 1, 'RECOVERED'],
        ['GROUNDING_FAULT', 1, 'HAPPENING'],
        ['WEAK_SIGNAL', 2, 'HAPPENING'],
      ]);
      expect(now[2]).toMatchObject({ eventLevel: 'warning' });
    });
  });

  it('shows the recovery through the API: a HAPPENING fault becomes RECOVERED, a processed one keeps its status and gets its recover time', async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    const token = await s.login();
    const api = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) })).json();
    await whileConnected(s.ocppUrl, sn, async (cp) => {
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Faulted', errorCode: 'OverCurrentFailure' }));
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 2, status: 'Faulted', errorCode: 'HighTemperature' }));
      const open = await api('GET', `/sp/event?serialNum=${sn}`);
      expect(open.data.records.map((e: { eventType: string }) => e.eventType).sort()).toEqual(['OVER_CURRENT', 'OVER_TEMPERATURE']);
      const processed = open.data.records.find((e: { eventType: string }) => e.eventType === 'OVER_TEMPERATURE');
      expect((await api('POST', `/sp/event/${processed.id}/process`, { handleMethod: 'Fan replaced' })).code).toBe(200);
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available' }));
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 2, status: 'Available' }));
      expect((await api('GET', `/sp/event?serialNum=${sn}`)).data.total).toBe(0);
      const recovered = await api('GET', `/sp/event?serialNum=${sn}&eventStatus=RECOVERED`);
      expect(recovered.data.records).toMatchObject([{ eventType: 'OVER_CURRENT', status: 'RECOVERED', connectorId: 1 }]);
      expect(Date.parse(recovered.data.records[0].recoverTime)).toBeGreaterThan(Date.now() - 60_000);
      const kept = await api('GET', `/sp/event/${processed.id}`);
      expect(kept.data).toMatchObject({ status: 'PROCESSED', handleMethod: 'Fan replaced' });
      expect(kept.data.recoverTime).not.toBeNull();
    });
  });

  it('names a vendor code from the operator table, and a new error on the connector replaces the old one', async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    await s.database.db.insert(eventVendorCode).values({ companyCode: net.company.code, vendorId: 'ACME', vendorErrorCode: 'E42', eventType: 'LEAKAGE' });
    await whileConnected(s.ocppUrl, sn, async (cp) => {
      await cp.call('StatusNotification', { ...aStatusNotification({ connectorId: 1, status: 'Faulted', errorCode: 'OverVoltage' }) });
      await cp.call('StatusNotification', {
        ...aStatusNotification({ connectorId: 1, status: 'Faulted', errorCode: 'OtherError', vendorErrorCode: 'E42' }),
        vendorId: 'ACME',
      });
      const rows = await eventsOf(sn);
      expect(rows.map((e) => [e.eventType, e.status, e.vendorId, e.vendorErrorCode])).toEqual([
        ['OVER_VOLTAGE', 'RECOVERED', null, null],
        ['LEAKAGE', 'HAPPENING', 'ACME', 'E42'],
      ]);
    });
  });

  it('opens "charger offline" when the socket drops and recovers it when the charger reconnects', async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    const first = await connect(s.ocppUrl, sn);
    await first.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
    await first.close({ force: true });
    const [offline] = await eventually(async () => {
      const rows = (await eventsOf(sn)).filter((e) => e.eventType === 'CHARGER_OFFLINE');
      return rows.length ? rows : null;
    });
    expect(offline).toMatchObject({ status: 'HAPPENING', deviceType: 'charger', connectorId: 0, eventLevel: 'custom', stationId: net.station.id });
    await whileConnected(s.ocppUrl, sn, async (_again) => {
      await eventually(async () => (await eventsOf(sn)).find((e) => e.id === offline.id)?.status === 'RECOVERED');
      expect(heard.filter((h) => h.eventId === offline.id).map((h) => h.change)).toEqual(['opened', 'recovered']);
    });
  });

  it('raises a meter regression and a Stop for an unknown transaction, answering as before', async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    await whileConnected(s.ocppUrl, sn, async (cp) => {
      const t0 = new Date(Date.now() - 3_600_000);
      const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 1000, timestamp: t0.toISOString() }))) as {
        transactionId: number;
      };
      const at = (min: number) => new Date(t0.getTime() + min * 60_000).toISOString();
      expect(await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 5000, timestamp: at(10) }))).toEqual({});
      expect(await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 4000, timestamp: at(20) }))).toEqual({});
      expect(await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 3000, timestamp: at(30) }))).toEqual({});
      const unknown = (await cp.call('StopTransaction', aStopTransaction({ transactionId: 987_654, meterStop: 100 }))) as { idTagInfo?: { status: string } };
      expect(unknown.idTagInfo?.status).toBe('Invalid');
      const rows = await eventsOf(sn);
      const regression = rows.filter((e) => e.eventType === 'METER_REGRESSION');
      expect(regression).toHaveLength(1);
      expect(regression[0]).toMatchObject({ connectorId: 1, status: 'HAPPENING', eventLevel: 'custom', repeatCount: 2 });
      expect(regression[0]!.info).toContain(`transaction ${start.transactionId}`);
      const notFound = rows.filter((e) => e.eventType === 'ORDER_NOT_FOUND');
      expect(notFound).toMatchObject([{ connectorId: 0, status: 'HAPPENING', info: 'transaction 987654' }]);
      // A NoError does not cure a business event.
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Charging' }));
      expect(
        (await eventsOf(sn))
          .filter((e) => e.status === 'HAPPENING')
          .map((e) => e.eventType)
          .sort(),
      ).toEqual(['METER_REGRESSION', 'ORDER_NOT_FOUND']);
    });
  });

  it('raises "order already paid" for a Stop of a paid order', async () => {
    const net = await aNetwork(s.database.db, { card: { balance: '100.00' } });
    const ch = await aCharger(s.database.db, net.company.code, { stationId: net.station.id });
    await whileConnected(s.ocppUrl, ch.serialNum, async (cp) => {
      const t0 = new Date(Date.now() - 3_600_000);
      const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 0, timestamp: t0.toISOString() }))) as {
        transactionId: number;
      };
      const stop = aStopTransaction({ transactionId: start.transactionId, meterStop: 10_000, timestamp: new Date(t0.getTime() + 1_800_000).toISOString() });
      await cp.call('StopTransaction', stop);
      // The first Stop settled it: paid for 5.00 (the tariff's pricing is tested elsewhere).
      await s.database.db.update(chargeOrder).set({ paid: true, totalAmount: '5.00' }).where(eq(chargeOrder.transactionId, start.transactionId));
      const [order] = await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, start.transactionId));
      const again = (await cp.call('StopTransaction', stop)) as { idTagInfo?: unknown };
      expect(again).toEqual({});
      const rows = await s.database.db
        .select()
        .from(event)
        .where(and(eq(event.deviceSn, ch.serialNum), eq(event.eventType, 'ORDER_ALREADY_PAID')));
      expect(rows).toMatchObject([{ orderId: order!.id, status: 'HAPPENING', connectorId: 0 }]);
    });
  });
});
