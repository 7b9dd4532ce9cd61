/**
 * GET /sp/charger-log and GET /sp/connection-attempt: paging, filters, permission and company scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aNetwork } from '../support/builders.js';
import { staffWith } from '../support/tenants.js';
import { connect, eventually, handshakeStatus } from './helpers.js';

describe.each(backends())('charger log API on %s', (backend) => {
  let s: TestServer;
  let a: Awaited<ReturnType<typeof aNetwork>>;
  let b: Awaited<ReturnType<typeof aNetwork>>;
  let admin: string;
  const get = async (url: string, token: string) => {
    const res = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return res.json() as { code: number; data: { records: Record<string, unknown>[]; total: number } };
  };
  const companyUser = (companyCode: string, permissions: string[]) => staffWith(s, companyCode, permissions);

  beforeAll(async () => {
    s = await build(backend);
    a = await aNetwork(s.database.db);
    b = await aNetwork(s.database.db);
    for (const net of [a, b]) {
      const cp = await connect(s.ocppUrl, net.charger.serialNum);
      await cp.call('Heartbeat', {});
      await cp.call('Authorize', { idTag: net.card.cardNumber });
      await cp.close();
    }
    await handshakeStatus(s.ocppUrl, 'GHOST00000000001');
    await handshakeStatus(s.ocppUrl, a.charger.serialNum, { protocols: ['ocpp2.0.1'] });
    admin = await s.login();
    await eventually(async () => (await get('/sp/charger-log?size=1', admin)).data.total >= 8);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pages and filters the log for an administrator', async () => {
    const all = await get('/sp/charger-log?page=1&size=3', admin);
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(8);
    expect(all.data.records).toHaveLength(3);
    expect(all.data.records[0]).toMatchObject({
      serialNum: expect.any(String),
      direction: expect.stringMatching(/^(IN|OUT)$/),
      createTimeStamp: expect.any(String),
    });
    const mine = await get(`/sp/charger-log?serialNum=${a.charger.serialNum}&direction=OUT&action=Authorize`, admin);
    expect(mine.data.total).toBe(1);
    expect(mine.data.records[0]).toMatchObject({ messageType: 'CALLRESULT', payload: { idTagInfo: { status: 'Accepted' } } });
    // a start in the future breaks the time-range rule of every list (domain/time-range.ts)
    const future = await get(`/sp/charger-log?startTime=${Date.now() + 3_600_000}`, admin);
    expect(future.code).toBe(715);
  });

  it('limits a company user to its own chargers', async () => {
    const token = await companyUser(a.company.code, ['menu:events:chargerlog']);
    const log = await get('/sp/charger-log?size=50', token);
    expect(log.data.total).toBe(4);
    expect(log.data.records.every((r) => r.serialNum === a.charger.serialNum)).toBe(true);
    expect((await get(`/sp/charger-log?serialNum=${b.charger.serialNum}`, token)).data.total).toBe(0);
    expect((await get(`/sp/charger-log?companyCode=${b.company.code}`, token)).code).toBe(709);
    const attempts = await get('/sp/connection-attempt', token);
    expect(attempts.data.records.map((r) => r.identity)).toEqual([a.charger.serialNum]);
  });

  it('shows attempts of unknown identities to administrators', async () => {
    const attempts = await get('/sp/connection-attempt?page=1&size=10', admin);
    expect(attempts.data.total).toBe(2);
    expect(attempts.data.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ identity: 'GHOST00000000001', reason: 'UNKNOWN_CHARGER', companyCode: null }),
        expect.objectContaining({ identity: a.charger.serialNum, reason: 'NO_SUBPROTOCOL', companyCode: a.company.code }),
      ]),
    );
  });

  it('needs the charger-log permission', async () => {
    const token = await companyUser(a.company.code, ['menu:events:events']);
    expect((await get('/sp/charger-log', token)).code).toBe(403);
    expect((await get('/sp/connection-attempt', token)).code).toBe(403);
  });
});
