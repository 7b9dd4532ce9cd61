/**
 * A gateway (local controller) connects over OCPP with its own identity (requirements §12): its
 * socket gives its online state, its BootNotification its vendor, model and firmware; the
 * console's password, deactivation and commands apply to it as to a charger; its chargers keep
 * their own connections and transaction messages on the gateway's identity bill nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chargeOrder, chargerLog, connectionAttempt, dataTransfer, gateway, notification } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { parseDataTransferVendors } from '../../server/config.js';
import { caller, type Call } from '../support/assets.js';
import { aBootNotification, aCharger, aCompany, aStation } from '../support/builders.js';
import { connect, eventually, handshakeStatus, whileConnected } from './helpers.js';

describe.each(backends())('gateway connections on %s', (backend) => {
  let s: TestServer;
  let admin: Call;
  let company: string;
  let stationId: number;
  let seq = 0;

  beforeAll(async () => {
    s = await build(backend, { pingInterval: 1, dataTransferVendors: parseDataTransferVendors('gw.vendor=topology') });
    admin = caller(s, await s.login());
    company = (await aCompany(s.database.db)).code;
    stationId = (await aStation(s.database.db, company)).id;
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Registers a gateway through the API; returns its id and SN. */
  async function aGateway(o: Record<string, unknown> = {}): Promise<{ id: number; serialNum: string }> {
    const serialNum = `GWTEST${backend.slice(0, 2).toUpperCase()}${String(++seq).padStart(8, '0')}`;
    const res = await admin('POST', '/sp/gateway', { serialNum, stationId, firmwareVersion: '0.9.0', ...o });
    expect(res.code).toBe(200);
    return { id: res.data.id, serialNum };
  }
  const rowOf = async (id: number) => (await s.database.db.select().from(gateway).where(eq(gateway.id, id)))[0];

  it('shows a registered gateway online once it connects, with what its BootNotification reports', async () => {
    const gw = await aGateway();
    const events: string[] = [];
    const off = s.app.bus.on('gateway', (p) => {
      if (p.serialNum === gw.serialNum) events.push(p.companyCode);
    });
    try {
      const cp = await connect(s.ocppUrl, gw.serialNum);
      const boot = (await cp.call(
        'BootNotification',
        aBootNotification({ chargePointVendor: 'GwVendor', chargePointModel: 'LC-1', firmwareVersion: '2.4.1' }),
      )) as { status: string; interval: number };
      expect(boot).toMatchObject({ status: 'Accepted', interval: s.app.config.heartbeatInterval });
      const rec = (await admin('GET', `/sp/gateway/${gw.id}`)).data;
      expect(rec).toMatchObject({ online: true, vendor: 'GwVendor', model: 'LC-1', firmwareVersion: '2.4.1', hasOcppPassword: false });
      expect(rec.lastSeenAt).toBeTruthy();
      const before = (await rowOf(gw.id)).lastSeenAt!.getTime();
      await new Promise((r) => setTimeout(r, 20));
      await cp.call('Heartbeat', {});
      expect((await rowOf(gw.id)).lastSeenAt!.getTime()).toBeGreaterThan(before);
      expect(await cp.call('StatusNotification', { connectorId: 0, status: 'Available', errorCode: 'NoError' })).toEqual({});

      await cp.close();
      await eventually(async () => !(await rowOf(gw.id)).online);
      expect((await admin('GET', `/sp/gateway?online=false&q=${gw.serialNum}`)).data.records).toHaveLength(1);
      expect(events.length).toBeGreaterThanOrEqual(3); // online, boot, offline
      expect(events.every((c) => c === company)).toBe(true);
    } finally {
      off();
    }
  });

  it('records "gateway offline" when its socket drops, in the bell in the user\'s language, recovered when it returns', async () => {
    const gw = await aGateway();
    const events = () => s.database.db.select().from(notification).where(eq(notification.serialNum, gw.serialNum));
    const first = await connect(s.ocppUrl, gw.serialNum);
    await eventually(async () => (await rowOf(gw.id)).online);
    await first.close();
    const [offline] = await eventually(async () => {
      const rows = await events();
      return rows.length ? rows : null;
    });
    expect(offline).toMatchObject({
      companyCode: company,
      systemNotificationType: 'EVENT',
      eventStatus: 'HAPPENING',
      kind: 'EVENT',
      params: { eventType: 'GATEWAY_OFFLINE', device: 'gateway', serialNum: gw.serialNum },
    });
    const bell = await s.app.inject({
      method: 'GET',
      url: '/sp/notifications',
      headers: { authorization: `Bearer ${await s.login()}`, cookie: 'language=zh' },
    });
    expect(bell.json().data.find((n: { serialNum: string }) => n.serialNum === gw.serialNum)?.content).toBe(`网关 ${gw.serialNum} 离线`);
    await whileConnected(s.ocppUrl, gw.serialNum, async (again) => {
      await eventually(async () => (await events()).every((n) => n.eventStatus === 'RECOVERED'));
      // Deactivated in the console: the server closes the socket on purpose, no offline event.
      const closed = new Promise((r) => again.once('close', r));
      expect((await admin('PUT', `/sp/gateway/${gw.id}`, { lifeStatus: 'INACTIVE' })).code).toBe(200);
      await closed;
      await eventually(async () => !(await rowOf(gw.id)).online);
      expect(await events()).toHaveLength(1);
    });
  });

  it('refuses an inactive gateway and records the attempt under its company', async () => {
    const gw = await aGateway({ lifeStatus: 'INACTIVE' });
    expect(await handshakeStatus(s.ocppUrl, gw.serialNum)).toBe(403);
    const rows = await s.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.identity, gw.serialNum));
    expect(rows).toMatchObject([{ reason: 'INACTIVE', companyCode: company }]);
    expect((await rowOf(gw.id)).online).toBe(false);
  });

  it('requires the OCPP password generated in the console, shown once, until it is cleared', async () => {
    const gw = await aGateway();
    const gen = await admin('POST', `/sp/gateway/${gw.id}/ocpp-password`);
    expect(gen.code).toBe(200);
    expect(gen.data.username).toBe(gw.serialNum);
    const password = gen.data.password as string;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await rowOf(gw.id)).ocppPasswordHash).not.toContain(password);
    const rec = (await admin('GET', `/sp/gateway/${gw.id}`)).data;
    expect(rec.hasOcppPassword).toBe(true);
    expect(JSON.stringify(rec)).not.toContain(password);

    expect(await handshakeStatus(s.ocppUrl, gw.serialNum)).toBe(401);
    expect(await handshakeStatus(s.ocppUrl, gw.serialNum, { password: 'not-it' })).toBe(401);
    expect(await handshakeStatus(s.ocppUrl, gw.serialNum, { password })).toBe('open');

    expect((await admin('DELETE', `/sp/gateway/${gw.id}/ocpp-password`)).code).toBe(200);
    expect((await admin('GET', `/sp/gateway/${gw.id}`)).data.hasOcppPassword).toBe(false);
    expect(await handshakeStatus(s.ocppUrl, gw.serialNum)).toBe('open');
  });

  it('closes the socket of a gateway deactivated in the console, and refuses it afterwards', async () => {
    const gw = await aGateway();
    const cp = await connect(s.ocppUrl, gw.serialNum);
    await cp.call('BootNotification', aBootNotification());
    const closed = new Promise<number | undefined>((r) => cp.once('close', ({ code }: { code?: number }) => r(code)));
    expect((await admin('PUT', `/sp/gateway/${gw.id}`, { lifeStatus: 'INACTIVE' })).code).toBe(200);
    expect(await closed).toBe(1008);
    await eventually(async () => !(await rowOf(gw.id)).online);
    expect(await handshakeStatus(s.ocppUrl, gw.serialNum)).toBe(403);
  });

  it('closes the socket of a gateway deleted in the console; its identity is then unknown', async () => {
    const gw = await aGateway();
    const cp = await connect(s.ocppUrl, gw.serialNum);
    const closed = new Promise<number | undefined>((r) => cp.once('close', ({ code }: { code?: number }) => r(code)));
    expect((await admin('DELETE', `/sp/gateway/${gw.id}`)).code).toBe(200);
    expect(await closed).toBe(1008);
    expect(await handshakeStatus(s.ocppUrl, gw.serialNum)).toBe(404);
  });

  it('keeps the chargers on their own identities: a transaction on the gateway identity bills nothing', async () => {
    const gw = await aGateway();
    const ch = await aCharger(s.database.db, company, { stationId, gatewaySn: gw.serialNum });
    const gcp = await connect(s.ocppUrl, gw.serialNum);
    const ccp = await connect(s.ocppUrl, ch.serialNum);
    try {
      expect(s.app.ocpp.connected()).toEqual(expect.arrayContaining([gw.serialNum, ch.serialNum]));
      expect(await gcp.call('Authorize', { idTag: 'ANYTAG' })).toEqual({ idTagInfo: { status: 'Invalid' } });
      const start = await gcp.call('StartTransaction', { connectorId: 1, idTag: 'ANYTAG', meterStart: 0, timestamp: new Date().toISOString() });
      expect(start).toMatchObject({ idTagInfo: { status: 'Invalid' } });
      expect(await gcp.call('StopTransaction', { transactionId: 1, meterStop: 10, timestamp: new Date().toISOString() })).toEqual({});
      const orders = await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.companyCode, company));
      expect(orders).toHaveLength(0);
      const detail = (await admin('GET', `/sp/gateway/${gw.id}`)).data;
      expect(detail.online).toBe(true);
      await eventually(async () => (await admin('GET', `/sp/gateway/${gw.id}`)).data.chargers[0]?.online === true);
    } finally {
      await gcp.close({ force: true });
      await ccp.close({ force: true });
    }
  });

  it('takes commands from the console, stores DataTransfer and logs every frame under its SN', async () => {
    const gw = await aGateway();
    await whileConnected(s.ocppUrl, gw.serialNum, async (cp) => {
      cp.handle('Reset', async () => ({ status: 'Accepted' }));
      expect(await s.app.ocpp.call(gw.serialNum, 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
      expect(await cp.call('DataTransfer', { vendorId: 'gw.vendor', messageId: 'topology', data: '{"chargers":2}' })).toEqual({ status: 'Accepted' });
      expect(await cp.call('DataTransfer', { vendorId: 'gw.vendor', messageId: 'other', data: 'x' })).toEqual({ status: 'UnknownMessageId' });
      expect(await cp.call('DataTransfer', { vendorId: 'someone.else', data: 'x' })).toEqual({ status: 'UnknownVendorId' });
      const dt = await s.database.db.select().from(dataTransfer).where(eq(dataTransfer.chargerSn, gw.serialNum));
      expect(dt).toMatchObject([{ vendorId: 'gw.vendor', messageId: 'topology' }]);
      const frames = await eventually(async () => {
        const rows = await s.database.db.select().from(chargerLog).where(eq(chargerLog.chargerSn, gw.serialNum));
        return rows.length >= 4 ? rows : null;
      });
      expect(frames.map((f) => f.action)).toEqual(expect.arrayContaining(['Reset', 'DataTransfer']));
      expect(frames.every((f) => f.companyCode === company)).toBe(true);
    });
  });
});
