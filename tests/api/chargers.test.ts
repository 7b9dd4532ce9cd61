import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { account, charger, connector, role } from '../../server/db/schema.js';
import { hashPassword } from '../../server/auth/password.js';
import { chargerDashboardState } from '../../server/modules/charger/mapper.js';
import { demoServer, getJson } from '../support/demo.js';

const RECORD_KEYS = [
  'id',
  'serialNum',
  'companyCode',
  'companyName',
  'stationId',
  'stationName',
  'chargerStationCode',
  'phase',
  'lifeStatus',
  'type',
  'ratedPowerKw',
  'runStatus',
  'online',
  'lastSeenAt',
  'firmwareVersion',
  'vendor',
  'model',
  'gatewaySn',
  'installationDate',
  'warrantyYears',
  'equipmentNumber',
  'dashboardState',
  'connectors',
  'activeOrderNo',
  'createTimeStamp',
];

describe.each(backends())('charger read API on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let volta: string;
  const get = (token: string, url: string) => getJson(s, token, url);
  /** Puts charger `sn` online with the given connector-0 and connector statuses. */
  const setState = async (sn: string, runStatus: string | null, statuses: string[]) => {
    const [c] = await s.database.db
      .update(charger)
      .set({ online: true, runStatus, lastSeenAt: new Date() })
      .where(eq(charger.serialNum, sn))
      .returning({ id: charger.id });
    for (const [i, status] of statuses.entries()) {
      await s.database.db
        .insert(connector)
        .values({ chargerId: c.id, connectorId: i + 1, status, statusAt: new Date() })
        .onConflictDoUpdate({ target: [connector.chargerId, connector.connectorId], set: { status, statusAt: new Date() } });
    }
  };

  beforeAll(async () => {
    ({ s, admin, volta } = await demoServer(backend));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists chargers with the record shape, default page and total equal to the table count', async () => {
    const [{ n }] = await s.database.db.select({ n: count() }).from(charger);
    const { status, body } = await get(admin, '/sp/charger');
    expect(status).toBe(200);
    expect(body.data.total).toBe(n);
    expect(body.data.records).toHaveLength(20);
    const rec = body.data.records[0];
    expect(Object.keys(rec)).toEqual(expect.arrayContaining(RECORD_KEYS));
    expect(rec).not.toHaveProperty('ocppPasswordHash');
    expect(rec.serialNum).toHaveLength(16);
    expect(rec.connectors.length).toBeGreaterThanOrEqual(1);
    expect(rec.connectors[0]).toMatchObject({ connectorId: 1, status: 'Available', errorCode: 'NoError' });
    expect(rec.dashboardState).toBe('offline');
    expect(rec.companyName).toBeTruthy();
    expect(rec.stationName).toBeTruthy();
    expect(new Date(rec.createTimeStamp).toISOString()).toBe(rec.createTimeStamp);
  });

  it('pages without overlap and covers every charger', async () => {
    const { body: first } = await get(admin, '/sp/charger?page=1&size=10');
    const seen = new Set<string>();
    const pages = Math.ceil(first.data.total / 10);
    for (let p = 1; p <= pages; p++) {
      const { body } = await get(admin, `/sp/charger?page=${p}&size=10`);
      for (const r of body.data.records) seen.add(r.serialNum);
    }
    expect(seen.size).toBe(first.data.total);
    const { body: beyond } = await get(admin, `/sp/charger?page=${pages + 1}&size=10`);
    expect(beyond.data.records).toEqual([]);
    expect(beyond.data.total).toBe(first.data.total);
  });

  it('sorts by whitelisted fields and refuses an unknown one with 400 naming it', async () => {
    const { body } = await get(admin, '/sp/charger?size=100&sort=serialNum&order=desc');
    const sns = body.data.records.map((r: { serialNum: string }) => r.serialNum);
    expect(sns).toEqual([...sns].sort().reverse());
    const { body: byPower } = await get(admin, '/sp/charger?size=100&sort=ratedPowerKw&order=asc');
    const powers = byPower.data.records.map((r: { ratedPowerKw: string }) => Number(r.ratedPowerKw));
    expect(powers).toEqual([...powers].sort((a, b) => a - b));
    const bad = await get(admin, '/sp/charger?sort=ocppPasswordHash');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('sort');
    expect(bad.body.data.errors.sort).toBe('ocppPasswordHash');
  });

  it('filters by company, station, SN substring, online and run status', async () => {
    const { body: v } = await get(admin, '/sp/charger?companyCode=VOLTA&size=100');
    const [{ n: voltaCount }] = await s.database.db.select({ n: count() }).from(charger).where(eq(charger.companyCode, 'VOLTA'));
    expect(v.data.total).toBe(voltaCount);
    expect(v.data.records.every((r: { companyCode: string }) => r.companyCode === 'VOLTA')).toBe(true);

    const stationId = v.data.records[0].stationId;
    const { body: st } = await get(admin, `/sp/charger?stationId=${stationId}&size=100`);
    expect(st.data.total).toBeGreaterThanOrEqual(3);
    expect(st.data.records.every((r: { stationId: number }) => r.stationId === stationId)).toBe(true);

    const { body: q } = await get(admin, '/sp/charger?q=hkev0000000002&size=100');
    const [{ n: likeCount }] = await s.database.db.select({ n: count() }).from(charger).where(like(charger.serialNum, 'HKEV0000000002%'));
    expect(q.data.total).toBe(likeCount);
    expect(q.data.total).toBeGreaterThan(0);
    const { body: wild } = await get(admin, '/sp/charger?q=%25');
    expect(wild.data.total).toBe(0);

    await setState('VOLTA00000000101', 'Available', ['Charging']);
    const { body: on } = await get(admin, '/sp/charger?online=true');
    expect(on.data.records.map((r: { serialNum: string }) => r.serialNum)).toContain('VOLTA00000000101');
    expect(on.data.records.every((r: { online: boolean }) => r.online)).toBe(true);
    const { body: rs } = await get(admin, '/sp/charger?runStatus=Available');
    expect(rs.data.records.every((r: { runStatus: string }) => r.runStatus === 'Available')).toBe(true);
    expect((await get(admin, '/sp/charger?runStatus=Sleeping')).status).toBe(400);
  });

  it('derives the dashboard state from connector statuses the same way in the list filter and the records', async () => {
    await setState('VOLTA00000000201', 'Available', ['Faulted', 'Charging']);
    await setState('VOLTA00000000202', 'Faulted', ['Charging']);
    await setState('VOLTA00000000301', 'Available', ['Preparing']);
    await setState('VOLTA00000000302', 'Available', ['Faulted']);
    await setState('VOLTA00000000303', null, ['Available']);
    const expected: Record<string, string> = {
      VOLTA00000000101: 'charging',
      VOLTA00000000201: 'charging',
      VOLTA00000000202: 'faulty',
      VOLTA00000000301: 'occupied',
      VOLTA00000000302: 'faulty',
      VOLTA00000000303: 'available',
    };
    const seen: Record<string, string> = {};
    let total = 0;
    for (const state of ['available', 'charging', 'occupied', 'faulty', 'offline']) {
      const { body } = await get(admin, `/sp/charger?dashboardState=${state}&size=500`);
      total += body.data.total;
      for (const r of body.data.records) {
        expect(r.dashboardState).toBe(state);
        expect(
          chargerDashboardState(
            r.online,
            r.runStatus,
            r.connectors.map((k: { status: string }) => k.status),
          ),
        ).toBe(state);
        seen[r.serialNum] = state;
      }
    }
    for (const [sn, state] of Object.entries(expected)) expect(seen[sn]).toBe(state);
    const [{ n }] = await s.database.db.select({ n: count() }).from(charger);
    expect(total).toBe(n);
  });

  it('answers the count per dashboard state with the rows (split=true), whatever state is filtered', async () => {
    await setState('VOLTA00000000101', 'Charging', ['Charging']);
    const all = (await get(volta, '/sp/charger?size=500&split=true')).body.data;
    const perState: Record<string, number> = {};
    for (const r of all.records as { dashboardState: string }[]) perState[r.dashboardState] = (perState[r.dashboardState] ?? 0) + 1;
    expect(all.split).toEqual({ available: 0, charging: 0, occupied: 0, faulty: 0, offline: 0, ...perState });
    expect(all.split.charging).toBeGreaterThanOrEqual(1);
    const charging = (await get(volta, '/sp/charger?size=500&split=true&dashboardState=charging')).body.data;
    expect(charging.split).toEqual(all.split);
    expect(charging.total).toBe(all.split.charging);
    expect((await get(volta, '/sp/charger')).body.data).not.toHaveProperty('split');
  });

  it('returns one charger by id, 800 when missing', async () => {
    const { body: list } = await get(admin, '/sp/charger?q=VOLTA00000000201');
    const id = list.data.records[0].id;
    const { body } = await get(admin, `/sp/charger/${id}`);
    expect(body.data).toMatchObject({ id, serialNum: 'VOLTA00000000201', dashboardState: 'charging' });
    expect(body.data.connectors.map((k: { status: string }) => k.status)).toEqual(['Faulted', 'Charging']);
    const missing = await get(admin, '/sp/charger/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(800);
  });

  it('scopes company users to their company (709 for another company)', async () => {
    const { body } = await get(volta, '/sp/charger?size=500');
    const [{ n }] = await s.database.db.select({ n: count() }).from(charger).where(eq(charger.companyCode, 'VOLTA'));
    expect(body.data.total).toBe(n);
    expect(body.data.records.every((r: { companyCode: string }) => r.companyCode === 'VOLTA')).toBe(true);
    const other = await get(volta, '/sp/charger?companyCode=HKEV');
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(709);
    const own = await get(volta, '/sp/charger?companyCode=VOLTA&size=1');
    expect(own.body.data.total).toBe(n);
    const [hk] = await s.database.db.select({ id: charger.id }).from(charger).where(eq(charger.companyCode, 'HKEV')).limit(1);
    const cross = await get(volta, `/sp/charger/${hk.id}`);
    expect(cross.body.code).toBe(709);
  });

  it('is described in the OpenAPI document with its record', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/sp/docs/json' });
    const doc = res.json();
    const ok = doc.paths['/sp/charger'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(ok)).toContain('dashboardState');
    expect(doc.paths['/sp/charger/{id}']).toBeDefined();
    for (const path of ['/sp/order', '/sp/order/{id}', '/sp/dashboard', '/sp/live']) expect(doc.paths[path]).toBeDefined();
  });

  it('needs the monitoring or station-profile permission (403 otherwise)', async () => {
    const [r] = await s.database.db
      .insert(role)
      .values({ name: 'Orders only', code: 'VOLTA_ORDERS', companyCode: 'VOLTA', permissions: ['menu:operations', 'menu:operations:orders'] })
      .returning({ id: role.id });
    await s.database.db
      .insert(account)
      .values({ username: 'volta.orders', userType: 'STAFF', companyCode: 'VOLTA', roleId: r.id, passwordHash: await hashPassword('orders-Pass-1') });
    const token = await s.login('volta.orders', 'orders-Pass-1');
    const res = await get(token, '/sp/charger');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
  });
});
