import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { charger, connector, gateway } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import { aCharger, aStation } from '../support/builders.js';
import { twoCompanySuite, expectRefused } from '../support/assets.js';

describe.each(backends())('gateways on %s', (backend) => {
  const A = 'GWACME';
  const B = 'GWBETA';
  let stationA: number;
  let stationB: number;

  const ctx = twoCompanySuite(backend, A, B, ['menu:stations:stationprofile']);
  beforeAll(async () => {
    stationA = (await aStation(ctx.s.database.db, A)).id;
    stationB = (await aStation(ctx.s.database.db, B)).id;
  });

  const refused = (code: number, run: () => Promise<{ code: number }>) => expectRefused(ctx.s.database.db, [gateway, charger], code, run);

  it("registers a gateway at a station, in the station's company, and lists its chargers", async () => {
    const res = await ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-A-0001', stationId: stationA, firmwareVersion: '1.2.0' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      serialNum: 'GW-A-0001',
      companyCode: A,
      stationId: stationA,
      lifeStatus: 'ACTIVE',
      online: false,
      firmwareVersion: '1.2.0',
      chargers: [],
    });
    const c = await aCharger(ctx.s.database.db, A, { stationId: stationA, gatewaySn: 'GW-A-0001', online: true, runStatus: 'Available' });
    const got = await ctx.acme('GET', `/sp/gateway/${res.data.id}`);
    expect(got.data.chargerCount).toBe(1);
    expect(got.data.chargers).toMatchObject([{ online: true, runStatus: 'Available', dashboardState: 'available' }]);
    // Connector 0 stays Available while a connector charges: the state says what the charger does.
    await ctx.s.database.db.insert(connector).values({ chargerId: c.id, connectorId: 1, status: 'Charging', statusAt: new Date() });
    const busy = await ctx.acme('GET', `/sp/gateway/${res.data.id}`);
    expect(busy.data.chargers).toMatchObject([{ runStatus: 'Available', dashboardState: 'charging' }]);
  });

  it('refuses a duplicate SN (304), also when a charger holds the identity', async () => {
    await refused(304, () => ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-A-0001', stationId: stationA }));
    const c = await aCharger(ctx.s.database.db, A);
    await refused(304, () => ctx.acme('POST', '/sp/gateway', { serialNum: c.serialNum, stationId: stationA }));
  });

  it('requires the SN (606) and the station (603); unknown station 801', async () => {
    await refused(606, () => ctx.acme('POST', '/sp/gateway', { serialNum: ' ', stationId: stationA }));
    await refused(603, () => ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-A-0002' }));
    await refused(801, () => ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-A-0002', stationId: 999999 }));
    await refused(400, () => ctx.acme('POST', '/sp/gateway', { serialNum: 'GW A 0002', stationId: stationA }));
    await refused(400, () => ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-A-0002', stationId: stationA, lifeStatus: 'BROKEN' }));
  });

  it('renames a gateway and carries its chargers along; refuses while it is connected (717)', async () => {
    const g = await ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-A-0003', stationId: stationA });
    const c = await aCharger(ctx.s.database.db, A, { stationId: stationA, gatewaySn: 'GW-A-0003' });
    const res = await ctx.acme('PUT', `/sp/gateway/${g.data.id}`, { serialNum: 'GW-A-0004', lifeStatus: 'INACTIVE' });
    expect(res.data).toMatchObject({ serialNum: 'GW-A-0004', lifeStatus: 'INACTIVE', chargerCount: 1 });
    const [moved] = await ctx.s.database.db.select().from(charger).where(eq(charger.id, c.id));
    expect(moved.gatewaySn).toBe('GW-A-0004');
    await ctx.s.database.db.update(gateway).set({ online: true }).where(eq(gateway.id, g.data.id));
    await refused(717, () => ctx.acme('PUT', `/sp/gateway/${g.data.id}`, { serialNum: 'GW-A-0005' }));
    await ctx.s.database.db.update(gateway).set({ online: false }).where(eq(gateway.id, g.data.id));
    await refused(304, () => ctx.acme('PUT', `/sp/gateway/${g.data.id}`, { serialNum: 'GW-A-0001' }));
  });

  it('refuses to delete a gateway with chargers (400) and deletes an empty one', async () => {
    const [g] = await ctx.s.database.db.select().from(gateway).where(eq(gateway.serialNum, 'GW-A-0001'));
    await refused(400, () => ctx.acme('DELETE', `/sp/gateway/${g.id}`));
    const empty = await ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-A-0099', stationId: stationA });
    expect((await ctx.acme('DELETE', `/sp/gateway/${empty.data.id}`)).code).toBe(200);
    expect((await ctx.acme('GET', `/sp/gateway/${empty.data.id}`)).code).toBe(802);
  });

  it('scopes by company: 709 on reads, 725 on writes', async () => {
    const beta = await ctx.admin('POST', '/sp/gateway', { serialNum: 'GW-B-0001', stationId: stationB });
    expect(beta.data.companyCode).toBe(B);
    expect((await ctx.acme('GET', `/sp/gateway/${beta.data.id}`)).code).toBe(709);
    expect((await ctx.acme('GET', `/sp/gateway?companyCode=${B}`)).code).toBe(709);
    await refused(725, () => ctx.acme('PUT', `/sp/gateway/${beta.data.id}`, { firmwareVersion: '9' }));
    await refused(725, () => ctx.acme('DELETE', `/sp/gateway/${beta.data.id}`));
    await refused(725, () => ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-A-0100', stationId: stationB }));
    const [mine] = (await ctx.acme('GET', '/sp/gateway?size=1')).data.records;
    await refused(725, () => ctx.acme('PUT', `/sp/gateway/${mine.id}`, { stationId: stationB }));
  });

  it('pages, sorts and filters', async () => {
    const all = await ctx.admin('GET', '/sp/gateway?size=100');
    expect(all.data.total).toBeGreaterThanOrEqual(3);
    const q = await ctx.acme('GET', '/sp/gateway?q=gw-a&sort=serialNum&order=desc&size=1');
    expect(q.data.records).toHaveLength(1);
    expect(q.data.total).toBeGreaterThan(1);
    const inactive = await ctx.acme('GET', '/sp/gateway?lifeStatus=INACTIVE');
    expect(inactive.data.records.map((r: { serialNum: string }) => r.serialNum)).toEqual(['GW-A-0004']);
    const online = await ctx.acme('GET', '/sp/gateway?online=false');
    expect(online.data.records.every((r: { online: boolean }) => !r.online)).toBe(true);
    expect((await ctx.acme('GET', '/sp/gateway?sort=companyName')).code).toBe(400);
  });
});
