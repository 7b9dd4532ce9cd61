import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { station, stationGroup } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import { aCharger } from '../support/builders.js';
import { aStationBody, aTemplateBody, caller, companyUser, twoCompanySuite, expectRefused } from '../support/assets.js';

describe.each(backends())('stations on %s', (backend) => {
  const A = 'STACME';
  const B = 'STBETA';
  let charged: number;
  let free: number;
  let inactive: number;
  let betaTemplate: number;

  const ctx = twoCompanySuite(backend, A, B, ['menu:stations:stationprofile']);
  beforeAll(async () => {
    charged = (await ctx.acme('POST', '/sp/rate-template', aTemplateBody())).data.id;
    free = (await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ type: 'FREE', modelName: 'Free', details: [] }))).data.id;
    inactive = (await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: 'Off', activated: false }))).data.id;
    betaTemplate = (await ctx.admin('POST', '/sp/rate-template', aTemplateBody({ companyCode: B }))).data.id;
  });

  const refused = (code: number, run: () => Promise<{ code: number }>) => expectRefused(ctx.s.database.db, [station], code, run);

  it('creates a station with every field, in the default group of its company', async () => {
    const body = aStationBody(charged, {
      name: 'Alexanderplatz',
      locationType: 'PARKING_LOT',
      customerCompany: 'Mall GmbH',
      customerName: 'Jon Smith',
      contactEmail: 'jon@example.com',
      customerMobile: '+49 30 123',
      houseNumber: '5a',
      zip: '10178',
      stationCode: 'BER-01',
      notifyEnabled: true,
      notifyRecipients: 'ops@example.com',
      timeZone: 'Europe/Berlin',
    });
    const res = await ctx.acme('POST', '/sp/station', body);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      name: 'Alexanderplatz',
      companyCode: A,
      latitude: 52.52,
      longitude: 13.405,
      pricingModel: 'CHARGED',
      rateTemplateId: charged,
      rateTemplateName: 'Peak and off-peak',
      currency: 'EUR',
      stationCode: 'BER-01',
      timeZone: 'Europe/Berlin',
      chargerCount: 0,
      chargers: [],
      gateways: [],
    });
    const [g] = await ctx.s.database.db.select().from(stationGroup).where(eq(stationGroup.id, res.data.groupId));
    expect(g).toMatchObject({ companyCode: A, isDefault: true });
  });

  it('requires name, address, status (603), maintainer fields (616), pricing model (810) and template (604)', async () => {
    await refused(603, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { name: '' })));
    await refused(616, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { maintainer: ' ' })));
    await refused(616, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { maintainerMobile: undefined })));
    await refused(810, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { pricingModel: undefined })));
    await refused(604, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { rateTemplateId: undefined })));
    await refused(603, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { address: '' })));
    await refused(603, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { status: undefined })));
    await refused(400, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { visibility: 'SECRET' })));
    await refused(900, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { maintainer: 'Agent 007' })));
  });

  it('checks latitude and longitude ranges', async () => {
    await refused(400, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { latitude: 90.5 })));
    await refused(400, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { longitude: -181 })));
    await refused(603, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { latitude: undefined })));
    expect((await ctx.acme('POST', '/sp/station', aStationBody(charged, { latitude: '-90', longitude: '180' }))).code).toBe(200);
  });

  it('checks the notified e-mail addresses (741), one at least while notifications are on (742), in both languages', async () => {
    await refused(741, () =>
      ctx.acme('POST', '/sp/station', aStationBody(charged, { notifyEnabled: true, notifyRecipients: 'ops@example.com, not-an-address' })),
    );
    await refused(741, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { notifyEnabled: false, notifyRecipients: 'ops@example' })));
    await refused(742, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { notifyEnabled: true, notifyRecipients: ' , ' })));
    await refused(742, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { notifyEnabled: true })));
    const token = await ctx.s.login();
    const inLang = async (lang: string) =>
      (
        await ctx.s.app.inject({
          method: 'POST',
          url: '/sp/station',
          headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
          payload: aStationBody(charged, { companyCode: A, notifyEnabled: true, notifyRecipients: 'ops@example.com;@nobody' }),
        })
      ).json();
    expect(await inLang('en')).toMatchObject({ code: 741, data: { errors: { notifyRecipients: expect.stringContaining('valid e-mail addresses') } } });
    expect(await inLang('zh')).toMatchObject({ code: 741, data: { errors: { notifyRecipients: expect.stringContaining('有效的邮箱地址') } } });
    // Kept lower case, without repeats, comma separated; switching off keeps them, switching on needs one.
    const st = await ctx.acme(
      'POST',
      '/sp/station',
      aStationBody(charged, { notifyEnabled: true, notifyRecipients: 'Ops@Example.com;\nsite@example.org ops@example.com' }),
    );
    expect(st.code).toBe(200);
    expect(st.data).toMatchObject({ notifyEnabled: true, notifyRecipients: 'ops@example.com, site@example.org' });
    await refused(741, () => ctx.acme('PUT', `/sp/station/${st.data.id}`, { notifyRecipients: 'ops@example.com, site' }));
    await refused(742, () => ctx.acme('PUT', `/sp/station/${st.data.id}`, { notifyRecipients: '' }));
    const off = await ctx.acme('PUT', `/sp/station/${st.data.id}`, { notifyEnabled: false, notifyRecipients: '' });
    expect(off.data).toMatchObject({ notifyEnabled: false, notifyRecipients: null });
    await refused(742, () => ctx.acme('PUT', `/sp/station/${st.data.id}`, { notifyEnabled: true }));
  });

  it("checks the template: the pricing model's type (810), activated, same company (725), existing (804)", async () => {
    await refused(810, () => ctx.acme('POST', '/sp/station', aStationBody(free)));
    expect((await ctx.acme('POST', '/sp/station', aStationBody(free, { pricingModel: 'FREE' }))).code).toBe(200);
    await refused(400, () => ctx.acme('POST', '/sp/station', aStationBody(inactive)));
    await refused(725, () => ctx.acme('POST', '/sp/station', aStationBody(betaTemplate)));
    await refused(804, () => ctx.acme('POST', '/sp/station', aStationBody(999999)));
  });

  it('refuses a group of another company (725)', async () => {
    const g = await ctx.admin('POST', '/sp/station-group', { name: 'Beta group', companyCode: B });
    await refused(725, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { groupId: g.data.id })));
  });

  it('updates a station and shows its chargers and gateways with live status', async () => {
    const st = await ctx.acme('POST', '/sp/station', aStationBody(charged, { name: 'Live' }));
    await aCharger(ctx.s.database.db, A, { stationId: st.data.id, online: true, runStatus: 'Charging' });
    const gw = await ctx.acme('POST', '/sp/gateway', { serialNum: 'GW-LIVE-1', stationId: st.data.id });
    expect(gw.code).toBe(200);
    const up = await ctx.acme('PUT', `/sp/station/${st.data.id}`, { name: 'Live renamed', city: 'Potsdam' });
    expect(up.code).toBe(200);
    expect(up.data).toMatchObject({ name: 'Live renamed', city: 'Potsdam', chargerCount: 1 });
    expect(up.data.chargers).toMatchObject([{ online: true, runStatus: 'Charging', dashboardState: 'charging' }]);
    expect(up.data.gateways).toMatchObject([{ serialNum: 'GW-LIVE-1', online: false }]);
    await refused(603, () => ctx.acme('PUT', `/sp/station/${st.data.id}`, { name: '' }));
    await refused(400, () => ctx.acme('DELETE', `/sp/station/${st.data.id}`));
  });

  it('deletes a station without chargers', async () => {
    const st = await ctx.acme('POST', '/sp/station', aStationBody(charged, { name: 'Short-lived' }));
    expect((await ctx.acme('DELETE', `/sp/station/${st.data.id}`)).code).toBe(200);
    expect((await ctx.acme('GET', `/sp/station/${st.data.id}`)).code).toBe(801);
  });

  it('lists with filters (company, group, status, q on name / code / city), paging and sorting', async () => {
    const res = await ctx.acme('GET', '/sp/station?q=BER-01');
    expect(res.data.records.map((r: { name: string }) => r.name)).toEqual(['Alexanderplatz']);
    expect((await ctx.acme('GET', '/sp/station?q=potsdam')).data.total).toBe(1);
    const st = await ctx.acme('POST', '/sp/station', aStationBody(charged, { name: 'Closed', status: 'INACTIVE' }));
    const closed = await ctx.acme('GET', '/sp/station?status=INACTIVE');
    expect(closed.data.records.map((r: { id: number }) => r.id)).toEqual([st.data.id]);
    const both = await ctx.acme('GET', '/sp/station?status=INACTIVE&status=ACTIVE');
    expect(both.data.total).toBeGreaterThan(1);
    const group = await ctx.acme('GET', `/sp/station?groupId=${st.data.groupId}&size=1&sort=name&order=desc`);
    expect(group.data.records).toHaveLength(1);
    expect(group.data.total).toBeGreaterThan(1);
    expect((await ctx.acme('GET', '/sp/station?sort=maintainerMobile')).code).toBe(400);
  });

  it('scopes by company: 709 on reads, 725 on writes', async () => {
    const beta = await ctx.admin('POST', '/sp/station', aStationBody(betaTemplate, { companyCode: B }));
    expect(beta.code).toBe(200);
    expect((await ctx.acme('GET', `/sp/station/${beta.data.id}`)).code).toBe(709);
    expect((await ctx.acme('GET', `/sp/station?companyCode=${B}`)).code).toBe(709);
    await refused(725, () => ctx.acme('PUT', `/sp/station/${beta.data.id}`, { name: 'Mine' }));
    await refused(725, () => ctx.acme('DELETE', `/sp/station/${beta.data.id}`));
    await refused(725, () => ctx.acme('POST', '/sp/station', aStationBody(charged, { companyCode: B })));
    const mine = await ctx.acme('GET', '/sp/station?size=100');
    expect(mine.data.records.every((r: { companyCode: string }) => r.companyCode === A)).toBe(true);
  });

  it('opens the list to the orders and charger-monitoring permissions, the rest needs station profile', async () => {
    const orders = caller(ctx.s, await companyUser(ctx.s, A, ['menu:operations:orders']));
    expect((await orders('GET', '/sp/station')).code).toBe(200);
    const monitoring = caller(ctx.s, await companyUser(ctx.s, A, ['menu:monitoring:chargermonotoring']));
    expect((await monitoring('GET', '/sp/station')).code).toBe(200);
    expect((await orders('POST', '/sp/station', aStationBody(charged))).code).toBe(403);
    const none = caller(ctx.s, await companyUser(ctx.s, A, ['menu:search']));
    expect((await none('GET', '/sp/station')).code).toBe(403);
  });
});
