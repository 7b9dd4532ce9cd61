/**
 * List exports through the server (docs/exports.md, server/modules/list-export): every list's
 * "Export" streams `GET /sp/<resource>/export` with the list's filters, scope and sort, headers
 * from the labels the console shows (domain/labels) in the caller's language, at most
 * LIST_EXPORT_MAX rows (710 above, 704 for a larger `size`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { readSheet, firstSheetName } from '../support/xlsx';
import { demoServer, getAs } from '../support/demo.js';
import { CARD_USER_LABELS } from '../../domain/labels/card-user.js';
import { STATION_GROUP_LABELS } from '../../domain/labels/station-group.js';
import { LIST_EXPORT_MAX } from '../../server/modules/list-export/routes.js';

interface Card {
  id: number;
  cardNumber: string;
  companyCode: string;
  active: boolean;
}

describe.each(backends())('list exports on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  /** VOLTA's administrator (card users need the card user permission, which VOLTA's staff lacks). */
  let volta: string;
  const get = (token: string, url: string, headers: Record<string, string> = {}) => getAs(s, token, url, headers);
  const all = async (token: string, query: string): Promise<{ records: Card[]; total: number }> =>
    (await get(token, `/sp/card-user?${query}&size=500`)).json().data;

  beforeAll(async () => {
    ({ s, admin, voltaAdmin: volta } = await demoServer(backend));
  }, 300_000);
  afterAll(async () => {
    await s?.close();
  });

  it("card users: the list's rows with the console's labels in English and Chinese", async () => {
    const list = await all(admin, 'sort=cardNumber&order=asc');
    expect(list.total).toBeGreaterThan(0);
    const en = await get(admin, '/sp/card-user/export?sort=cardNumber&order=asc', { 'accept-language': 'en' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('spreadsheetml');
    expect(en.headers['content-disposition']).toMatch(/filename="card-users-\d{8}-\d{6}\.xlsx"/);
    const rows = await readSheet(en.rawPayload);
    expect(rows[0].slice(0, 3)).toEqual([
      CARD_USER_LABELS['fields.cardNumber'][0],
      CARD_USER_LABELS['fields.lastName'][0],
      CARD_USER_LABELS['fields.firstName'][0],
    ]);
    expect(rows.slice(1).map((r) => String(r[0]).replace(/^'/, ''))).toEqual(list.records.map((c) => c.cardNumber));
    expect(await firstSheetName(en.rawPayload)).toBe('Card users');

    const zh = await get(admin, '/sp/card-user/export', { 'accept-language': 'zh-CN,zh;q=0.9' });
    const zhRows = await readSheet(zh.rawPayload);
    expect(zhRows[0][0]).toBe('卡号');
    expect(zhRows[0]).toContain('启用');
    const activeCol = zhRows[0].indexOf(CARD_USER_LABELS['fields.active'][1]);
    expect(new Set(zhRows.slice(1).map((r) => r[activeCol])).size).toBeGreaterThan(0);
    for (const r of zhRows.slice(1)) expect(['启用', '停用']).toContain(r[activeCol]);
  });

  it("card users: honours the list's filter and a row count", async () => {
    const first = (await all(admin, 'sort=id&order=asc')).records[0];
    expect(
      (
        await s.app.inject({
          method: 'PUT',
          url: `/sp/card-user/${first.id}/status`,
          headers: { authorization: `Bearer ${admin}` },
          payload: { active: false },
        })
      ).json().code,
    ).toBe(200);
    const active = await all(admin, 'active=true');
    const rows = await readSheet((await get(admin, '/sp/card-user/export?active=true')).rawPayload);
    expect(rows.length - 1).toBe(active.total);
    const numbers = new Set(rows.slice(1).map((r) => String(r[0]).replace(/^'/, '')));
    expect(numbers.has(first.cardNumber)).toBe(false);
    const two = await readSheet((await get(admin, '/sp/card-user/export?size=2')).rawPayload);
    expect(two.length - 1).toBe(Math.min(2, active.total + 1));
  });

  it("card users: a company user gets their company's rows only, and 709 for another company's filter", async () => {
    const mine = await all(volta, '');
    expect(mine.total).toBeGreaterThan(0);
    const res = await get(volta, '/sp/card-user/export');
    expect(res.headers['content-type'], res.body.slice(0, 200)).toContain('spreadsheetml');
    const rows = await readSheet(res.rawPayload);
    expect(rows.length - 1).toBe(mine.total);
    const numbers = new Set(rows.slice(1).map((r) => String(r[0]).replace(/^'/, '')));
    const theirs = (await all(admin, 'companyCode=HKEV')).records;
    expect(theirs.length).toBeGreaterThan(0);
    for (const c of theirs) expect(numbers.has(c.cardNumber)).toBe(false);
    expect(mine.records.every((c) => c.companyCode === 'VOLTA')).toBe(true);
    const other = (await get(volta, '/sp/card-user/export?companyCode=HKEV')).json();
    expect(other.code).toBe(709);
  });

  it('station groups: labels in both languages, the filter, and company scope', async () => {
    const list = (await get(admin, '/sp/station-group?size=500&sort=id&order=asc')).json().data as {
      records: { name: string; companyCode: string; isDefault: boolean }[];
      total: number;
    };
    const en = await readSheet((await get(admin, '/sp/station-group/export?sort=id&order=asc', { 'accept-language': 'en' })).rawPayload);
    expect(en[0][0]).toBe(STATION_GROUP_LABELS['fields.name'][0]);
    expect(en.slice(1).map((r) => r[0])).toEqual(list.records.map((g) => g.name));
    const zh = await readSheet((await get(admin, '/sp/station-group/export?sort=id&order=asc', { 'accept-language': 'zh' })).rawPayload);
    expect(zh[0]).toEqual(['分组名称', '运营商', '公司编码', '默认分组', '站点数', '备注', '创建时间']);
    expect(zh.slice(1).map((r) => r[3])).toEqual(list.records.map((g) => (g.isDefault ? '默认' : '否')));
    const defaults = await readSheet((await get(admin, '/sp/station-group/export?isDefault=true')).rawPayload);
    expect(defaults.length - 1).toBe(list.records.filter((g) => g.isDefault).length);
    const mine = await readSheet((await get(volta, '/sp/station-group/export')).rawPayload);
    const voltaGroups = list.records.filter((g) => g.companyCode === 'VOLTA');
    expect(mine.length - 1).toBe(voltaGroups.length);
    expect(mine.slice(1).every((r) => r[2] === 'VOLTA')).toBe(true);
    expect((await get(volta, '/sp/station-group/export?companyCode=HKEV')).json().code).toBe(709);
  });

  it('is bounded: 704 for a size above the cap, 400 for an unknown sort', async () => {
    expect((await get(admin, `/sp/card-user/export?size=${LIST_EXPORT_MAX + 1}`)).json().code).toBe(704);
    expect((await get(admin, '/sp/card-user/export?sort=__proto__')).json().code).toBe(400);
  });
});
