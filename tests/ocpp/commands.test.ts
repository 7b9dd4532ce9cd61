import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aBootNotification, aCard, aNetwork, aCharger, aStartTransaction } from '../support/builders.js';
import { chargerLog } from '../../server/db/schema.js';
import { connect, eventually } from './helpers.js';

describe.each(backends())('remote commands on %s', (backend) => {
  let s: TestServer;
  let auth: Record<string, string>;
  let net: Awaited<ReturnType<typeof aNetwork>>;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...auth, ...headers } }).then((r) => r.json());

  beforeAll(async () => {
    s = await build(backend, { commandTimeoutMs: 700 });
    auth = { authorization: `Bearer ${await s.login()}` };
    net = await aNetwork(s.database.db);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A new charger at the network's station, connected. */
  const aConnected = async () => {
    const ch = await aCharger(s.database.db, net.company.code, { stationId: net.station.id });
    return { ch, cp: await connect(s.ocppUrl, ch.serialNum) };
  };
  /** The params of each `action` the charger `cp` receives, answered Accepted. */
  const accepting = (cp: Awaited<ReturnType<typeof connect>>, action: string) => {
    const received: unknown[] = [];
    cp.handle(action, async ({ params }) => {
      received.push(params);
      return { status: 'Accepted' };
    });
    return received;
  };

  it('sends a remote start for a card and a remote stop to a connected charger', async () => {
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    const seen: unknown[] = [];
    let txId = 0;
    cp.handle('RemoteStartTransaction', async ({ params }) => {
      const { idTag } = params as { idTag: string };
      seen.push(params);
      // Like a real charger: accept, then start the transaction.
      setTimeout(async () => {
        const res = (await cp.call('StartTransaction', aStartTransaction({ idTag, meterStart: 100 }))) as { transactionId: number };
        txId = res.transactionId;
      }, 10);
      return { status: 'Accepted' };
    });
    cp.handle('RemoteStopTransaction', async ({ params }) => {
      seen.push(params);
      return { status: 'Accepted' };
    });
    await cp.call('BootNotification', aBootNotification());
    const start = await post(`/sp/charger/${net.charger.id}/command/remote-start`, { connectorId: 1, cardUserId: net.card.id });
    expect(start.code).toBe(200);
    expect(start.data.answer).toEqual({ status: 'Accepted' });
    expect(seen[0]).toEqual({ connectorId: 1, idTag: net.card.cardNumber });
    await eventually(async () => txId !== 0);
    await eventually(async () => {
      const stop = await post(`/sp/charger/${net.charger.id}/command/remote-stop`, {});
      return stop.code === 200 ? stop : undefined;
    });
    expect(seen[1]).toEqual({ transactionId: txId });
    const logged = await s.database.db
      .select()
      .from(chargerLog)
      .where(and(eq(chargerLog.chargerSn, net.charger.serialNum), eq(chargerLog.messageType, 'COMMAND')));
    expect(logged.map((r) => r.action)).toEqual(expect.arrayContaining(['RemoteStartTransaction', 'RemoteStopTransaction']));
    await cp.close({ force: true });
  });

  it('checks the card before a remote start: unknown 727, deactivated 728, no balance 721, already charging 729; nothing is sent', async () => {
    const { ch, cp } = await aConnected();
    const sent = accepting(cp, 'RemoteStartTransaction');
    const inactive = await aCard(s.database.db, net.company.code, { active: false });
    const broke = await aCard(s.database.db, net.company.code, { balance: '0' });
    const busy = await aCard(s.database.db, net.company.code);
    await cp.call('StartTransaction', aStartTransaction({ idTag: busy.cardNumber, connectorId: 1 }));
    const start = (body: object, lang = 'en') => post(`/sp/charger/${ch.id}/command/remote-start`, body, { cookie: `language=${lang}` });
    expect(await start({ connectorId: 2, idTag: 'MISTYPED-CARD' })).toMatchObject({ code: 727 });
    expect(await start({ connectorId: 2, cardUserId: inactive.id }, 'zh')).toMatchObject({ code: 728, msg: expect.stringContaining('该卡已停用') });
    expect(await start({ connectorId: 2, cardUserId: broke.id })).toMatchObject({ code: 721 });
    expect(await start({ connectorId: 2, cardUserId: busy.id })).toMatchObject({ code: 729, msg: expect.stringContaining('already charging') });
    expect(sent).toEqual([]);
    const fine = await aCard(s.database.db, net.company.code);
    expect((await start({ connectorId: 2, cardUserId: fine.id })).code).toBe(200);
    expect(sent).toEqual([{ connectorId: 2, idTag: fine.cardNumber }]);
    await cp.close({ force: true });
  });

  it('stops exactly the session named by transactionId or connector; with two open and none named, 797; none open, 796', async () => {
    const { ch, cp } = await aConnected();
    const stopped = accepting(cp, 'RemoteStopTransaction');
    // An idle charger: nothing to stop, said so in the caller's language (not a bare parameter error).
    expect(await post(`/sp/charger/${ch.id}/command/remote-stop`, {})).toMatchObject({ code: 796, msg: expect.stringContaining('nothing to stop') });
    expect(await post(`/sp/charger/${ch.id}/command/remote-stop`, { connectorId: 1 }, { cookie: 'language=zh' })).toMatchObject({
      code: 796,
      msg: expect.stringContaining('无需停止'),
    });
    const a = (await cp.call('StartTransaction', aStartTransaction({ idTag: 'STOPA', connectorId: 1 }))) as { transactionId: number };
    const b = (await cp.call('StartTransaction', aStartTransaction({ idTag: 'STOPB', connectorId: 2 }))) as { transactionId: number };
    const stop = (body: object) => post(`/sp/charger/${ch.id}/command/remote-stop`, body);
    expect(await stop({})).toMatchObject({ code: 797, msg: expect.stringContaining('choose the connector or the session') });
    expect((await stop({ transactionId: b.transactionId })).code).toBe(200);
    expect((await stop({ connectorId: 1 })).code).toBe(200);
    expect(stopped).toEqual([{ transactionId: b.transactionId }, { transactionId: a.transactionId }]);
    expect(await stop({ connectorId: 3 })).toMatchObject({ code: 796 });
    expect(await stop({ transactionId: 12345 })).toMatchObject({ code: 796 });
    expect(stopped).toHaveLength(2);
    await cp.close({ force: true });
  });

  it('reports 719 when the charger rejects, 718 when it never answers, in the caller language', async () => {
    const { ch, cp } = await aConnected();
    cp.handle('Reset', async () => ({ status: 'Rejected' }));
    cp.handle('UnlockConnector', () => new Promise(() => undefined));
    const rejected = await post(`/sp/charger/${ch.id}/command/reset`, { type: 'Hard' });
    expect(rejected.code).toBe(719);
    const timeout = await post(`/sp/charger/${ch.id}/command/unlock`, { connectorId: 1 }, { cookie: 'language=zh' });
    expect(timeout).toMatchObject({ code: 718, msg: '指令超时' });
    await cp.close({ force: true });
  });

  it('reports 795 "sent, no answer" when the socket drops after the command left, never 720 "not sent"', async () => {
    const { ch, cp } = await aConnected();
    const received: unknown[] = [];
    // The charger gets the Reset and drops its connection before answering (as a rebooting charger does).
    cp.handle('Reset', async ({ params }) => {
      received.push(params);
      setTimeout(() => {
        void cp.close({ force: true });
      }, 20);
      return new Promise(() => undefined);
    });
    const res = await post(`/sp/charger/${ch.id}/command/reset`, { type: 'Hard' }, { cookie: 'language=en' });
    expect(received).toEqual([{ type: 'Hard' }]);
    expect(res).toMatchObject({ code: 795, msg: expect.stringContaining('check its state before repeating') });
    const rows = await s.database.db
      .select()
      .from(chargerLog)
      .where(and(eq(chargerLog.chargerSn, ch.serialNum), eq(chargerLog.messageType, 'COMMAND')));
    expect(rows[0].payload).toMatchObject({ result: 'FAILED', code: 795 });
  });

  it('reports 720 when the charger is not connected and 800 for an unknown charger', async () => {
    const ch = await aCharger(s.database.db, net.company.code);
    expect((await post(`/sp/charger/${ch.id}/command/availability`, { connectorId: 0, type: 'Inoperative' })).code).toBe(720);
    expect((await post('/sp/charger/999999/command/reset', { type: 'Soft' })).code).toBe(800);
    const rows = await s.database.db
      .select()
      .from(chargerLog)
      .where(and(eq(chargerLog.chargerSn, ch.serialNum), eq(chargerLog.messageType, 'COMMAND')));
    expect(rows[0].payload).toMatchObject({ result: 'FAILED', code: 720 });
  });
});
