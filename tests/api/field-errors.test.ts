/**
 * Field errors (docs/api.md "Field errors"; issue 9 items 23 and 24): empty required fields answer
 * their group's "is empty" code (600–679) with every failing field named in `data.errors` at once;
 * duplicates name the field in both languages, never the constraint; a wrong SN length states the
 * 16-character rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCompany, aStation } from '../support/builders.js';
import { aChargerBody, aTemplateBody } from '../support/assets.js';

describe.each(backends())('field errors on %s', (backend) => {
  let s: TestServer;
  let token: string;
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown, lang = 'en') => {
    const res = await s.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}`, cookie: `language=${lang}` } });
    return { status: res.statusCode, ...res.json() };
  };

  beforeAll(async () => {
    s = await build(backend);
    token = await s.login();
    await aCompany(s.database.db, { code: 'FEACME' });
    await aStation(s.database.db, 'FEACME');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('names every empty or wrong card user field at once, each with its code (610, 609, 900)', async () => {
    const res = await call('POST', '/sp/card-user', { companyCode: 'FEACME', cardNumber: '', lastName: ' ', firstName: 'Ann3', scope: 'ALL' });
    expect(res.status).toBe(400);
    expect(res.code).toBe(610);
    expect(res.msg).toContain('cardNumber');
    expect(res.data.codes).toEqual({ cardNumber: 610, lastName: 609, firstName: 900 });
    expect(res.data.errors).toEqual({ cardNumber: 'Card cannot be empty', lastName: 'User cannot be empty', firstName: 'Name cannot contain numbers' });
  });

  it('answers an absent required field with its group code, in the language asked', async () => {
    const res = await call('POST', '/sp/card-user', { companyCode: 'FEACME', lastName: 'Meyer', firstName: 'Anna', scope: 'ALL' }, 'zh');
    expect(res.code).toBe(610);
    expect(res.data.errors).toEqual({ cardNumber: '卡不能为空' });
  });

  it('answers the charger and rate template empties with their groups (602, 604) and states the SN rule', async () => {
    const empty = await call('POST', '/sp/charger', aChargerBody({ companyCode: 'FEACME', serialNum: '', equipmentNumber: '', phase: '' }));
    expect(empty.code).toBe(602);
    expect(empty.data.codes).toEqual({ serialNum: 602, phase: 602, equipmentNumber: 602 });
    const short = await call('POST', '/sp/charger', aChargerBody({ companyCode: 'FEACME', serialNum: 'SHORT' }));
    expect(short.code).toBe(400);
    expect(short.data.errors).toEqual({ serialNum: 'The SN must be exactly 16 characters' });
    const shortZh = await call('POST', '/sp/charger', aChargerBody({ companyCode: 'FEACME', serialNum: 'SHORT' }), 'zh');
    expect(shortZh.data.errors.serialNum).toBe('序列号必须为16个字符');
    const template = await call('POST', '/sp/rate-template', aTemplateBody({ companyCode: 'FEACME', modelName: '' }));
    expect(template.code).toBe(604);
    expect(template.data.codes.modelName).toBe(604);
  });

  it('names the field of a duplicate in both languages, never the constraint', async () => {
    const body = { companyCode: 'FEACME', cardNumber: 'FE-DUP-1', lastName: 'Meyer', firstName: 'Anna', scope: 'ALL' };
    expect((await call('POST', '/sp/card-user', body)).code).toBe(200);
    const dup = await call('POST', '/sp/card-user', body);
    expect(dup.code).toBe(305);
    expect(JSON.stringify(dup)).not.toContain('_unique');
    expect(dup.data.errors).toEqual({ cardNumber: 'Card number already exists' });
    const dupZh = await call('POST', '/sp/card-user', body, 'zh');
    expect(dupZh.data.errors).toEqual({ cardNumber: '卡号已存在' });

    const sn = aChargerBody({ companyCode: 'FEACME', serialNum: 'FEDUP00000000001' });
    expect((await call('POST', '/sp/charger', sn)).code).toBe(200);
    const dupSn = await call('POST', '/sp/charger', { ...sn, equipmentNumber: 'EQ-2' });
    expect(dupSn.code).toBe(302);
    expect(dupSn.msg).not.toContain('charger_serial_num_unique');
    expect(dupSn.data.errors).toEqual({ serialNum: 'Charging point SN already exists' });
  });
});
