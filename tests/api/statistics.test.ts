import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { charger, chargeOrder, company, station } from '../../server/db/schema.js';

describe.each(backends())('statistics and station insights on %s', (backend) => {
  let s: TestServer;
  let auth: Record<string, string>;
  let stationId: number;
  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } }).then((r) => r.json());

  beforeAll(async () => {
    s = await build(backend);
    auth = { authorization: `Bearer ${await s.login()}` };
    const db = s.database.db;
    await db.insert(company).values([
      { code: 'ACME', name: 'Acme', currency: 'EUR' },
      { code: 'HK', name: 'Harbour', currency: 'HKD' },
    ]);
    const [st] = await db.insert(station).values({ companyCode: 'ACME', name: 'Central' }).returning();
    const [st2] = await db.insert(station).values({ companyCode: 'HK', name: 'Pier' }).returning();
    stationId = st.id;
    const [c1] = await db.insert(charger).values({ companyCode: 'ACME', stationId: st.id, serialNum: 'ACME000000000001' }).returning();
    const [c2] = await db.insert(charger).values({ companyCode: 'HK', stationId: st2.id, serialNum: 'HKEV000000000001' }).returning();
    const order = (n: number, c: typeof c1, start: string, hours: number, kwh: string, total: string, currency: string) => ({
      orderNo: `O${n}`,
      companyCode: c.companyCode,
      stationId: c.stationId,
      chargerId: c.id,
      chargerSn: c.serialNum,
      connectorId: 1,
      transactionId: 1000 + n,
      idTag: 'T',
      idTagStatus: 'Accepted',
      chargerStartTime: new Date(start),
      chargerStopTime: new Date(new Date(start).getTime() + hours * 3600_000),
      meterStart: 0,
      meterStop: 1,
      energyKwh: kwh,
      status: 'FINISHED',
      currency,
      totalAmount: total,
      paid: true,
    });
    await db
      .insert(chargeOrder)
      .values([
        order(1, c1, '2026-11-01T10:00:00Z', 2, '10.000', '5.00', 'EUR'),
        order(2, c1, '2026-11-01T23:30:00Z', 1, '5.500', '2.75', 'EUR'),
        order(3, c2, '2026-11-02T03:00:00Z', 1, '7.000', '21.00', 'HKD'),
      ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('groups by day in the caller time zone', async () => {
    const utc = await get('/sp/statistics?startTime=2026-11-01T00:00:00Z&endTime=2026-11-03T00:00:00Z');
    expect(utc.data.series.map((b: { key: string; orders: number }) => [b.key, b.orders])).toEqual([
      ['2026-11-01', 2],
      ['2026-11-02', 1],
    ]);
    const hk = await get('/sp/statistics?startTime=2026-11-01T00:00:00Z&endTime=2026-11-03T00:00:00Z', { 'time-zone': 'Asia/Hong_Kong' });
    // 23:30Z on the 1st is the 2nd in Hong Kong.
    expect(hk.data.series.map((b: { key: string; orders: number }) => [b.key, b.orders])).toEqual([
      ['2026-11-01', 1],
      ['2026-11-02', 2],
    ]);
    expect(hk.data.totals).toMatchObject({ orders: 3, energyKwh: '22.500' });
    expect(hk.data.totals.revenue).toEqual(
      expect.arrayContaining([
        { currency: 'EUR', amount: '7.75' },
        { currency: 'HKD', amount: '21.00' },
      ]),
    );
  });

  it('groups by company and station with labels', async () => {
    const byCompany = await get('/sp/statistics?groupBy=company&startTime=2026-11-01T00:00:00Z&endTime=2026-11-03T00:00:00Z');
    expect(byCompany.data.series.map((b: { label: string }) => b.label).sort()).toEqual(['Acme', 'Harbour']);
    const byStation = await get(`/sp/statistics?groupBy=station&stationId=${stationId}&startTime=2026-11-01T00:00:00Z&endTime=2026-11-03T00:00:00Z`);
    expect(byStation.data.series).toHaveLength(1);
    expect(byStation.data.series[0]).toMatchObject({ label: 'Central', orders: 2, energyKwh: '15.500' });
  });

  it('refuses bad ranges with 715', async () => {
    expect((await get('/sp/statistics?startTime=2026-11-03T00:00:00Z&endTime=2026-11-01T00:00:00Z')).code).toBe(715);
    expect((await get('/sp/statistics?startTime=2099-01-01T00:00:00Z')).code).toBe(715);
    expect((await get('/sp/statistics?startTime=2020-01-01T00:00:00Z&endTime=2026-11-01T00:00:00Z')).code).toBe(715);
  });

  it('computes station insights', async () => {
    const res = await get('/sp/station-insights?companyCode=ACME&startTime=2026-11-01T00:00:00Z&endTime=2026-11-02T00:00:00Z');
    expect(res.code).toBe(200);
    expect(res.data.records).toHaveLength(1);
    // two sessions: 2 h and 0.5 h inside the range (the second runs past the range end) of 24 charger-hours
    expect(res.data.records[0]).toMatchObject({
      stationName: 'Central',
      sessions: 2,
      energyKwh: '15.500',
      revenue: '7.75',
      chargers: 1,
      avgEnergyKwh: '7.750',
    });
    expect(res.data.records[0].utilisation).toBeCloseTo(2.5 / 24, 4);
  });
});
