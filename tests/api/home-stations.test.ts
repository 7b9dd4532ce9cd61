import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aBootNotification, aCharger, aCompany, aNetwork, aStartTransaction } from '../support/builders.js';
import { appUser } from '../../server/db/schema.js';
import { connect, eventually } from '../ocpp/helpers.js';

describe.each(backends())('home chargers and home app users on %s', (backend) => {
  let s: TestServer;
  let auth: Record<string, string>;
  let net: Awaited<ReturnType<typeof aNetwork>>;
  let owner: number;
  let friend: number;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en') =>
    s.app.inject({ method, url, payload: payload as object, headers: { ...auth, cookie: `language=${lang}` } }).then((r) => r.json());

  beforeAll(async () => {
    s = await build(backend, { commandTimeoutMs: 700 });
    auth = { authorization: `Bearer ${await s.login()}` };
    net = await aNetwork(s.database.db);
    const users = await s.database.db
      .insert(appUser)
      .values([
        { companyCode: net.company.code, nickname: 'owner', idTag: 'HOME-OWNER' },
        { companyCode: net.company.code, nickname: 'friend', idTag: 'HOME-FRIEND' },
      ])
      .returning();
    [owner, friend] = users.map((u) => u.id);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers the validation codes: SN 602, unknown SN 800, current 614, load-balancing current 614', async () => {
    expect((await call('POST', '/sp/home-charger', { maxCurrentA: 16 })).code).toBe(602);
    expect((await call('POST', '/sp/home-charger', { serialNum: 'NOSUCHCHARGER001', maxCurrentA: 16 })).code).toBe(800);
    const noCurrent = await call('POST', '/sp/home-charger', { serialNum: net.charger.serialNum }, 'zh');
    expect(noCurrent.code).toBe(614);
    expect(noCurrent.data.errors.maxCurrentA).toContain('智能充电');
    const lb = await call('POST', '/sp/home-charger', { serialNum: net.charger.serialNum, maxCurrentA: 16, loadBalancing: true, loadBalancingCurrentA: 20 });
    expect(lb.code).toBe(614);
    expect(Object.keys(lb.data.codes)).toEqual(['loadBalancingCurrentA']);
    expect((await call('POST', '/sp/home-charger', { serialNum: net.charger.serialNum, maxCurrentA: 16, loadBalancing: true })).code).toBe(614);
  });

  it('makes a charger a home charger, sends its limit as a ChargePointMaxProfile and shows the answer', async () => {
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    const profiles: unknown[] = [];
    cp.handle('SetChargingProfile', async ({ params }) => {
      profiles.push(params);
      return { status: 'Accepted' };
    });
    await cp.call('BootNotification', aBootNotification());
    const made = await call('POST', '/sp/home-charger', { serialNum: net.charger.serialNum, maxCurrentA: 32, ownerAppUserId: owner });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({
      serialNum: net.charger.serialNum,
      ownerNickname: 'owner',
      maxCurrentA: 32,
      effectiveLimitA: 32,
      memberCount: 1,
      online: true,
    });
    expect(made.data.lastCommand).toMatchObject({ action: 'SetChargingProfile', result: 'ACCEPTED', answer: { status: 'Accepted' } });
    expect(profiles[0]).toMatchObject({
      connectorId: 0,
      csChargingProfiles: {
        chargingProfilePurpose: 'ChargePointMaxProfile',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 32 }] },
      },
    });
    expect((await call('POST', '/sp/home-charger', { serialNum: net.charger.serialNum, maxCurrentA: 16 })).code).toBe(738);

    const lb = await call('PUT', `/sp/home-charger/${made.data.id}`, { loadBalancing: true, loadBalancingCurrentA: 10 });
    expect(lb.data).toMatchObject({ loadBalancing: true, loadBalancingCurrentA: 10, effectiveLimitA: 10 });
    expect(profiles[1]).toMatchObject({ csChargingProfiles: { chargingSchedule: { chargingSchedulePeriod: [{ limit: 10 }] } } });
    // The whole result is checked: lowering the maximum under the load-balancing current is refused.
    expect((await call('PUT', `/sp/home-charger/${made.data.id}`, { maxCurrentA: 8 })).code).toBe(614);

    // A charger that refuses: the save stands, the answer is shown; a resend answers 719.
    cp.handle('SetChargingProfile', async () => ({ status: 'Rejected' }));
    const refused = await call('PUT', `/sp/home-charger/${made.data.id}`, { maxCurrentA: 20 });
    expect(refused.data).toMatchObject({ maxCurrentA: 20, lastCommand: { result: 'FAILED', code: 719 } });
    expect((await call('POST', `/sp/home-charger/${made.data.id}/apply`)).code).toBe(719);
    await cp.close({ force: true });
    // Once the server has seen the socket close, nothing can be sent: 720 (a command sent in the
    // instant before it noticed answers 795 "sent, no answer").
    await eventually(async () => (await call('GET', `/sp/home-charger/${made.data.id}`)).data?.online === false, 300);
    expect((await call('POST', `/sp/home-charger/${made.data.id}/apply`)).code).toBe(720);
  });

  it("shares the owner's charger with family and guests, lists them with level and SN, and lists home orders", async () => {
    const [home] = (await call('GET', '/sp/home-charger')).data.records;
    expect((await call('POST', '/sp/home-app-user', { homeChargerId: home.id, level: 'FAMILY' })).code).toBe(609);
    const fam = await call('POST', '/sp/home-app-user', { homeChargerId: home.id, appUserId: friend, level: 'FAMILY' });
    expect(fam.data).toMatchObject({ nickname: 'friend', level: 'FAMILY', chargerSn: net.charger.serialNum });
    expect((await call('POST', '/sp/home-app-user', { homeChargerId: home.id, appUserId: friend, level: 'GUEST' })).code).toBe(739);
    const other = await aCompany(s.database.db);
    const [stranger] = await s.database.db.insert(appUser).values({ companyCode: other.code, nickname: 'stranger' }).returning();
    expect((await call('POST', '/sp/home-app-user', { homeChargerId: home.id, appUserId: stranger.id, level: 'GUEST' })).code).toBe(725);
    const list = await call('GET', `/sp/home-app-user?homeChargerId=${home.id}`);
    expect(list.data.records.map((r: { nickname: string; level: string }) => `${r.nickname}:${r.level}`).sort()).toEqual(['friend:FAMILY', 'owner:OWNER']);

    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    await cp.call('BootNotification', aBootNotification());
    await cp.call('StartTransaction', aStartTransaction({ idTag: 'HOME-FRIEND', connectorId: 1 }));
    await cp.close({ force: true });
    const orders = await call('GET', `/sp/home-app-user/${fam.data.id}/orders`);
    expect(orders.data.records).toHaveLength(1);
    expect(orders.data.records[0]).toMatchObject({ chargerSn: net.charger.serialNum, startType: 'CARD_SWIPE', nickname: 'friend', status: 'CHARGING' });
    expect((await call('GET', '/sp/home-order?startType=CARD_SWIPE')).data.total).toBe(1);
    expect((await call('GET', '/sp/home-order?startType=RESERVE')).data.total).toBe(0);

    expect((await call('DELETE', `/sp/home-app-user/${fam.data.id}`)).code).toBe(200);
    expect((await call('GET', `/sp/home-app-user?homeChargerId=${home.id}`)).data.total).toBe(1);
  });

  it("keeps another company's home chargers out of reach", async () => {
    const other = await aCompany(s.database.db);
    const ch = await aCharger(s.database.db, other.code);
    const made = await call('POST', '/sp/home-charger', { serialNum: ch.serialNum, maxCurrentA: 16 });
    expect(made.code).toBe(200);
    expect(made.data.lastCommand).toMatchObject({ result: 'FAILED', code: 720 });
  });
});
