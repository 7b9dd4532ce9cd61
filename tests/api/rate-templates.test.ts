import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateDetail, rateTax, rateTemplate } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import { aCompany, aStation } from '../support/builders.js';
import { aTemplateBody, caller, companyUser, twoCompanySuite, expectRefused } from '../support/assets.js';
import { seedRateTemplates } from '../../fake-db/rate-templates.js';
import { checkRateTemplate } from '../../domain/rate-template.js';
import { station } from '../../server/db/schema.js';

describe.each(backends())('rate templates on %s', (backend) => {
  const A = 'RTACME';
  const B = 'RTBETA';

  const ctx = twoCompanySuite(backend, A, B, ['menu:stations:stationprofile']);

  /** Expects `run` to answer `code` and leave the template tables as they were. */
  const refused = (code: number, run: () => Promise<{ code: number }>) => expectRefused(ctx.s.database.db, [rateTemplate, rateDetail, rateTax], code, run);

  it('creates a charged template with three windows, taxes and the company of the caller', async () => {
    const res = await ctx.acme('POST', '/sp/rate-template', aTemplateBody());
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ companyCode: A, type: 'CHARGED', currency: 'EUR', serviceFeePerKwh: '0.10', activated: true });
    expect(res.data.details.map((d: { startTime: string }) => d.startTime)).toEqual(['00:00', '07:00', '22:00']);
    expect(res.data.taxes).toMatchObject([{ taxName: 'VAT', taxPercentage: '19.00' }]);
    expect(res.data.details[1].electricityFeePerKwh).toBe('0.35');
    const got = await ctx.acme('GET', `/sp/rate-template/${res.data.id}`);
    expect(got.data.details).toHaveLength(3);
  });

  it('refuses rows with a gap (703) or an overlap (317)', async () => {
    const gap = aTemplateBody({
      details: [
        { startTime: '00:00', endTime: '12:00', electricityFeePerKwh: '0.2' },
        { startTime: '12:01', endTime: '24:00', electricityFeePerKwh: '0.3' },
      ],
    });
    await refused(703, () => ctx.acme('POST', '/sp/rate-template', gap));
    const overlap = aTemplateBody({
      details: [
        { startTime: '00:00', endTime: '12:01', electricityFeePerKwh: '0.2' },
        { startTime: '12:00', endTime: '24:00', electricityFeePerKwh: '0.3' },
      ],
    });
    await refused(317, () => ctx.acme('POST', '/sp/rate-template', overlap));
  });

  it('refuses 13 rows (647) and a rate used 4 times (648)', async () => {
    const rows = (n: number, fee: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => ({
        startTime: `${String(i).padStart(2, '0')}:00`,
        endTime: i === n - 1 ? '24:00' : `${String(i + 1).padStart(2, '0')}:00`,
        electricityFeePerKwh: fee(i),
      }));
    await refused(647, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ details: rows(13, (i) => String(i + 1)) })));
    await refused(648, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ details: rows(4, () => '0.30') })));
    const ok = await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: 'Twelve', details: rows(12, (i) => String(Math.floor(i / 3) + 1)) }));
    expect(ok.code).toBe(200);
  });

  it('refuses a charged template without rates (343) and a free one with rates (342)', async () => {
    await refused(343, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ details: [] })));
    await refused(342, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ type: 'FREE' })));
  });

  it('checks taxes: none (605), below 0 (649), 5 in the popup but 4 on the station screen (400)', async () => {
    await refused(605, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ taxes: [] })));
    await refused(649, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ taxes: [{ taxName: 'VAT', taxPercentage: '-1' }] })));
    const five = Array.from({ length: 5 }, (_, i) => ({ taxName: `T${i}`, taxPercentage: '1' }));
    await refused(400, () => ctx.acme('POST', '/sp/rate-template?context=station', aTemplateBody({ taxes: five })));
    expect((await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: 'Five taxes', taxes: five }))).code).toBe(200);
  });

  it('checks the service fee (two decimals), the currency and the model name (604)', async () => {
    await refused(400, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ serviceFeePerKwh: '0.105' })));
    await refused(400, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ currency: 'XXX' })));
    await refused(604, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: ' ' })));
  });

  it('answers a missing required field with its "is empty" code naming the field, not 400', async () => {
    for (const field of ['currency', 'type', 'serviceFeePerKwh'] as const) {
      const body: Record<string, unknown> = aTemplateBody({ modelName: `Missing ${field}` });
      delete body[field];
      const res = await ctx.acme('POST', '/sp/rate-template', body);
      expect(res.code, field).toBe(604);
      expect(res.msg, field).toContain(field);
    }
    const noTax: Record<string, unknown> = aTemplateBody({ modelName: 'Missing service tax' });
    delete noTax.serviceTax;
    expect(await ctx.acme('POST', '/sp/rate-template', noTax)).toMatchObject({ code: 605, msg: expect.stringContaining('serviceTax') });
    const noFee = await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: 'Missing fee', details: [{ startTime: '00:00', endTime: '24:00' }] }));
    expect(noFee).toMatchObject({ code: 604, msg: expect.stringContaining('details.0.electricityFeePerKwh') });
  });

  it('allows one free template per company (306) and refuses to edit it (811)', async () => {
    const free = await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ type: 'FREE', modelName: 'Free', details: [] }));
    expect(free.code).toBe(200);
    await refused(306, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ type: 'FREE', modelName: 'Free 2', details: [] })));
    await refused(811, () => ctx.acme('PUT', `/sp/rate-template/${free.data.id}`, { modelName: 'Renamed' }));
    // another company may have its own free template
    expect((await ctx.admin('POST', '/sp/rate-template', aTemplateBody({ companyCode: B, type: 'FREE', details: [] }))).code).toBe(200);
  });

  it('edits a charged template, replacing its rows', async () => {
    const t = await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: 'Editable' }));
    const res = await ctx.acme('PUT', `/sp/rate-template/${t.data.id}`, {
      modelName: 'Flat',
      details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '0.3' }],
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ modelName: 'Flat', details: [{ startTime: '00:00', endTime: '24:00' }] });
    await refused(703, () =>
      ctx.acme('PUT', `/sp/rate-template/${t.data.id}`, { details: [{ startTime: '00:00', endTime: '23:00', electricityFeePerKwh: '0.3' }] }),
    );
  });

  it('refuses to delete an activated template (702) and deletes a deactivated one', async () => {
    const t = await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: 'Deletable' }));
    await refused(702, () => ctx.acme('DELETE', `/sp/rate-template/${t.data.id}`));
    const off = await ctx.acme('PUT', `/sp/rate-template/${t.data.id}/status`, { activated: false });
    expect(off.data.activated).toBe(false);
    expect((await ctx.acme('DELETE', `/sp/rate-template/${t.data.id}`)).code).toBe(200);
    expect((await ctx.acme('GET', `/sp/rate-template/${t.data.id}`)).code).toBe(804);
  });

  it('refuses to delete a template a station is priced with (702)', async () => {
    const t = await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: 'In use', activated: false }));
    await aStation(ctx.s.database.db, A, { rateTemplateId: t.data.id, pricingModel: 'CHARGED' });
    await refused(702, () => ctx.acme('DELETE', `/sp/rate-template/${t.data.id}`));
    await refused(810, () => ctx.acme('PUT', `/sp/rate-template/${t.data.id}`, { type: 'FREE', details: [] }));
  });

  it('refuses to delete the row ending at 24:00 (812); another row gives its window to the next', async () => {
    const t = await ctx.acme('POST', '/sp/rate-template', aTemplateBody({ modelName: 'Rows' }));
    const last = t.data.details.find((d: { endTime: string }) => d.endTime === '24:00');
    await refused(812, () => ctx.acme('DELETE', `/sp/rate-template/${t.data.id}/detail/${last.id}`));
    await refused(805, () => ctx.acme('DELETE', `/sp/rate-template/${t.data.id}/detail/999999`));
    const first = t.data.details.find((d: { startTime: string }) => d.startTime === '00:00');
    const res = await ctx.acme('DELETE', `/sp/rate-template/${t.data.id}/detail/${first.id}`);
    expect(res.code).toBe(200);
    expect(res.data.details.map((d: { startTime: string; endTime: string }) => `${d.startTime}-${d.endTime}`)).toEqual(['00:00-22:00', '22:00-24:00']);
  });

  it('scopes by company: 709 on reads, 725 on writes', async () => {
    const other = await ctx.admin('POST', '/sp/rate-template', aTemplateBody({ companyCode: B, modelName: 'Beta' }));
    expect(other.code).toBe(200);
    expect((await ctx.acme('GET', `/sp/rate-template/${other.data.id}`)).code).toBe(709);
    expect((await ctx.acme('GET', `/sp/rate-template?companyCode=${B}`)).code).toBe(709);
    await refused(725, () => ctx.acme('PUT', `/sp/rate-template/${other.data.id}`, { modelName: 'Hijack' }));
    await refused(725, () => ctx.acme('POST', '/sp/rate-template', aTemplateBody({ companyCode: B })));
    const mine = await ctx.acme('GET', '/sp/rate-template?size=100');
    expect(mine.data.records.every((r: { companyCode: string }) => r.companyCode === A)).toBe(true);
    const rows = await ctx.s.database.db.select().from(rateTemplate).where(eq(rateTemplate.companyCode, A));
    expect(mine.data.total).toBe(rows.length);
  });

  it('pages, sorts on a whitelist and filters', async () => {
    const page = await ctx.acme('GET', '/sp/rate-template?page=1&size=2&sort=modelName&order=desc&type=CHARGED');
    expect(page.code).toBe(200);
    expect(page.data.records).toHaveLength(2);
    expect(page.data.records[0].modelName >= page.data.records[1].modelName).toBe(true);
    expect((await ctx.acme('GET', '/sp/rate-template?sort=secret')).code).toBe(400);
  });

  it('needs the station-profile permission (403)', async () => {
    const other = caller(ctx.s, await companyUser(ctx.s, A, ['menu:search']));
    expect((await other('GET', '/sp/rate-template')).code).toBe(403);
  });

  it('seeds demo templates that pass the rules and prices the stations with the charged one', async () => {
    const db = ctx.s.database.db;
    await aCompany(db, { code: 'RTDEMO' });
    const st = await aStation(db, 'RTDEMO');
    const [made] = await db.transaction((tx) =>
      seedRateTemplates(tx, [
        {
          code: 'RTDEMO',
          currency: 'EUR',
          price: { electricityPerKwh: '0.39', servicePerKwh: '0.10', taxName: 'MwSt', taxRate: '0.19' },
        },
      ]),
    );
    const demo = caller(ctx.s, await companyUser(ctx.s, 'RTDEMO', ['menu:stations:stationprofile']));
    const charged = (await demo('GET', `/sp/rate-template/${made.chargedId}`)).data;
    const free = (await demo('GET', `/sp/rate-template/${made.freeId}`)).data;
    expect(charged.details).toHaveLength(3);
    expect(charged.taxes).toMatchObject([{ taxName: 'MwSt', taxPercentage: '19.00' }]);
    expect(checkRateTemplate(charged)).toBeNull();
    expect(checkRateTemplate(free)).toBeNull();
    const [priced] = await db.select().from(station).where(eq(station.id, st.id));
    expect(priced).toMatchObject({ rateTemplateId: made.chargedId, pricingModel: 'CHARGED' });
  });
});
