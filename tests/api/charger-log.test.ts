/**
 * GET /sp/charger-log/frames (the charger log screen): keyset paging through rows that share a
 * time, the call paired with its answer, the filters and the 715 rule, a bad cursor, company scope;
 * and the retention run that deletes old frames and refused handshakes in batches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aNetwork } from '../support/builders.js';
import { account, chargerLog, connectionAttempt, role } from '../../server/db/schema.js';
import { hashPassword } from '../../server/auth/password.js';
import { pruneChargerLog } from '../../server/modules/charger-log/retention.js';
import type { ChargerLogFramePage } from '../../domain/entities/charger-log.js';

describe.each(backends())('charger log frames on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let a: Awaited<ReturnType<typeof aNetwork>>;
  let b: Awaited<ReturnType<typeof aNetwork>>;
  const get = async (url: string, token = admin) => {
    const res = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return res.json() as { code: number; msg: string; data: ChargerLogFramePage };
  };
  /** Every page of `url` following the cursors. */
  const all = async (url: string) => {
    const out: ChargerLogFramePage['records'] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page: { code: number; data: ChargerLogFramePage } = await get(`${url}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.code).toBe(200);
      out.push(...page.data.records);
      cursor = page.data.nextCursor;
      if (!cursor) break;
    }
    return out;
  };
  const base = Date.now() - 3_600_000;

  beforeAll(async () => {
    s = await build(backend);
    admin = await s.login();
    a = await aNetwork(s.database.db);
    b = await aNetwork(s.database.db);
    const rows: (typeof chargerLog.$inferInsert)[] = [];
    // 25 heartbeats of A, every 5 of them at the very same microsecond (ties broken by id)
    for (let i = 0; i < 25; i++) {
      const at = new Date(base + Math.floor(i / 5) * 1000 + 0.5);
      rows.push({
        chargerSn: a.charger.serialNum,
        companyCode: a.company.code,
        direction: 'IN',
        messageType: 'CALL',
        action: 'Heartbeat',
        messageId: `hb-${i}`,
        payload: {},
        at,
      });
      rows.push({
        chargerSn: a.charger.serialNum,
        companyCode: a.company.code,
        direction: 'OUT',
        messageType: 'CALLRESULT',
        action: 'Heartbeat',
        messageId: `hb-${i}`,
        payload: { currentTime: `t${i}` },
        at,
      });
    }
    // a command to B (OUT CALL) answered 2 s later with a CALLERROR; B's boot a day back
    rows.push({
      chargerSn: b.charger.serialNum,
      companyCode: b.company.code,
      direction: 'OUT',
      messageType: 'CALL',
      action: 'Reset',
      messageId: 'cmd-1',
      payload: { type: 'Soft' },
      at: new Date(base),
    });
    rows.push({
      chargerSn: b.charger.serialNum,
      companyCode: b.company.code,
      direction: 'IN',
      messageType: 'CALLERROR',
      action: 'Reset',
      messageId: 'cmd-1',
      payload: { errorCode: 'NotSupported' },
      at: new Date(base + 2000),
    });
    rows.push({
      chargerSn: b.charger.serialNum,
      companyCode: b.company.code,
      direction: 'IN',
      messageType: 'CALL',
      action: 'BootNotification',
      messageId: 'boot-1',
      payload: {},
      at: new Date(base - 86_400_000),
    });
    await s.database.db.insert(chargerLog).values(rows);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pages through every frame once, newest first, even where rows share a time', async () => {
    const frames = await all(`/sp/charger-log/frames?size=7&serialNum=${a.charger.serialNum}`);
    expect(frames).toHaveLength(50);
    expect(new Set(frames.map((f) => f.id)).size).toBe(50);
    for (let i = 1; i < frames.length; i++) {
      const [p, c] = [frames[i - 1], frames[i]];
      expect(p.createTimeStamp > c.createTimeStamp || (p.createTimeStamp === c.createTimeStamp && p.id > c.id)).toBe(true);
    }
    const last = await get(`/sp/charger-log/frames?size=50&serialNum=${a.charger.serialNum}`);
    expect(last.data.nextCursor).toBeNull();
  });

  it('pairs a call with its answer, both ways', async () => {
    const reset = await get(`/sp/charger-log/frames?serialNum=${b.charger.serialNum}&action=Reset`);
    const call = reset.data.records.find((r) => r.messageType === 'CALL')!;
    const answer = reset.data.records.find((r) => r.messageType === 'CALLERROR')!;
    expect(call.pair).toMatchObject({ id: answer.id, messageType: 'CALLERROR', payload: { errorCode: 'NotSupported' } });
    expect(answer.pair).toMatchObject({ id: call.id, messageType: 'CALL', payload: { type: 'Soft' } });
    const hb = await get(`/sp/charger-log/frames?serialNum=${a.charger.serialNum}&direction=IN&size=3`);
    expect(
      hb.data.records.every(
        (r) => r.direction === 'IN' && (r.pair as { payload: { currentTime: string } }).payload.currentTime === `t${r.messageId!.slice(3)}`,
      ),
    ).toBe(true);
    const boot = await get(`/sp/charger-log/frames?serialNum=${b.charger.serialNum}&action=BootNotification`);
    expect(boot.data.records[0].pair).toBeNull();
  });

  it('filters by action, direction and time range, and refuses a bad range or cursor', async () => {
    expect((await all(`/sp/charger-log/frames?size=500&action=Heartbeat&direction=OUT`)).length).toBe(25);
    const range = await all(`/sp/charger-log/frames?size=500&startTime=${new Date(base + 1000).toISOString()}&endTime=${new Date(base + 2000).toISOString()}`);
    // heartbeats 5..14 (both directions) and the CALLERROR at base + 2 s
    expect(range).toHaveLength(21);
    expect((await get(`/sp/charger-log/frames?startTime=${Date.now() + 3_600_000}`)).code).toBe(715);
    expect((await get(`/sp/charger-log/frames?endTime=${new Date().toISOString()}`)).code).toBe(715);
    expect((await get('/sp/charger-log/frames?cursor=nonsense')).code).toBe(400);
  });

  it('limits a company user to its own chargers', async () => {
    const [r] = await s.database.db
      .insert(role)
      .values({ name: 'r', code: `R${Math.random().toString(36).slice(2, 8)}`, companyCode: b.company.code, permissions: ['menu:events:chargerlog'] })
      .returning();
    await s.database.db
      .insert(account)
      .values({ companyCode: b.company.code, username: 'blogger', userType: 'STAFF', roleId: r.id, passwordHash: await hashPassword('pw-123456') });
    const token = await s.login('blogger', 'pw-123456');
    const mine = await get('/sp/charger-log/frames?size=500', token);
    expect(mine.data.records.map((x) => x.serialNum)).toEqual([b.charger.serialNum, b.charger.serialNum, b.charger.serialNum]);
    expect((await get(`/sp/charger-log/frames?serialNum=${a.charger.serialNum}`, token)).data.records).toHaveLength(0);
    expect((await get(`/sp/charger-log/frames?companyCode=${a.company.code}`, token)).code).toBe(709);
  });

  it('deletes frames and refused handshakes past the retention period, in batches', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    await s.database.db.insert(chargerLog).values(
      Array.from({ length: 23 }, (_, i) => ({
        chargerSn: a.charger.serialNum,
        direction: 'IN',
        action: 'Heartbeat',
        messageType: 'CALL',
        messageId: `old-${i}`,
        at: old,
      })),
    );
    await s.database.db.insert(connectionAttempt).values([
      { identity: 'OLD0000000000001', reason: 'UNKNOWN_CHARGER', firstAt: old, at: old },
      { identity: 'NEW0000000000001', reason: 'UNKNOWN_CHARGER' },
    ]);
    const count = async () => Number((await s.database.db.select({ n: sql<number>`count(*)` }).from(chargerLog))[0].n);
    const before = await count();
    // two batches of 10 in this run: 20 go, 3 stay for the next run
    const first = await pruneChargerLog(s.database.db, { before: new Date(Date.now() - 30 * 86_400_000), batchSize: 10, maxBatches: 2 });
    expect(first).toMatchObject({ frames: 20, attempts: 1, done: false });
    const second = await pruneChargerLog(s.database.db, { before: new Date(Date.now() - 30 * 86_400_000), batchSize: 10, maxBatches: 2 });
    expect(second).toMatchObject({ frames: 3, attempts: 0, done: true });
    expect(await count()).toBe(before - 23);
    const left = await s.database.db.select({ identity: connectionAttempt.identity }).from(connectionAttempt);
    expect(left.map((x) => x.identity)).toEqual(['NEW0000000000001']);
  });
});
