/**
 * Frames and commands: malformed frames get a CALLERROR and the socket survives (up to the
 * bad-message limit), the payload limit, every frame in the charger log, and commands to chargers
 * (answers, 718 timeout, 719 refusal/CALLERROR, 720 not connected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aBootNotification, aNetwork, aStartTransaction, aStopTransaction } from '../support/builders.js';
import { charger, chargerLog } from '../../server/db/schema.js';
import { AppError } from '../../domain/app-error.js';
import { NOREPLY } from '../../server/ocpp/rpc.js';
import { connect, eventually, nextFrame, rawSocket } from './helpers.js';

describe.each(backends())('OCPP frames and commands on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build(backend);
  });
  afterAll(async () => {
    await s?.close();
  });

  const logOf = (sn: string) => s.database.db.select().from(chargerLog).where(eq(chargerLog.chargerSn, sn)).orderBy(asc(chargerLog.id));

  it('answers invalid JSON and schema-invalid payloads with CALLERROR and keeps the connection', async () => {
    const net = await aNetwork(s.database.db);
    const ws = await rawSocket(`${s.ocppUrl}/${net.charger.serialNum}`);
    try {
      let reply = nextFrame(ws);
      ws.send('this is not json');
      expect(((await reply) as unknown[]).slice(0, 3)).toEqual([4, '-1', 'RpcFrameworkError']);

      reply = nextFrame(ws);
      ws.send(JSON.stringify([2, 'm1', 'BootNotification', { chargePointVendor: 42 }]));
      const err = (await reply) as unknown[];
      expect(err.slice(0, 2)).toEqual([4, 'm1']);
      expect(['TypeConstraintViolation', 'FormationViolation', 'PropertyConstraintViolation', 'OccurrenceConstraintViolation']).toContain(err[2]);

      reply = nextFrame(ws);
      ws.send(JSON.stringify([2, 'm2', 'StartTransaction', { connectorId: 1 }]));
      expect(((await reply) as unknown[]).slice(0, 2)).toEqual([4, 'm2']);

      // Still alive: a valid call is answered.
      reply = nextFrame(ws);
      ws.send(JSON.stringify([2, 'm3', 'Heartbeat', {}]));
      expect(await reply).toEqual([3, 'm3', { currentTime: expect.any(String) }]);
    } finally {
      ws.close();
    }
  });

  it('closes the socket after too many malformed frames in a row', async () => {
    const net = await aNetwork(s.database.db);
    const ws = await rawSocket(`${s.ocppUrl}/${net.charger.serialNum}`);
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    for (let i = 0; i < 12; i++) ws.send(`garbage ${i}`);
    expect(await closed).toBe(1002);
  });

  it('closes a socket that sends a frame above 64 KB', async () => {
    const net = await aNetwork(s.database.db);
    const ws = await rawSocket(`${s.ocppUrl}/${net.charger.serialNum}`);
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.send(JSON.stringify([2, 'big', 'DataTransfer', { vendorId: 'x', data: 'y'.repeat(70_000) }]));
    expect(await closed).toBe(1009);
  });

  it('stores every frame in and out in the charger log, answers labelled with their action', async () => {
    const net = await aNetwork(s.database.db);
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    let frames = 0;
    cp.on('message', () => {
      frames++;
    });
    cp.handle('ChangeConfiguration', async () => ({ status: 'Accepted' }));
    await cp.call('BootNotification', aBootNotification());
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 0 }))) as { transactionId: number };
    await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 100 }));
    await s.app.ocpp.call(net.charger.serialNum, 'ChangeConfiguration', { key: 'AuthorizationKey', value: 'top-secret-key' });
    await cp.close();
    expect(frames).toBe(8);
    const rows = await eventually(async () => {
      const r = await logOf(net.charger.serialNum);
      return r.length >= 8 ? r : undefined;
    });
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => [r.direction, r.messageType, r.action])).toEqual([
      ['IN', 'CALL', 'BootNotification'],
      ['OUT', 'CALLRESULT', 'BootNotification'],
      ['IN', 'CALL', 'StartTransaction'],
      ['OUT', 'CALLRESULT', 'StartTransaction'],
      ['IN', 'CALL', 'StopTransaction'],
      ['OUT', 'CALLRESULT', 'StopTransaction'],
      ['OUT', 'CALL', 'ChangeConfiguration'],
      ['IN', 'CALLRESULT', 'ChangeConfiguration'],
    ]);
    expect(rows.every((r) => r.companyCode === net.company.code && r.messageId)).toBe(true);
    expect(rows[3].payload).toMatchObject({ transactionId: start.transactionId });
    // The AuthorizationKey never reaches the log.
    expect(JSON.stringify(rows)).not.toContain('top-secret-key');
  });

  it('logs malformed frames and CALLERRORs too', async () => {
    const net = await aNetwork(s.database.db);
    const ws = await rawSocket(`${s.ocppUrl}/${net.charger.serialNum}`);
    const reply = nextFrame(ws);
    ws.send('{oops');
    await reply;
    ws.close();
    const rows = await eventually(async () => {
      const r = await logOf(net.charger.serialNum);
      return r.length >= 2 ? r : undefined;
    });
    expect(rows.map((r) => [r.direction, r.messageType])).toEqual([
      ['IN', 'INVALID'],
      ['OUT', 'CALLERROR'],
    ]);
    expect(rows[0].payload).toEqual({ raw: '{oops' });
  });

  describe('commands to chargers', () => {
    const codeOf = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      return (err as AppError).code;
    };

    it('returns the answer of the charger', async () => {
      const net = await aNetwork(s.database.db);
      const cp = await connect(s.ocppUrl, net.charger.serialNum);
      cp.handle('Reset', async ({ params }) => ({ status: params?.type === 'Soft' ? 'Accepted' : 'Rejected' }));
      try {
        expect(await s.app.ocpp.call(net.charger.serialNum, 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
        // A refusal is 719, with the answer attached.
        const err = await s.app.ocpp.call(net.charger.serialNum, 'Reset', { type: 'Hard' }).catch((e: AppError) => e);
        expect(err).toMatchObject({ code: 719, data: { status: 'Rejected' } });
        // A CALLERROR (no handler: NotImplemented) is 719.
        expect(await codeOf(s.app.ocpp.call(net.charger.serialNum, 'UnlockConnector', { connectorId: 1 }))).toBe(719);
      } finally {
        await cp.close();
      }
    });

    it('answers 718 when the charger never answers', async () => {
      const net = await aNetwork(s.database.db);
      const cp = await connect(s.ocppUrl, net.charger.serialNum);
      cp.handle('ChangeAvailability', async () => NOREPLY as unknown as Record<string, unknown>);
      try {
        expect(await codeOf(s.app.ocpp.call(net.charger.serialNum, 'ChangeAvailability', { connectorId: 0, type: 'Inoperative' }, { timeoutMs: 300 }))).toBe(
          718,
        );
      } finally {
        await cp.close();
      }
    });

    it('answers 720 for a charger that is not connected', async () => {
      const net = await aNetwork(s.database.db);
      expect(s.app.ocpp.isConnected(net.charger.serialNum)).toBe(false);
      expect(await codeOf(s.app.ocpp.call(net.charger.serialNum, 'Reset', { type: 'Soft' }))).toBe(720);
      const cp = await connect(s.ocppUrl, net.charger.serialNum);
      await cp.close();
      await eventually(async () => !s.app.ocpp.isConnected(net.charger.serialNum));
      expect(await codeOf(s.app.ocpp.call(net.charger.serialNum, 'Reset', { type: 'Soft' }))).toBe(720);
    });

    it('closes the socket of a charger deactivated in the console', async () => {
      const net = await aNetwork(s.database.db);
      const cp = await connect(s.ocppUrl, net.charger.serialNum);
      const closed = new Promise<number | undefined>((r) => cp.once('close', ({ code }: { code?: number }) => r(code)));
      await s.database.db
        .update(charger)
        .set({ lifeStatus: 'INACTIVE' })
        .where(and(eq(charger.id, net.charger.id)));
      s.app.bus.emit('identityDeactivated', { serialNum: net.charger.serialNum });
      expect(await closed).toBe(1008);
    });
  });
});
