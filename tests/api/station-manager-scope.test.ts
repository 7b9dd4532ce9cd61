/**
 * Station managers see only their stations (requirements §6; issue "Operators, accounts, roles and
 * menus" item 7): the station, charger and order reads of a station manager are limited to the
 * stations of their account; naming another station → 709. Their dashboard counts only those
 * stations, their chargers and orders.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { call, PASSWORD, type StationScopeFixture, type Tenants, tenantServer } from '../support/tenants.js';
import { eq } from 'drizzle-orm';
import { account, charger, chargeOrder, station } from '../../server/db/schema.js';

describe.each(backends())('station-manager scope on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let other: number;
  let ownOrder: number;
  let otherOrder: number;

  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
    const db = s.database.db;
    const [st] = await db.insert(station).values({ companyCode: 'ALPHA', name: 'ALPHA North' }).returning();
    other = st.id;
    const [c1] = await db.insert(charger).values({ companyCode: 'ALPHA', stationId: t.a.stationId, serialNum: 'ALPHA00000000001' }).returning();
    const [c2] = await db.insert(charger).values({ companyCode: 'ALPHA', stationId: other, serialNum: 'ALPHA00000000002' }).returning();
    const order = (n: number, c: typeof c1) => ({
      orderNo: `SM${n}`,
      companyCode: 'ALPHA',
      stationId: c.stationId,
      chargerId: c.id,
      chargerSn: c.serialNum,
      connectorId: 1,
      transactionId: 7000 + n,
      idTag: 'T',
      idTagStatus: 'Accepted',
      chargerStartTime: new Date(Date.now() - n * 60_000),
      meterStart: 0,
      currency: 'EUR',
    });
    const rows = await db
      .insert(chargeOrder)
      .values([order(1, c1), order(2, c2)])
      .returning();
    ownOrder = rows[0].id;
    otherOrder = rows[1].id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists only the orders of the manager stations; another station → 709', async () => {
    const list = await call(s, 'GET', '/sp/order?size=50', t.manager.token);
    expect(list.code).toBe(200);
    expect(list.data.records.map((o: { orderNo: string }) => o.orderNo)).toEqual(['SM1']);
    expect((await call(s, 'GET', `/sp/order?stationId=${other}`, t.manager.token)).code).toBe(709);
    expect((await call(s, 'GET', `/sp/order/${ownOrder}`, t.manager.token)).code).toBe(200);
    expect((await call(s, 'GET', `/sp/order/${otherOrder}`, t.manager.token)).code).toBe(709);
    // The operator's administrator still sees both.
    const all = await call(s, 'GET', '/sp/order?size=50', t.a.adminToken);
    expect(all.data.total).toBe(2);
  });

  it('lists only the manager stations', async () => {
    const list = await call(s, 'GET', '/sp/station?size=50', t.manager.token);
    expect(list.code).toBe(200);
    expect(list.data.records.map((x: { id: number }) => x.id)).toEqual([t.a.stationId]);
    // The detail needs the station-profile menu, which this manager's role does not grant.
    expect((await call(s, 'GET', `/sp/station/${other}`, t.manager.token)).code).toBe(403);
  });

  it("counts only the manager's stations, chargers and orders on the dashboard", async () => {
    const mine = await call(s, 'GET', '/sp/dashboard', t.manager.token);
    expect(mine.code).toBe(200);
    expect(mine.data).toMatchObject({ stations: 1, chargers: 1, orders: { count: 1 } });
    expect(mine.data.recentOrders.map((o: { orderNo: string }) => o.orderNo)).toEqual(['SM1']);
    const company = await call(s, 'GET', '/sp/dashboard', t.a.adminToken);
    expect(company.data).toMatchObject({ stations: 2, chargers: 2, orders: { count: 2 } });
  });
});

/**
 * Issue 9 item 5: a station manager's live stream and bell carry only its stations' chargers,
 * gateways and orders, and its rights never grow through its own hands.
 */
describe.each(backends())('station manager: live stream, bell and own rights on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let f: StationScopeFixture;

  beforeAll(async () => {
    ({ s, t, f } = await tenantServer(backend, true));
  });
  afterAll(async () => {
    await s?.close();
  });

  it("streams only the events of the manager's stations", async () => {
    const ac = new AbortController();
    const res = await fetch(`${s.baseUrl}/sp/live?token=${f.manager.token}`, { signal: ac.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    const pump = (async () => {
      const dec = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) break;
        text += dec.decode(value);
      }
    })();
    await vi.waitFor(() => expect(text).toContain(': connected'), { timeout: 5000 });
    const { other, own } = f;
    s.app.bus.emit('charger', { chargerId: other.chargerId, serialNum: other.chargerSn, companyCode: 'ALPHA' });
    s.app.bus.emit('gateway', { gatewayId: other.gatewayId, serialNum: other.gatewaySn, companyCode: 'ALPHA' });
    s.app.bus.emit('order', { orderId: other.orderId, companyCode: 'ALPHA' });
    s.app.bus.emit('charger', { chargerId: own.chargerId, serialNum: own.chargerSn, companyCode: 'ALPHA' });
    s.app.bus.emit('gateway', { gatewayId: own.gatewayId, serialNum: own.gatewaySn, companyCode: 'ALPHA' });
    s.app.bus.emit('order', { orderId: own.orderId, companyCode: 'ALPHA' });
    await vi.waitFor(
      () => {
        expect(text).toContain(own.chargerSn);
        expect(text).toContain(own.gatewaySn);
        expect(text).toContain(`"orderId":${own.orderId}`);
      },
      { timeout: 5000 },
    );
    ac.abort();
    await pump;
    expect(text).not.toContain(other.chargerSn);
    expect(text).not.toContain(other.gatewaySn);
    expect(text).not.toContain(`"orderId":${other.orderId}`);
  });

  it("rings the bell only for the manager's stations", async () => {
    const bell = await call(s, 'GET', '/sp/notifications', f.manager.token);
    expect(bell.code).toBe(200);
    expect(bell.data.map((n: { serialNum: string }) => n.serialNum)).toEqual([f.own.chargerSn]);
    const all = await call(s, 'GET', '/sp/notifications', t.a.adminToken);
    expect(all.data.map((n: { serialNum: string }) => n.serialNum).sort()).toEqual([f.other.chargerSn, f.own.chargerSn].sort());
  });

  it('cannot widen its own stations, change its own kind or role, or create or manage a wider account (403)', async () => {
    const me = (await call(s, 'GET', `/sp/company/user/${f.manager.accountId}`, f.manager.token)).data;
    const self = (over: Record<string, unknown>) =>
      call(s, 'PUT', `/sp/company/user/${f.manager.accountId}`, f.manager.token, {
        companyCode: me.companyCode,
        userType: me.userType,
        realName: me.realName,
        phone: me.phone,
        email: me.email,
        roleId: me.roleId,
        managedStationIds: me.managedStationIds,
        ...over,
      });
    expect((await self({ managedStationIds: [f.own.stationId, f.other.stationId] })).code).toBe(403);
    expect((await self({ userType: 'STAFF' })).code).toBe(403);
    expect((await self({ roleId: t.a.adminRoleId })).code).toBe(403);
    // an edit that grows nothing is still allowed
    expect((await self({ phone: '+44 99' })).code).toBe(200);

    let n = 0;
    const create = (over: Record<string, unknown>) =>
      call(s, 'POST', '/sp/company/user', f.manager.token, {
        username: `lead.new${++n}`,
        email: `new${n}@alpha.example`,
        password: PASSWORD,
        userType: 'STATION_MANAGER',
        realName: 'Nia New',
        phone: '+44 4',
        roleId: f.manager.roleId,
        managedStationIds: [f.own.stationId],
        ...over,
      });
    expect((await create({ userType: 'STAFF', managedStationIds: [] })).code).toBe(403);
    expect((await create({ managedStationIds: [f.other.stationId] })).code).toBe(403);
    expect((await create({})).code).toBe(200);
    // the clerk is company-wide staff whose role the manager holds: still beyond a station manager
    expect((await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}/pwd`, f.manager.token, { password: 'An0ther-Pass' })).code).toBe(403);

    const [row] = await s.database.db.select().from(account).where(eq(account.id, f.manager.accountId));
    expect(row).toMatchObject({ userType: 'STATION_MANAGER', managedStationIds: [f.own.stationId], roleId: f.manager.roleId });
  });
});
