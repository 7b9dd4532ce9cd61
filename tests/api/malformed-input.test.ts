/**
 * Malformed input on the API (issue 9 items 20 and 26): NUL characters in search terms and names,
 * `sort=__proto__`, ids beyond a 32-bit integer, amounts like `" 5 "` or `1e12`, and `text/plain`
 * bodies each answer their catalogue code (400-class), never 500 or 706.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { call, type Tenants, tenantServer } from '../support/tenants.js';
import { cardUser } from '../../server/db/schema.js';

describe.each(backends())('malformed input on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let cardId: number;

  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
    const [c] = await s.database.db
      .insert(cardUser)
      .values({
        companyCode: 'ALPHA',
        cardNumber: 'CARD0001',
        firstName: 'Ana',
        lastName: 'Ash',
        balance: '10.00',
      } as typeof cardUser.$inferInsert)
      .returning({ id: cardUser.id });
    cardId = c.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 400 naming the field for a NUL character in a search term or a name', async () => {
    for (const url of [
      '/sp/order?q=a%00b',
      '/sp/charger?q=%00',
      '/sp/station?q=x%00',
      '/sp/search?Search=a%00',
      '/sp/company/user?q=%00',
      '/sp/card-user?q=%00',
    ]) {
      const r = await call(s, 'GET', url, t.a.adminToken);
      expect(r.code, url).toBe(400);
    }
    const st = await call(s, 'POST', '/sp/station', t.a.adminToken, { name: 'North\u0000Gate', companyCode: 'ALPHA' });
    expect(st.code).toBe(400);
    expect(st.status).toBe(400);
    const role = await call(s, 'POST', '/sp/role', t.a.adminToken, { name: 'R\u0000', code: 'R_NUL', description: 'x', permissions: [] });
    expect(role.code).toBe(400);
  });

  it('answers 400 sort for sort=__proto__ or another name outside the sortable columns', async () => {
    for (const url of [
      '/sp/order',
      '/sp/charger',
      '/sp/station',
      '/sp/gateway',
      '/sp/card-user',
      '/sp/app-user',
      '/sp/company/user',
      '/sp/role',
      '/sp/rate-template',
      '/sp/station-group',
      '/sp/company',
    ]) {
      for (const sort of ['__proto__', 'constructor', 'toString']) {
        const r = await call(s, 'GET', `${url}?sort=${sort}`, t.admin);
        expect(r.code, `${url}?sort=${sort}`).toBe(400);
      }
    }
  });

  it('answers 400 for an id beyond a 32-bit integer (path and filter)', async () => {
    for (const url of [
      '/sp/order/2147483648',
      '/sp/charger/99999999999',
      '/sp/station/2147483648',
      '/sp/card-user/2147483648',
      '/sp/company/user/2147483648',
      '/sp/order?stationId=2147483648',
    ]) {
      const r = await call(s, 'GET', url, t.admin);
      expect(r.code, url).toBe(400);
    }
    const r = await call(s, 'PUT', '/sp/charger/2147483648/status', t.admin, { lifeStatus: 'ACTIVE' });
    expect(r.code).toBe(400);
  });

  it('answers 705 for amounts with spaces, exponents or beyond the balance column, and leaves the balance alone', async () => {
    for (const amount of [' 5 ', '1e12', 1e12, '999999999999999', 1e300]) {
      const r = await call(s, 'POST', `/sp/card-user/${cardId}/recharge`, t.a.adminToken, { amount });
      expect(r.code, JSON.stringify(amount)).toBe(705);
    }
    const card = await call(s, 'GET', `/sp/card-user/${cardId}`, t.a.adminToken);
    expect(Number(card.data.balance)).toBe(10);
  });

  it('answers 402 for a text/plain body', async () => {
    for (const [method, url] of [
      ['POST', '/sp/station'],
      ['PUT', '/sp/user/profile'],
      ['POST', '/sp/company/user'],
    ] as const) {
      const res = await s.app.inject({ method, url, headers: { authorization: `Bearer ${t.a.adminToken}`, 'content-type': 'text/plain' }, payload: 'name=x' });
      expect(res.json().code, `${method} ${url}`).toBe(402);
      expect(res.statusCode).toBe(400);
    }
  });

  it('applies one time-range rule (715) to the order list, its exports, the charger log and the connection attempts', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    for (const list of ['/sp/order', '/sp/order/export/count', '/sp/charger-log', '/sp/connection-attempt']) {
      const get = (qs: string) => call(s, 'GET', `${list}?${qs}`, t.admin);
      expect((await get(`startTime=${lastWeek}&endTime=${tomorrow}`)).code, `${list} end after today`).toBe(715);
      expect((await get(`endTime=${yesterday}`)).code, `${list} end without start`).toBe(715);
      expect((await get(`startTime=${yesterday}&endTime=${lastWeek}`)).code, `${list} end before start`).toBe(715);
      expect((await get(`startTime=${tomorrow}`)).code, `${list} start in the future`).toBe(715);
      expect((await get(`startTime=${lastWeek}&endTime=${yesterday}`)).code, `${list} a good range`).toBe(200);
    }
  });

  it('answers 900 for a name with any Unicode number (٣, ３, ²)', async () => {
    for (const realName of ['Ali ٣', 'Ｌｅｅ３', 'Max²']) {
      const r = await call(s, 'PUT', '/sp/user/profile', t.a.adminToken, { realName });
      expect(r.code, realName).toBe(900);
    }
  });
});
