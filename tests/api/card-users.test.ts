import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { cardUser, company, balanceRecord } from '../../server/db/schema.js';
import { ledgerSum, changeBalance } from '../../server/modules/balance/ledger.js';

describe.each(backends())('card users and balances on %s', (backend) => {
  let s: TestServer;
  let auth: Record<string, string>;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    s.app.inject({ method, url, payload: payload as object, headers: auth }).then((r) => r.json());

  beforeAll(async () => {
    s = await build(backend);
    auth = { authorization: `Bearer ${await s.login()}` };
    await s.database.db.insert(company).values([
      { code: 'ACME', name: 'Acme Charging', currency: 'EUR' },
      { code: 'OTHER', name: 'Other Co', currency: 'HKD' },
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const base = { companyCode: 'ACME', lastName: 'Meyer', firstName: 'Anna', scope: 'ALL', stationIds: [] };

  it('creates a card user and refuses a duplicate card number with 305', async () => {
    const created = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0001' });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ cardNumber: 'CARD-0001', balance: '0.00', active: true, currency: 'EUR' });
    const dup = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0001', firstName: 'Bob' });
    expect(dup.code).toBe(305);
    const rows = await s.database.db.select().from(cardUser).where(eq(cardUser.cardNumber, 'CARD-0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0].firstName).toBe('Anna');
  });

  it("takes the edit form's values as they are: read-only fields ignored, text trimmed, blanks cleared, no stations for ALL", async () => {
    // The console sends the record it read, edited, with no body function in between (requirements R12.5).
    const created = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0700', mobile: '+49 30 1' });
    const record = (await call('GET', `/sp/card-user/${created.data.id}`)).data;
    const sent = {
      ...record,
      cardNumber: ' CARD-0701 ',
      lastName: ' Meyer ',
      mobile: ' ',
      email: '',
      scope: 'ALL',
      stationIds: [123456],
      balance: '999.00',
      createTimeStamp: '2000-01-01T00:00:00.000Z',
    };
    const updated = await call('PUT', `/sp/card-user/${created.data.id}`, sent);
    expect(updated.code).toBe(200);
    expect(updated.data).toMatchObject({
      id: created.data.id,
      cardNumber: 'CARD-0701',
      lastName: 'Meyer',
      mobile: null,
      email: null,
      scope: 'ALL',
      stationIds: [],
      balance: '0.00',
    });
    expect(updated.data.createTimeStamp).toBe(record.createTimeStamp);
  });

  it('keeps an optional expiry date: answered as an ISO time, cleared by blank, a malformed one refused with 400 naming it (issue 24, item 23)', async () => {
    const created = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0765', expiryDate: '2027-01-31T23:59:59+01:00' });
    expect(created.code).toBe(200);
    expect(created.data.expiryDate).toBe('2027-01-31T22:59:59.000Z');
    expect((await call('GET', `/sp/card-user/${created.data.id}`)).data.expiryDate).toBe('2027-01-31T22:59:59.000Z');
    const plain = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0766' });
    expect(plain.data.expiryDate).toBeNull();
    for (const bad of ['31.01.2027', '2027-01-31', '2027-01-31T23:59:59', 12345, 'x'.repeat(5000)]) {
      const res = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0767', expiryDate: bad });
      expect(res.code, String(bad).slice(0, 20)).toBe(400);
      expect(Object.keys(res.data.errors)).toEqual(['expiryDate']);
    }
    const cleared = await call('PUT', `/sp/card-user/${created.data.id}`, { ...base, cardNumber: 'CARD-0765', expiryDate: '' });
    expect(cleared.data.expiryDate).toBeNull();
  });

  it('refuses digits in names with 900', async () => {
    const res = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0900', lastName: 'M3yer' });
    expect(res.code).toBe(900);
    expect(await s.database.db.select().from(cardUser).where(eq(cardUser.cardNumber, 'CARD-0900'))).toHaveLength(0);
  });

  it('checks recharge amounts: negative 650, zero or fractional 705', async () => {
    const c = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0002' });
    expect((await call('POST', `/sp/card-user/${c.data.id}/recharge`, { amount: '-5' })).code).toBe(650);
    expect((await call('POST', `/sp/card-user/${c.data.id}/recharge`, { amount: '0' })).code).toBe(705);
    expect((await call('POST', `/sp/card-user/${c.data.id}/recharge`, { amount: '2.5' })).code).toBe(705);
    const okRes = await call('POST', `/sp/card-user/${c.data.id}/recharge`, { amount: 50, remark: 'desk' });
    expect(okRes.data).toMatchObject({ changeType: 'PLATFORM_RECHARGE', oldBalance: '0.00', newBalance: '50.00', changeAmount: '50.00' });
    const refundTooMuch = await call('POST', `/sp/card-user/${c.data.id}/refund`, { amount: '60' });
    expect(refundTooMuch.code).toBe(721);
    await call('POST', `/sp/card-user/${c.data.id}/gift`, { amount: '10' });
    await call('POST', `/sp/card-user/${c.data.id}/refund`, { amount: '15' });
    const cleared = await call('POST', `/sp/card-user/${c.data.id}/clear`, {});
    expect(cleared.data).toMatchObject({ changeType: 'CLEARED', oldBalance: '45.00', newBalance: '0.00', changeAmount: '-45.00' });
    const records = await call('GET', `/sp/card-user/${c.data.id}/balance-records`);
    expect(records.data.total).toBe(4);
    expect(records.data.records.map((x: { changeType: string }) => x.changeType)).toEqual(['CLEARED', 'USER_REFUND', 'GIFT', 'PLATFORM_RECHARGE']);
    expect(await ledgerSum(s.database.db, 'CARD', c.data.id)).toBe('0.00');
  });

  it('never overdraws under concurrent recharges and deductions, and the ledger adds up', async () => {
    const c = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0003' });
    const id = c.data.id as number;
    await call('POST', `/sp/card-user/${id}/recharge`, { amount: '100' });
    const ops: Promise<unknown>[] = [];
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      ops.push(
        changeBalance(s.database.db, {
          holderType: 'CARD',
          holderId: id,
          changeType: 'DEDUCT',
          deductType: 'CARD',
          amount: '-7.25',
          relevanceId: 10_000 + i,
        }).catch((e: { code?: number }) => {
          if (e.code === 721) refused++;
          else throw e;
        }),
      );
      if (i % 4 === 0) ops.push(changeBalance(s.database.db, { holderType: 'CARD', holderId: id, changeType: 'PLATFORM_RECHARGE', amount: '3' }));
    }
    await Promise.all(ops);
    const [row] = await s.database.db.select().from(cardUser).where(eq(cardUser.id, id));
    // 100 + 10 × 3 = 130 credited; each success takes 7.25; the rest were refused with 721.
    const successes = 40 - refused;
    expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
    expect(row.balance).toBe((130 - successes * 7.25).toFixed(2));
    expect(await ledgerSum(s.database.db, 'CARD', id)).toBe(row.balance);
    expect(refused).toBeGreaterThan(0);
  });

  it('a failed deduction leaves nothing half-written', async () => {
    const c = await call('POST', '/sp/card-user', { ...base, cardNumber: 'CARD-0004' });
    const before = await s.database.db.select().from(balanceRecord);
    await expect(changeBalance(s.database.db, { holderType: 'CARD', holderId: c.data.id, changeType: 'DEDUCT', amount: '-1' })).rejects.toMatchObject({
      code: 721,
    });
    expect(await s.database.db.select().from(balanceRecord)).toHaveLength(before.length);
  });

  it('lists with filters and refuses other companies for company users (709/725)', async () => {
    const list = await call('GET', '/sp/card-user?companyCode=ACME&q=CARD-000&sort=cardNumber&order=asc&size=2');
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThanOrEqual(3);
    expect(list.data.records).toHaveLength(2);
    expect(list.data.records[0].cardNumber < list.data.records[1].cardNumber).toBe(true);
    expect((await call('GET', '/sp/card-user?sort=nope')).code).toBe(400);
  });
});
