/**
 * Error messages an operator understands (issue #26 item 15): the envelope's `msg` says what is
 * wrong and what to do with the values involved, in the caller's language, without the catalogue
 * code or a field's name (the code stays in `code` for support): an overlapping rate-template
 * window (317), a duplicate firmware version and a firmware a campaign used (713).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwareCampaign } from '../../server/db/schema.js';
import { build, type TestServer } from '../support/app.js';
import { aTemplateBody, companyUser } from '../support/assets.js';
import { aCompany } from '../support/builders.js';
import { backends } from '../support/db.js';
import { aFirmware } from '../support/firmware.js';

describe.each(backends())('error messages on %s', (backend) => {
  let s: TestServer;
  let token: string;

  /** `method url` as the operator in `lang`: the envelope. */
  async function ask(method: 'POST' | 'DELETE', url: string, lang: 'en' | 'zh', payload?: object) {
    const res = await s.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' },
      ...(payload ? { payload } : {}),
    });
    return res.json() as { code: number; msg: string; data: { errors?: Record<string, string>; codes?: Record<string, number> } | null };
  }

  beforeAll(async () => {
    s = await build(backend, { firmwareMaxBytes: 64 * 1024 });
    await aCompany(s.database.db, { code: 'ERRMSG' });
    token = await companyUser(s, 'ERRMSG', ['menu:stations:stationprofile', 'menu:system:deviceversion']);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('names the window a rate-template window overlaps (317)', async () => {
    const overlap = aTemplateBody({
      details: [
        { startTime: '00:00', endTime: '18:00', electricityFeePerKwh: '0.2' },
        { startTime: '18:00', endTime: '22:00', electricityFeePerKwh: '0.3' },
        { startTime: '20:00', endTime: '24:00', electricityFeePerKwh: '0.4' },
      ],
    });
    const en = await ask('POST', '/sp/rate-template', 'en', overlap);
    expect(en.code).toBe(317);
    expect(en.msg).toBe('This window overlaps 18:00–22:00: start it at 22:00 or later, or shorten the other window');
    expect(en.data?.errors?.['details.2.startTime']).toBe(en.msg);
    expect(en.data?.codes?.['details.2.startTime']).toBe(317);
    const zh = await ask('POST', '/sp/rate-template', 'zh', overlap);
    expect(zh.msg).toBe('此时段与 18:00–22:00 重叠：请将开始时间设为 22:00 或之后，或缩短另一个时段');
    for (const m of [en.msg, zh.msg]) expect(m).not.toMatch(/317|details/);
  });

  it('names the model and version of a duplicate firmware, and the campaigns that keep a firmware (713)', async () => {
    const first = await aFirmware(s, token, { deviceModel: 'Commander 2', version: '6.3.13' });
    expect(first.code).toBe(200);
    const dup = await aFirmware(s, token, { deviceModel: 'Commander 2', version: '6.3.13' });
    expect(dup).toMatchObject({ code: 713, msg: 'Version 6.3.13 of Commander 2 exists already: give this image a new version number' });
    const [campaign] = await s.database.db
      .insert(firmwareCampaign)
      .values({ companyCode: 'ERRMSG', firmwareId: first.data.id, status: 'FINISHED', baseUrl: 'http://127.0.0.1' })
      .returning({ id: firmwareCampaign.id });
    const en = await ask('DELETE', `/sp/firmware/${first.data.id}`, 'en');
    expect(en.code).toBe(713);
    expect(en.msg).toBe(`Used by upgrade campaign #${campaign.id}: the firmware is kept for their record`);
    const zh = await ask('DELETE', `/sp/firmware/${first.data.id}`, 'zh');
    expect(zh.msg).toBe(`已被升级任务 #${campaign.id} 使用：为保留记录，该固件不删除`);
    for (const m of [dup.msg, en.msg, zh.msg]) expect(m).not.toMatch(/\b713\b|version:|campaigns/);
  });
});
