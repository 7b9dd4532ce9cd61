/**
 * Device management end to end with the simulated charger (requirements R15.20–R15.25): configuration
 * read and changed (unknown key, read-only, reboot required), ClearCache, TriggerMessage (the
 * message arrives), DataTransfer, the local list sent and its version read, a reservation honoured
 * (another idTag refused, the reserved one starts with the reservationId: the order is of start type
 * RESERVE) and one that expires, a cancel; the frames are in the charger log; 720 offline.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { aCard, aCharger, aNetwork } from '../support/builders.js';
import { cardUser, chargeOrder, chargerLog, connector, orderStart, reservation } from '../../server/db/schema.js';
import { ChargePoint } from '../../sim/charge-point.js';
import { eventually, serverSuite } from './helpers.js';

describe.each(backends())('device commands on %s', (backend) => {
  const ctx = serverSuite(backend);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') => {
    const token = await ctx.s.login();
    const res = await ctx.s.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, cookie: `language=${lang}` } });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads its own answer shape
    return res.json() as { code: number; msg: string; data: any };
  };

  async function simulated(o: { connectors?: number } = {}) {
    const net = await aNetwork(ctx.s.database.db);
    const cp = new ChargePoint({ url: ctx.s.ocppUrl, identity: net.charger.serialNum, connectors: o.connectors ?? 2, meterIntervalMs: 100, reconnect: false });
    await cp.start();
    await eventually(async () => ctx.s.app.ocpp.isConnected(net.charger.serialNum));
    return { net, cp, id: net.charger.id };
  }

  const logged = async (sn: string, action: string) =>
    (
      await ctx.s.database.db
        .select()
        .from(chargerLog)
        .where(and(eq(chargerLog.chargerSn, sn), eq(chargerLog.action, action)))
    ).map((r) => `${r.direction} ${r.messageType}`);
  /** Waits until the charger log holds each of `kinds` for `action` (frames are written in batches). */
  const inLog = (sn: string, action: string, kinds: string[]) =>
    eventually(async () => {
      const rows = await logged(sn, action);
      return kinds.every((k) => rows.includes(k));
    });

  it('reads the configuration and changes keys: Accepted, RebootRequired, Rejected (read-only or wrong kind), NotSupported', async () => {
    const { net, cp, id } = await simulated();
    try {
      const all = await call('GET', `/sp/charger/${id}/configuration`);
      expect(all.code).toBe(200);
      expect(all.data.keys).toEqual(
        expect.arrayContaining([
          { key: 'NumberOfConnectors', value: '2', readonly: true },
          { key: 'LocalAuthListEnabled', value: 'true', readonly: false },
        ]),
      );
      const some = await call('GET', `/sp/charger/${id}/configuration?keys=MeterValueSampleInterval,NoSuchKey`);
      expect(some.data).toEqual({ keys: [{ key: 'MeterValueSampleInterval', value: '10', readonly: false }], unknownKeys: ['NoSuchKey'] });

      const change = (key: string, value: string) => call('POST', `/sp/charger/${id}/configuration`, { key, value });
      expect((await change('MeterValueSampleInterval', '30')).data).toEqual({ key: 'MeterValueSampleInterval', value: '30', status: 'Accepted' });
      expect((await change('WebSocketPingInterval', '60')).data.status).toBe('RebootRequired');
      expect((await change('NumberOfConnectors', '4')).data.status).toBe('Rejected');
      expect((await change('MeterValueSampleInterval', 'often')).data.status).toBe('Rejected');
      expect((await change('NoSuchKey', '1')).data.status).toBe('NotSupported');
      const after = await call('GET', `/sp/charger/${id}/configuration?keys=MeterValueSampleInterval,WebSocketPingInterval`);
      expect(after.data.keys).toEqual([
        { key: 'MeterValueSampleInterval', value: '30', readonly: false },
        // Applied at the next boot only.
        { key: 'WebSocketPingInterval', value: '30', readonly: false },
      ]);
      await inLog(net.charger.serialNum, 'ChangeConfiguration', ['OUT CALL', 'IN CALLRESULT', 'OUT COMMAND']);
    } finally {
      await cp.stop();
    }
  });

  it('clears the cache, triggers a message that then arrives, and exchanges DataTransfer', async () => {
    const { net, cp, id } = await simulated();
    try {
      expect((await call('POST', `/sp/charger/${id}/command/clear-cache`)).data).toEqual({ action: 'ClearCache', status: 'Accepted' });
      const heartbeats = async () => (await logged(net.charger.serialNum, 'Heartbeat')).filter((r) => r === 'IN CALL').length;
      const before = await heartbeats();
      expect((await call('POST', `/sp/charger/${id}/command/trigger`, { requestedMessage: 'Heartbeat' })).data).toEqual({
        action: 'TriggerMessage',
        status: 'Accepted',
      });
      await eventually(async () => (await heartbeats()) > before);
      const meter = await call('POST', `/sp/charger/${id}/command/trigger`, { requestedMessage: 'MeterValues', connectorId: 2 });
      expect(meter.data.status).toBe('Accepted');
      await inLog(net.charger.serialNum, 'MeterValues', ['IN CALL']);

      const transfer = (body: object) => call('POST', `/sp/charger/${id}/command/data-transfer`, body);
      expect((await transfer({ vendorId: 'ChargeDesk', messageId: 'Echo', data: 'ping' })).data).toEqual({ status: 'Accepted', data: 'ping' });
      expect((await transfer({ vendorId: 'ChargeDesk', messageId: 'Nope' })).data).toEqual({ status: 'UnknownMessageId', data: null });
      expect((await transfer({ vendorId: 'Other' })).data).toEqual({ status: 'UnknownVendorId', data: null });
      await inLog(net.charger.serialNum, 'DataTransfer', ['OUT CALL', 'IN CALLRESULT']);
    } finally {
      await cp.stop();
    }
  });

  it("sends the company's active cards as the local list, full then differential, and reads its version", async () => {
    const { net, cp, id } = await simulated();
    const db = ctx.s.database.db;
    try {
      await aCard(db, net.company.code, { active: false });
      await aCard(db, net.company.code, { balance: '0' });
      // An expiring card is listed with its expiry date; an expired one is not listed (issue 24, item 23).
      const expiry = new Date(Date.now() + 86_400_000);
      const manager = await aCard(db, net.company.code, { balance: '0', managerCard: true, expiryDate: expiry });
      await aCard(db, net.company.code, { expiryDate: new Date(Date.now() - 60_000) });
      // Differential before any full list: 749.
      expect((await call('POST', `/sp/charger/${id}/local-list`, { updateType: 'Differential' })).code).toBe(749);
      const full = await call('POST', `/sp/charger/${id}/local-list`, { updateType: 'Full' });
      expect(full.data).toMatchObject({ version: 1, entries: 2, updateType: 'Full', status: 'Accepted', added: 2, removed: 0 });
      expect(cp.localListState).toEqual({ version: 1, size: 2 });
      await inLog(net.charger.serialNum, 'SendLocalList', ['OUT CALL']);
      const [sent] = await db
        .select({ payload: chargerLog.payload })
        .from(chargerLog)
        .where(
          and(
            eq(chargerLog.chargerSn, net.charger.serialNum),
            eq(chargerLog.action, 'SendLocalList'),
            eq(chargerLog.direction, 'OUT'),
            eq(chargerLog.messageType, 'CALL'),
          ),
        );
      const entries = (sent!.payload as { localAuthorizationList: { idTag: string; idTagInfo: object }[] }).localAuthorizationList;
      expect(entries).toHaveLength(2);
      expect(entries).toContainEqual({ idTag: manager.cardNumber, idTagInfo: { status: 'Accepted', expiryDate: expiry.toISOString() } });
      expect(entries).toContainEqual({ idTag: net.card.cardNumber, idTagInfo: { status: 'Accepted' } });
      const extra = await aCard(db, net.company.code);
      await db.update(cardUser).set({ active: false }).where(eq(cardUser.id, manager.id));
      const diff = await call('POST', `/sp/charger/${id}/local-list`, { updateType: 'Differential' });
      expect(diff.data).toMatchObject({ version: 2, entries: 2, updateType: 'Differential', status: 'Accepted', added: 1, removed: 1 });
      expect(cp.localListState).toEqual({ version: 2, size: 2 });
      const version = await call('GET', `/sp/charger/${id}/local-list/version`);
      expect(version.data).toMatchObject({ version: 2, chargerVersion: 2, entries: 2 });
      expect((await call('GET', `/sp/charger/${id}/local-list`)).data).toMatchObject({ version: 2, chargerVersion: null });
      // A listed card starts without asking (LocalPreAuthorize).
      const session = cp.runSession(1, extra.cardNumber, 300);
      await expect(session).resolves.toMatchObject({ idTagStatus: 'Accepted' });
      await inLog(net.charger.serialNum, 'StopTransaction', ['IN CALL']);
      expect(await logged(net.charger.serialNum, 'Authorize')).toEqual([]);
    } finally {
      await cp.stop();
    }
  });

  it('honours a reservation: Reserved shown, another idTag refused, the reserved card starts with it (start type RESERVE), then another expires', async () => {
    const { net, cp, id } = await simulated();
    const db = ctx.s.database.db;
    try {
      const reserved = await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 1, cardUserId: net.card.id, expiryMinutes: 10 });
      expect(reserved.code).toBe(200);
      expect(reserved.data).toMatchObject({ connectorId: 1, idTag: net.card.cardNumber, status: 'ACCEPTED', answer: 'Accepted' });
      await eventually(
        async () =>
          (
            await db
              .select()
              .from(connector)
              .where(and(eq(connector.chargerId, id), eq(connector.connectorId, 1)))
          )[0]?.status === 'Reserved',
      );
      // One live reservation per connector.
      expect((await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 1, idTag: net.card.cardNumber })).code).toBe(747);
      const other = await aCard(db, net.company.code);
      expect(await cp.runSession(1, other.cardNumber, 200)).toEqual({ idTagStatus: 'Reserved' });
      const run = await cp.runSession(1, net.card.cardNumber, 300);
      expect(run.idTagStatus).toBe('Accepted');
      const used = await eventually(async () => {
        const [r] = await db.select().from(reservation).where(eq(reservation.id, reserved.data.id));
        return r.status === 'USED' ? r : undefined;
      });
      const [order] = await db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, run.transactionId!));
      expect(used.orderId).toBe(order.id);
      expect((await db.select().from(orderStart).where(eq(orderStart.orderId, order.id)))[0]).toMatchObject({
        startType: 'RESERVE',
        reservationId: reserved.data.id,
      });
      const listed = await call('GET', `/sp/charger/${id}/reservations`);
      expect(listed.data.records[0]).toMatchObject({ id: reserved.data.id, status: 'USED', orderNo: order.orderNo });

      // A reservation of 3 s expires: on the charger (Available again) and on the server (EXPIRED).
      const short = await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 2, idTag: net.card.cardNumber, expiryMinutes: 0.05 });
      expect(short.data.status).toBe('ACCEPTED');
      expect(cp.reservationOn(2)?.id).toBe(short.data.id);
      await eventually(async () => {
        const [r] = await db.select().from(reservation).where(eq(reservation.id, short.data.id));
        return r.status === 'EXPIRED';
      }, 200);
      await eventually(async () => !cp.reservationOn(2));
      await eventually(
        async () =>
          (
            await db
              .select()
              .from(connector)
              .where(and(eq(connector.chargerId, id), eq(connector.connectorId, 2)))
          )[0]?.status === 'Available',
      );
      expect((await call('GET', `/sp/charger/${id}/reservations?status=EXPIRED`)).data.records.map((r: { id: number }) => r.id)).toEqual([short.data.id]);
      // Its card now starts anywhere, without a reservationId.
      expect((await call('POST', `/sp/charger/${id}/reservations/${short.data.id}/cancel`)).code).toBe(748);
    } finally {
      await cp.stop();
    }
  });

  it('cancels a reservation; a busy connector answers Occupied; offline answers 720 and nothing stays', async () => {
    const { net, cp, id } = await simulated();
    const db = ctx.s.database.db;
    try {
      const made = await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 2, idTag: net.card.cardNumber, expiryMinutes: 5 });
      expect(made.data.status).toBe('ACCEPTED');
      const cancelled = await call('POST', `/sp/charger/${id}/reservations/${made.data.id}/cancel`);
      expect(cancelled.data).toMatchObject({ id: made.data.id, status: 'CANCELLED' });
      expect(cp.reservationOn(2)).toBeUndefined();
      await inLog(net.charger.serialNum, 'CancelReservation', ['OUT CALL', 'IN CALLRESULT']);
      expect(await call('POST', `/sp/charger/${id}/reservations/999999/cancel`, undefined, 'zh')).toMatchObject({ code: 817, msg: '预约不存在' });

      const busyCard = await aCard(db, net.company.code);
      const session = cp.runSession(1, busyCard.cardNumber, 1500);
      await eventually(async () => cp.sessions === 1);
      const occupied = await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 1, idTag: net.card.cardNumber });
      expect(occupied.data).toMatchObject({ status: 'REFUSED', answer: 'Occupied' });
      await session;
    } finally {
      await cp.stop();
    }
    await eventually(async () => !ctx.s.app.ocpp.isConnected(net.charger.serialNum));
    const count = async () => (await db.select().from(reservation).where(eq(reservation.chargerId, id))).length;
    const before = await count();
    expect((await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 1, idTag: net.card.cardNumber })).code).toBe(720);
    expect(await count()).toBe(before);
    expect((await call('GET', `/sp/charger/${id}/configuration`)).code).toBe(720);
    expect((await call('POST', `/sp/charger/${id}/command/clear-cache`)).code).toBe(720);
  });

  it("validates inputs with catalogue codes in the caller's language", async () => {
    const net = await aNetwork(ctx.s.database.db);
    const id = net.charger.id;
    expect(await call('POST', `/sp/charger/${id}/configuration`, { key: ' ', value: '1' }, 'zh')).toMatchObject({
      code: 624,
      msg: expect.stringContaining('配置项不能为空'),
    });
    expect((await call('POST', `/sp/charger/${id}/configuration`, { key: 'k'.repeat(51), value: '1' })).code).toBe(400);
    expect(await call('POST', `/sp/charger/${id}/command/data-transfer`, { vendorId: '' })).toMatchObject({
      code: 625,
      msg: expect.stringContaining('Vendor ID cannot be empty'),
    });
    expect((await call('POST', `/sp/charger/${id}/command/trigger`, { requestedMessage: 'Authorize' })).code).toBe(400);
    expect((await call('POST', `/sp/charger/${id}/command/trigger`, { requestedMessage: 'StatusNotification', connectorId: 0 })).code).toBe(400);
    expect((await call('POST', `/sp/charger/${id}/local-list`, { updateType: 'Partial' })).code).toBe(400);
    expect((await call('POST', `/sp/charger/${id}/reservations`, { idTag: 'X' })).code).toBe(602);
    expect((await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 1 })).code).toBe(610);
    expect((await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 1, idTag: 'MISTYPED' })).code).toBe(727);
    expect((await call('POST', `/sp/charger/${id}/reservations`, { connectorId: 1, idTag: net.card.cardNumber, expiryMinutes: 0 })).code).toBe(400);
    expect((await call('GET', `/sp/charger/999999/configuration`)).code).toBe(800);
    const other = await aNetwork(ctx.s.database.db);
    const outsider = await aCharger(ctx.s.database.db, other.company.code);
    expect((await call('GET', `/sp/charger/${outsider.id}/reservations?status=WHATEVER`)).code).toBe(400);
  });
});
