/**
 * Station managers see only their stations (spec §6; issue "Operators, accounts, roles and
 * menus" item 7): the station, charger and order reads of a station manager are limited to the
 * stations of their account; naming another station → 709. Their dashboard counts only those
 * stations, their chargers and orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { call, setupTenants, type Tenants } from '../support/tenants.js';
import { charger, chargeOrder, station } from '../../server/db/schema.js';

describe.each(backends())('station-manager scope on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let other: number;
  let ownOrder: number;
  let otherOrder: number;

  beforeAll(async () => {
    s = await build(backend);
    t = await setupTenants(s);
    const db = s.database.db;
    const [st] = await db.insert(station).values({ companyCode: 'ALPHA', name: 'ALPHA North' }).returning();
    other = st.id;
    const [c1] = await db.insert(charger).values({ companyCode: 'ALPHA', stationId: t.a.stationId, serialNum: 'ALPHA00000000001' }).returning();
    const [c2] = await db.insert(charger).values({ companyCode: 'ALPHA', stationId: other, serialNum: 'ALPHA00000000002' }).returning();
    const order = (n: number, c: typeof c1) => ({
      orderNo: `SM${n}`, companyCode: 'ALPHA', stationId: c.stationId, chargerId: c.id, chargerSn: c.serialNum, connectorId: 1,
      transactionId: 7000 + n, idTag: 'T', idTagStatus: 'Accepted', chargerStartTime: new Date(Date.now() - n * 60_000), meterStart: 0, currency: 'EUR',
    });
    const rows = await db.insert(chargeOrder).values([order(1, c1), order(2, c2)]).returning();
    ownOrder = rows[0].id;
    otherOrder = rows[1].id;
  });
  afterAll(async () => { await s?.close(); });

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
