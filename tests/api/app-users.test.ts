import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { appUser, company } from '../../server/db/schema.js';
import { ledgerSum } from '../../server/modules/balance/ledger.js';

describe.each(backends())('app users on %s', (backend) => {
  let s: TestServer;
  let auth: Record<string, string>;
  let id: number;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    s.app.inject({ method, url, payload: payload as object, headers: auth }).then((r) => r.json());

  beforeAll(async () => {
    s = await build(backend);
    auth = { authorization: `Bearer ${await s.login()}` };
    await s.database.db.insert(company).values({ code: 'ACME', name: 'Acme Charging', currency: 'EUR' });
    const [u] = await s.database.db.insert(appUser).values({ companyCode: 'ACME', nickname: 'sparky', mobile: '+49 151 000', idTag: 'APP-1' }).returning();
    id = u.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists and shows app users with spend and balance', async () => {
    const list = await call('GET', '/sp/app-user?q=spark');
    expect(list.data.total).toBe(1);
    expect(list.data.records[0]).toMatchObject({ nickname: 'sparky', companyName: 'Acme Charging', balance: '0.00', orderCount: 0, totalSpend: '0.00' });
    expect((await call('GET', `/sp/app-user/${id}`)).data.currency).toBe('EUR');
    expect((await call('GET', '/sp/app-user/99999')).code).toBe(803);
  });

  it("sets and clears an app user's expiry date; a malformed one is refused with 400, an unknown user with 803 (issue 24, item 23)", async () => {
    const set = await call('PUT', `/sp/app-user/${id}/expiry`, { expiryDate: '2027-06-30T12:00:00Z' });
    expect(set.code).toBe(200);
    expect(set.data.expiryDate).toBe('2027-06-30T12:00:00.000Z');
    expect((await call('GET', `/sp/app-user/${id}`)).data.expiryDate).toBe('2027-06-30T12:00:00.000Z');
    for (const bad of [{ expiryDate: 'tomorrow' }, { expiryDate: 5 }, { expiryDate: '2027-06-30' }]) {
      const res = await call('PUT', `/sp/app-user/${id}/expiry`, bad);
      expect(res.code).toBe(400);
      expect(Object.keys(res.data.errors)).toEqual(['expiryDate']);
    }
    expect((await call('PUT', `/sp/app-user/${id}/expiry`, { expiryDate: null })).data.expiryDate).toBeNull();
    expect((await call('PUT', `/sp/app-user/${id}/expiry`, { expiryDate: '' })).data.expiryDate).toBeNull();
    expect((await call('PUT', '/sp/app-user/99999/expiry', { expiryDate: null })).code).toBe(803);
  });

  it('recharges through the ledger and deactivates', async () => {
    expect((await call('POST', `/sp/app-user/${id}/recharge`, { amount: '1.5' })).code).toBe(705);
    const rec = await call('POST', `/sp/app-user/${id}/recharge`, { amount: '20', prepayType: 'PAYPAL' });
    expect(rec.data).toMatchObject({ changeType: 'PREPAY', prepayType: 'PAYPAL', newBalance: '20.00' });
    expect((await call('POST', `/sp/app-user/${id}/refund`, { amount: '25' })).code).toBe(721);
    const records = await call('GET', `/sp/app-user/${id}/balance-records`);
    expect(records.data.total).toBe(1);
    expect(await ledgerSum(s.database.db, 'APP', id)).toBe('20.00');
    const off = await call('PUT', `/sp/app-user/${id}/status`, { active: false });
    expect(off.data.active).toBe(false);
  });
});
