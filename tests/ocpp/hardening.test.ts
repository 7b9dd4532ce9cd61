/**
 * The charger link under hostile or broken chargers (docs/ocpp.md "Refusals and limits"): junk in
 * strings, a charger clock in the future, a flood of pipelined CALLs, frames the log cannot store,
 * and console changes (password, life status) that must close the socket.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { aChargerBody, caller } from '../support/assets.js';
import { aBootNotification, aNetwork, aStartTransaction, aStatusNotification } from '../support/builders.js';
import { charger, chargerLog, connector, dataTransfer } from '../../server/db/schema.js';
import { ChargerLogWriter } from '../../server/ocpp/charger-log.js';
import { parseDataTransferVendors } from '../../server/config.js';
import { connect, eventually, rawSocket, serverSuite, whileConnected } from './helpers.js';

describe.each(backends())('charger link hardening on %s', (backend) => {
  const ctx = serverSuite(backend, { dataTransferVendors: parseDataTransferVendors('ACME') });

  it('answers an idTag with NUL or lone surrogates with its proper OCPP answer, never InternalError', async () => {
    const net = await aNetwork(ctx.s.database.db);
    await whileConnected(ctx.s.ocppUrl, net.charger.serialNum, async (cp) => {
      expect(await cp.call('Authorize', { idTag: 'AB\u0000CD' })).toEqual({ idTagInfo: { status: 'Invalid' } });
      expect(await cp.call('Authorize', { idTag: 'AB\uD800CD' })).toEqual({ idTagInfo: { status: 'Invalid' } });
      const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: `${net.card.cardNumber.slice(0, 4)}\u0000` }))) as {
        idTagInfo: { status: string };
      };
      expect(start.idTagInfo.status).toBe('Invalid');
      expect(await cp.call('DataTransfer', { vendorId: 'ACME\u0000', data: 'x\u0000y' })).toEqual({ status: 'UnknownVendorId' });
      expect(await cp.call('DataTransfer', { vendorId: 'ACME', data: 'x\u0000y' })).toEqual({ status: 'Accepted' });
      const [row] = await ctx.s.database.db.select().from(dataTransfer).where(eq(dataTransfer.chargerSn, net.charger.serialNum));
      expect(row.data).toBe('x\uFFFDy');
    });
  });

  it('keeps the charger log flowing when a frame carries NUL, and sets aside a row that cannot be stored', async () => {
    const a = await aNetwork(ctx.s.database.db);
    const b = await aNetwork(ctx.s.database.db);
    const cpa = await connect(ctx.s.ocppUrl, a.charger.serialNum);
    const cpb = await connect(ctx.s.ocppUrl, b.charger.serialNum);
    try {
      await cpa.call('DataTransfer', { vendorId: 'ACME', data: 'nul \u0000 here' });
      await cpb.call('Heartbeat', {});
      const logged = (sn: string) => ctx.s.database.db.select().from(chargerLog).where(eq(chargerLog.chargerSn, sn));
      const rowsA = await eventually(async () => {
        const r = await logged(a.charger.serialNum);
        return r.length >= 2 ? r : null;
      });
      expect(JSON.stringify(rowsA.map((r) => r.payload))).toContain('nul \uFFFD here');
      await eventually(async () => (await logged(b.charger.serialNum)).length >= 2);
    } finally {
      await cpa.close({ force: true });
      await cpb.close({ force: true });
    }

    // A row the database refuses (NUL in a text column) is set aside; the batch around it is stored.
    const silent = ctx.s.app.log.child({});
    const writer = new ChargerLogWriter(ctx.s.database.db, silent, { maxBatch: 10, flushMs: 10_000, maxQueue: 100 });
    const base = { direction: 'IN', messageType: 'CALL', action: 'Heartbeat', messageId: 'm', payload: {} } as const;
    writer.push({ ...base, chargerSn: `${a.charger.serialNum}\u0000`, companyCode: a.company.code });
    writer.push({ ...base, chargerSn: b.charger.serialNum, companyCode: b.company.code, messageId: 'after-bad-row' });
    await writer.close();
    const stored = await ctx.s.database.db
      .select()
      .from(chargerLog)
      .where(and(eq(chargerLog.chargerSn, b.charger.serialNum), eq(chargerLog.messageId, 'after-bad-row')));
    expect(stored).toHaveLength(1);
  });

  it('does not let a StatusNotification dated in the future freeze the status', async () => {
    const net = await aNetwork(ctx.s.database.db);
    await whileConnected(ctx.s.ocppUrl, net.charger.serialNum, async (cp) => {
      await cp.call(
        'StatusNotification',
        aStatusNotification({ connectorId: 0, status: 'Faulted', errorCode: 'OtherError', timestamp: '2999-01-01T00:00:00.000Z' }),
      );
      await cp.call(
        'StatusNotification',
        aStatusNotification({ connectorId: 1, status: 'Faulted', errorCode: 'OtherError', timestamp: '2999-01-01T00:00:00.000Z' }),
      );
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 0, status: 'Available', timestamp: new Date().toISOString() }));
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available', timestamp: new Date().toISOString() }));
      const [c] = await ctx.s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
      expect(c.runStatus).toBe('Available');
      expect(c.runStatusAt!.getFullYear()).toBeLessThan(2100);
      const [k] = await ctx.s.database.db
        .select()
        .from(connector)
        .where(and(eq(connector.chargerId, net.charger.id), eq(connector.connectorId, 1)));
      expect(k.status).toBe('Available');
    });
  });

  it('answers a flood of pipelined CALLs from one charger, limits it, and keeps serving the others and the API', async () => {
    const flooder = await aNetwork(ctx.s.database.db);
    const other = await aNetwork(ctx.s.database.db);
    const ws = await rawSocket(`${ctx.s.ocppUrl}/${flooder.charger.serialNum}`);
    const answers = new Map<string, unknown[]>();
    const all = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as unknown[];
        answers.set(String(frame[1]), frame);
        if (answers.size === 500) resolve();
      }),
    );
    for (let i = 0; i < 500; i++)
      ws.send(JSON.stringify([2, `f${i}`, 'StatusNotification', aStatusNotification({ connectorId: 1, timestamp: new Date().toISOString() })]));
    const cp = await connect(ctx.s.ocppUrl, other.charger.serialNum);
    try {
      expect(await cp.call('BootNotification', aBootNotification())).toMatchObject({ status: 'Accepted' });
      const admin = caller(ctx.s, await ctx.s.login());
      expect((await admin('GET', '/sp/order?page=1&pageSize=10')).code).toBe(200);
      await all;
      const limited = [...answers.values()].filter((f) => f[0] === 4 && f[2] === 'GenericError' && f[3] === 'rate limited');
      const served = [...answers.values()].filter((f) => f[0] === 3);
      expect(limited.length).toBeGreaterThan(0);
      expect(served.length).toBeGreaterThan(0);
      expect(limited.length + served.length).toBe(500);
    } finally {
      ws.terminate();
      await cp.close({ force: true });
    }
  });

  it('closes the socket when the console sets the charger INACTIVE through PUT /sp/charger/{id} or gives it a new OCPP password', async () => {
    const admin = caller(ctx.s, await ctx.s.login());
    const net = await aNetwork(ctx.s.database.db);
    const sn = net.charger.serialNum;
    let cp = await connect(ctx.s.ocppUrl, sn);
    let closed = new Promise<number | undefined>((r) => cp.once('close', ({ code }: { code?: number }) => r(code)));
    const pw = await admin('POST', `/sp/charger/${net.charger.id}/ocpp-password`);
    expect(pw.code).toBe(200);
    expect(await closed).toBe(1008);
    cp = await connect(ctx.s.ocppUrl, sn, { password: pw.data.password });
    closed = new Promise<number | undefined>((r) => cp.once('close', ({ code }: { code?: number }) => r(code)));
    const put = await admin('PUT', `/sp/charger/${net.charger.id}`, { ...aChargerBody({ serialNum: sn, stationId: net.station.id }), lifeStatus: 'INACTIVE' });
    expect(put.code, JSON.stringify(put)).toBe(200);
    expect(await closed).toBe(1008);
  });
});
