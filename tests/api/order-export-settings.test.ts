import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { demoServer } from '../support/demo.js';
import { anExportSettingBody, PNG_1X1 } from '../support/images.js';
import { orderExportSetting } from '../../server/db/schema.js';

const PNG = PNG_1X1;
/** JPEG magic bytes and a little more. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');

const valid = () => anExportSettingBody();

describe.each(backends())('order export settings on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let volta: string;
  let staff: string;
  let hkev: string;
  const call = (method: 'GET' | 'PUT', token: string, url: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  beforeAll(async () => {
    // Company-wide settings are the operator's administrators' (R6.8): `volta` is VOLTA's administrator here.
    ({ s, admin, volta: staff, voltaAdmin: volta, hkev } = await demoServer(backend));
    // The demo fills settings for its operators; these tests start from companies without any.
    await s.database.db.delete(orderExportSetting);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 813 before anything is saved', async () => {
    const res = await call('GET', volta, '/sp/order-export-setting');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(813);
  });

  it('refuses a change from staff (798, HTTP 403) and lets them read the settings', async () => {
    const put = await call('PUT', staff, '/sp/order-export-setting', valid());
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({ code: 798, msg: expect.stringContaining("operator's administrators") });
    expect((await s.database.db.select().from(orderExportSetting)).length).toBe(0);
    await call('PUT', volta, '/sp/order-export-setting', valid());
    expect((await call('GET', staff, '/sp/order-export-setting')).json()).toMatchObject({ code: 200, data: { companyCode: 'VOLTA' } });
    await s.database.db.delete(orderExportSetting);
  });

  it('saves and reads back the settings of the caller company, then updates them in place', async () => {
    const put = await call('PUT', volta, '/sp/order-export-setting', valid());
    expect(put.json().code).toBe(200);
    const got = (await call('GET', volta, '/sp/order-export-setting')).json();
    expect(got.data).toMatchObject({ ...valid(), companyCode: 'VOLTA' });
    expect(got.data.updateTime).toMatch(/Z$/);
    await call('PUT', volta, '/sp/order-export-setting', { ...valid(), logo: `data:image/jpeg;base64,${JPEG}`, notes: '' });
    const again = (await call('GET', volta, '/sp/order-export-setting')).json();
    expect(again.data.logo).toBe(`data:image/jpeg;base64,${JPEG}`);
    expect(again.data.notes).toBeNull();
    // HKEV has its own (none yet).
    expect((await call('GET', hkev, '/sp/order-export-setting')).json().code).toBe(813);
  });

  it('checks required fields and lengths (400 naming the field)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ operatorCompanyName: '' }, 'operatorCompanyName'],
      [{ operatorCompanyName: 'x'.repeat(501) }, 'operatorCompanyName'],
      [{ address: 'x'.repeat(1001) }, 'address'],
      [{ address: undefined }, 'address'],
      [{ serviceFeeTitle: 'x'.repeat(51) }, 'serviceFeeTitle'],
      [{ electricityFeeTitle: '' }, 'electricityFeeTitle'],
      [{ logo: undefined }, 'logo'],
    ];
    for (const [patch, field] of cases) {
      const res = await call('PUT', volta, '/sp/order-export-setting', { ...valid(), ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().msg, field).toContain(field);
    }
    const ok = await call('PUT', volta, '/sp/order-export-setting', {
      ...valid(),
      operatorCompanyName: 'x'.repeat(500),
      address: 'y'.repeat(1000),
      serviceFeeTitle: 'z'.repeat(50),
    });
    expect(ok.json().code).toBe(200);
  });

  it('checks the logo by its bytes (714) and its size (400 naming logo)', async () => {
    const gif = await call('PUT', volta, '/sp/order-export-setting', { ...valid(), logo: `data:image/png;base64,${GIF}` });
    expect(gif.json().code).toBe(714);
    const text = await call('PUT', volta, '/sp/order-export-setting', { ...valid(), logo: `data:image/png;base64,${Buffer.from('hello').toString('base64')}` });
    expect(text.json().code).toBe(714);
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(200 * 1024)]).toString('base64');
    const tooBig = await call('PUT', volta, '/sp/order-export-setting', { ...valid(), logo: `data:image/png;base64,${big}` });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().code).toBe(400);
    expect(tooBig.json().msg).toContain('logo');
    const edge = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(200 * 1024 - Buffer.from(PNG, 'base64').length)]).toString('base64');
    expect((await call('PUT', volta, '/sp/order-export-setting', { ...valid(), logo: `data:image/png;base64,${edge}` })).json().code).toBe(200);
  });

  it('keeps companies apart: 725 writing, 709 reading another company; an administrator names the company', async () => {
    const w = await call('PUT', hkev, '/sp/order-export-setting', { ...valid(), companyCode: 'VOLTA' });
    expect(w.statusCode).toBe(403);
    expect(w.json().code).toBe(725);
    const r = await call('GET', hkev, '/sp/order-export-setting?companyCode=VOLTA');
    expect(r.json().code).toBe(709);
    expect((await call('GET', admin, '/sp/order-export-setting')).json().code).toBe(600);
    const put = await call('PUT', admin, '/sp/order-export-setting', { ...valid(), companyCode: 'HKEV', operatorCompanyName: 'HK EV Ltd' });
    expect(put.json().code).toBe(200);
    expect((await call('GET', hkev, '/sp/order-export-setting')).json().data.operatorCompanyName).toBe('HK EV Ltd');
    expect((await call('GET', admin, '/sp/order-export-setting?companyCode=VOLTA')).json().data.companyCode).toBe('VOLTA');
  });
});
