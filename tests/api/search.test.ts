import { beforeAll, describe, expect, it } from 'vitest';
import { gateway } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import { aCharger, aStation } from '../support/builders.js';
import { caller, companyUser, twoCompanySuite } from '../support/assets.js';

describe.each(backends())('search on %s', (backend) => {
  const A = 'SRACME';
  const B = 'SRBETA';

  const ctx = twoCompanySuite(backend, A, B, ['menu:search'], { name: 'Acme Charging' });
  beforeAll(async () => {
    const db = ctx.s.database.db;
    const st = await aStation(db, A, { name: 'Harbour Front' });
    const stB = await aStation(db, B, { name: 'Harbour West' });
    await aCharger(db, A, { serialNum: 'HARB000000000001', stationId: st.id, online: true });
    await aCharger(db, A, { serialNum: 'HARB000000000002', stationId: st.id });
    await aCharger(db, B, { serialNum: 'HARB000000000003', stationId: stB.id });
    await db.insert(gateway).values([
      { companyCode: A, stationId: st.id, serialNum: 'GW-HARB-1' },
      { companyCode: B, stationId: stB.id, serialNum: 'GW-HARB-2' },
    ]);
  });

  it('finds chargers by SN with the data a link needs', async () => {
    const res = await ctx.acme('GET', '/sp/search?ChargerSN=chargerSn&Search=harb0000');
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(2);
    expect(res.data.records[0]).toMatchObject({
      type: 'charger',
      name: 'HARB000000000001',
      serialNum: 'HARB000000000001',
      stationName: 'Harbour Front',
      companyCode: A,
      companyName: 'Acme Charging',
      online: true,
    });
    expect(typeof res.data.records[0].id).toBe('number');
  });

  it('finds gateways and stations, scoped to the company', async () => {
    const gw = await ctx.acme('GET', '/sp/search?ChargerSN=gatewaySn&Search=GW-HARB');
    expect(gw.data.records.map((r: { name: string }) => r.name)).toEqual(['GW-HARB-1']);
    const st = await ctx.acme('GET', '/sp/search?ChargerSN=stationName&Search=harbour');
    expect(st.data.records).toMatchObject([{ type: 'station', name: 'Harbour Front', online: null }]);
    const all = await ctx.admin('GET', '/sp/search?ChargerSN=stationName&Search=harbour');
    expect(all.data.total).toBe(2);
  });

  it('accepts the navbar labels as types and searches all kinds without one, paged as one list', async () => {
    expect((await ctx.acme('GET', '/sp/search?ChargerSN=Charger%20SN&Search=HARB')).data.total).toBe(2);
    expect((await ctx.acme('GET', '/sp/search?ChargerSN=ChargerSN&Search=HARB')).data.total).toBe(2);
    expect((await ctx.acme('GET', '/sp/search?ChargerSN=GatewaySN&Search=HARB')).data.total).toBe(1);
    expect((await ctx.acme('GET', '/sp/search?ChargerSN=StationName&Search=HARB')).data.total).toBe(1);
    const everything = await ctx.admin('GET', '/sp/search?Search=har&size=4');
    expect(everything.data.total).toBe(7);
    expect(everything.data.records.map((r: { type: string }) => r.type)).toEqual(['charger', 'charger', 'charger', 'gateway']);
    const page2 = await ctx.admin('GET', '/sp/search?Search=har&size=4&page=2');
    expect(page2.data.records.map((r: { type: string }) => r.type)).toEqual(['gateway', 'station', 'station']);
  });

  it('matches wildcards literally and refuses an empty term or an unknown type (400)', async () => {
    expect((await ctx.acme('GET', '/sp/search?ChargerSN=chargerSn&Search=%25')).data.total).toBe(0);
    expect((await ctx.acme('GET', '/sp/search?ChargerSN=chargerSn&Search=%20')).code).toBe(400);
    expect((await ctx.acme('GET', '/sp/search?ChargerSN=card&Search=x')).code).toBe(400);
  });

  it('needs the search permission (403)', async () => {
    const other = caller(ctx.s, await companyUser(ctx.s, A, ['menu:stations:stationprofile']));
    expect((await other('GET', '/sp/search?Search=x')).code).toBe(403);
  });
});
