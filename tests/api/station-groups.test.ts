import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { stationGroup } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import { aStation } from '../support/builders.js';
import { caller, companyUser, twoCompanySuite, expectRefused } from '../support/assets.js';

describe.each(backends())('station groups on %s', (backend) => {
  const A = 'SGACME';
  const B = 'SGBETA';

  const ctx = twoCompanySuite(backend, A, B, ['menu:stations:stationgroup']);

  const refused = (code: number, run: () => Promise<{ code: number }>) => expectRefused(ctx.s.database.db, [stationGroup], code, run);

  const defaults = async (code: string) =>
    ctx.s.database.db
      .select()
      .from(stationGroup)
      .where(and(eq(stationGroup.companyCode, code), eq(stationGroup.isDefault, true)));

  it("makes a company's first group its default", async () => {
    const res = await ctx.acme('POST', '/sp/station-group', { name: 'North', remark: 'first' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ name: 'North', companyCode: A, companyName: `Company ${A}`, isDefault: true, stationCount: 0 });
  });

  it('requires the name (601) and, for administrators, the company (600)', async () => {
    await refused(601, () => ctx.acme('POST', '/sp/station-group', { name: '  ' }));
    await refused(600, () => ctx.admin('POST', '/sp/station-group', { name: 'No company' }));
    await refused(400, () => ctx.admin('POST', '/sp/station-group', { name: 'Ghost', companyCode: 'NOPE' }));
  });

  it('keeps exactly one default group when another becomes the default', async () => {
    const south = await ctx.acme('POST', '/sp/station-group', { name: 'South', isDefault: true });
    expect(south.data.isDefault).toBe(true);
    const d = await defaults(A);
    expect(d).toHaveLength(1);
    expect(d[0].id).toBe(south.data.id);
    // the flag moves by setting it elsewhere, not by clearing it
    await refused(400, () => ctx.acme('PUT', `/sp/station-group/${south.data.id}`, { isDefault: false }));
  });

  it('refuses to delete the default group (701)', async () => {
    const [d] = await defaults(A);
    await refused(701, () => ctx.acme('DELETE', `/sp/station-group/${d.id}`));
  });

  it('refuses to delete a group that holds stations (400) and deletes an empty one', async () => {
    const g = await ctx.acme('POST', '/sp/station-group', { name: 'With stations' });
    await aStation(ctx.s.database.db, A, { groupId: g.data.id });
    await refused(400, () => ctx.acme('DELETE', `/sp/station-group/${g.data.id}`));
    const empty = await ctx.acme('POST', '/sp/station-group', { name: 'Empty' });
    expect((await ctx.acme('DELETE', `/sp/station-group/${empty.data.id}`)).code).toBe(200);
    expect((await ctx.acme('GET', `/sp/station-group/${empty.data.id}`)).code).toBe(400);
  });

  it('updates name and remark', async () => {
    const g = await ctx.acme('POST', '/sp/station-group', { name: 'Old' });
    const res = await ctx.acme('PUT', `/sp/station-group/${g.data.id}`, { name: 'New', remark: 'renamed' });
    expect(res.data).toMatchObject({ name: 'New', remark: 'renamed', isDefault: false });
  });

  it('scopes by company: 709 on reads, 725 on writes', async () => {
    const beta = await ctx.admin('POST', '/sp/station-group', { name: 'Beta', companyCode: B });
    expect(beta.data.isDefault).toBe(true);
    expect((await ctx.acme('GET', `/sp/station-group/${beta.data.id}`)).code).toBe(709);
    expect((await ctx.acme('GET', `/sp/station-group?companyCode=${B}`)).code).toBe(709);
    await refused(725, () => ctx.acme('PUT', `/sp/station-group/${beta.data.id}`, { name: 'Mine' }));
    await refused(725, () => ctx.acme('DELETE', `/sp/station-group/${beta.data.id}`));
    await refused(725, () => ctx.acme('POST', '/sp/station-group', { name: 'Elsewhere', companyCode: B }));
    const list = await ctx.acme('GET', '/sp/station-group?size=100');
    expect(list.data.records.every((r: { companyCode: string }) => r.companyCode === A)).toBe(true);
  });

  it('pages, sorts and filters', async () => {
    const res = await ctx.admin('GET', `/sp/station-group?companyCode=${A}&sort=name&order=asc&size=2`);
    expect(res.code).toBe(200);
    expect(res.data.records).toHaveLength(2);
    expect(res.data.total).toBeGreaterThan(2);
    expect(res.data.records[0].name <= res.data.records[1].name).toBe(true);
    const def = await ctx.admin('GET', '/sp/station-group?isDefault=true&size=100');
    expect(def.data.records.map((r: { companyCode: string }) => r.companyCode).sort()).toEqual([A, B]);
    expect((await ctx.admin('GET', '/sp/station-group?sort=password')).code).toBe(400);
  });

  it('needs the station-group permission (403)', async () => {
    const other = caller(ctx.s, await companyUser(ctx.s, A, ['menu:stations:stationprofile']));
    expect((await other('GET', '/sp/station-group')).code).toBe(403);
  });
});
