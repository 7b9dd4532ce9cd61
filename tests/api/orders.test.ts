import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, like, lte, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { chargeOrder, meterValue } from '../../server/db/schema.js';
import { demoServer, getJson } from '../support/demo.js';

const RECORD_KEYS = [
  'id',
  'orderNo',
  'companyCode',
  'companyName',
  'stationId',
  'stationName',
  'chargerId',
  'chargerSn',
  'connectorId',
  'transactionId',
  'idTag',
  'idTagStatus',
  'userType',
  'userName',
  'chargerStartTime',
  'chargerStopTime',
  'serverStartTime',
  'serverStopTime',
  'meterStart',
  'meterStop',
  'energyKwh',
  'durationSeconds',
  'status',
  'stopReason',
  'currency',
  'electricityFee',
  'serviceFee',
  'taxAmount',
  'cost',
  'totalAmount',
  'paid',
  'breakdown',
];

describe.each(backends())('order read API on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let volta: string;
  const get = (token: string, url: string) => getJson(s, token, url);
  const countWhere = async (...conds: Parameters<typeof and>) => {
    const [{ n }] = await s.database.db
      .select({ n: count() })
      .from(chargeOrder)
      .where(and(...conds));
    return n;
  };

  beforeAll(async () => {
    ({ s, admin, volta } = await demoServer(backend));
    // One open and one closed order for the status filter.
    const [a, b] = await s.database.db
      .select({ id: chargeOrder.id })
      .from(chargeOrder)
      .where(eq(chargeOrder.companyCode, 'VOLTA'))
      .orderBy(chargeOrder.id)
      .limit(2);
    await s.database.db.update(chargeOrder).set({ status: 'CHARGING', chargerStopTime: null, meterStop: null, paid: false }).where(eq(chargeOrder.id, a.id));
    await s.database.db.update(chargeOrder).set({ status: 'CLOSED' }).where(eq(chargeOrder.id, b.id));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists orders newest first with the record shape and the table total', async () => {
    const { status, body } = await get(admin, '/sp/order?size=50');
    expect(status).toBe(200);
    expect(body.data.total).toBe(await countWhere());
    expect(body.data.records).toHaveLength(50);
    const rec = body.data.records[0];
    expect(Object.keys(rec)).toEqual(expect.arrayContaining(RECORD_KEYS));
    const starts = body.data.records.map((r: { chargerStartTime: string }) => r.chargerStartTime);
    expect(starts).toEqual([...starts].sort().reverse());
    const finished = body.data.records.find((r: { status: string }) => r.status === 'FINISHED');
    expect(finished.energyKwh).toMatch(/^\d+\.\d{3}$/);
    expect(finished.totalAmount).toMatch(/^\d+\.\d{2}$/);
    expect(finished.durationSeconds).toBe(Math.floor((Date.parse(finished.chargerStopTime) - Date.parse(finished.chargerStartTime)) / 1000));
    expect(finished.userName).toBeTruthy();
    expect(finished.stationName).toBeTruthy();
  });

  it('pages without overlap', async () => {
    const p1 = await get(admin, '/sp/order?page=1&size=25&sort=orderNo');
    const p2 = await get(admin, '/sp/order?page=2&size=25&sort=orderNo');
    const ids1 = p1.body.data.records.map((r: { id: number }) => r.id);
    const ids2 = p2.body.data.records.map((r: { id: number }) => r.id);
    expect(ids2).toHaveLength(25);
    expect(ids1.filter((id: number) => ids2.includes(id))).toEqual([]);
  });

  it('sorts by whitelisted fields only', async () => {
    const { body } = await get(admin, '/sp/order?size=200&sort=energyKwh&order=asc');
    const e = body.data.records.map((r: { energyKwh: string }) => Number(r.energyKwh));
    expect(e).toEqual([...e].sort((a, b) => a - b));
    const { body: byTotal } = await get(admin, '/sp/order?size=200&sort=totalAmount&order=desc');
    const t = byTotal.data.records.map((r: { totalAmount: string }) => Number(r.totalAmount));
    expect(t).toEqual([...t].sort((a, b) => b - a));
    const { body: byDuration } = await get(admin, '/sp/order?size=100&sort=durationSeconds&order=desc&status=FINISHED');
    const d = byDuration.data.records.map((r: { durationSeconds: number }) => r.durationSeconds);
    expect(d).toEqual([...d].sort((a, b) => b - a));
    const bad = await get(admin, '/sp/order?sort=breakdown');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('sort');
    expect(bad.body.data.errors.sort).toBe('breakdown');
  });

  it('filters by status (repeated), payment, user type, charger, station and search term', async () => {
    const charging = await get(admin, '/sp/order?status=CHARGING');
    expect(charging.body.data.total).toBe(1);
    expect(charging.body.data.records[0]).toMatchObject({ status: 'CHARGING', chargerStopTime: null, meterStop: null });
    const two = await get(admin, '/sp/order?status=CHARGING&status=CLOSED');
    expect(two.body.data.total).toBe(2);
    expect((await get(admin, '/sp/order?status=DONE')).status).toBe(400);

    const unpaid = await get(admin, '/sp/order?paid=false&size=500');
    expect(unpaid.body.data.total).toBe(await countWhere(eq(chargeOrder.paid, false)));
    expect(unpaid.body.data.records.every((r: { paid: boolean }) => !r.paid)).toBe(true);

    const app = await get(admin, '/sp/order?userType=APP&size=500');
    expect(app.body.data.total).toBe(await countWhere(eq(chargeOrder.userType, 'APP')));
    expect(app.body.data.records.every((r: { userType: string }) => r.userType === 'APP')).toBe(true);

    const sn = await get(admin, '/sp/order?chargerSn=HKEV000000000101&size=500');
    expect(sn.body.data.total).toBe(await countWhere(eq(chargeOrder.chargerSn, 'HKEV000000000101')));
    expect(sn.body.data.total).toBeGreaterThan(0);

    const stationId = sn.body.data.records[0].stationId;
    const st = await get(admin, `/sp/order?stationId=${stationId}&size=1`);
    expect(st.body.data.total).toBe(await countWhere(eq(chargeOrder.stationId, stationId)));

    const orderNo = sn.body.data.records[3].orderNo;
    const byNo = await get(admin, `/sp/order?q=${encodeURIComponent(orderNo.toLowerCase())}`);
    expect(byNo.body.data.records.map((r: { orderNo: string }) => r.orderNo)).toEqual([orderNo]);
    const idTag = sn.body.data.records[0].idTag;
    const byTag = await get(admin, `/sp/order?q=${idTag}&size=500`);
    expect(byTag.body.data.records.every((r: { idTag: string }) => r.idTag.includes(idTag))).toBe(true);
    const bySn = await get(admin, '/sp/order?q=000000000101&size=1');
    expect(bySn.body.data.total).toBe(await countWhere(like(chargeOrder.chargerSn, '%000000000101%')));
  });

  it('answers the totals of every matching order (count, kWh, amount per currency), not of the page (R2.18)', async () => {
    const sums = async (...conds: Parameters<typeof and>) =>
      s.database.db
        .select({
          currency: chargeOrder.currency,
          n: count(),
          kwh: sql<string>`sum(${chargeOrder.energyKwh})::text`,
          amount: sql<string>`sum(${chargeOrder.totalAmount})::text`,
        })
        .from(chargeOrder)
        .where(and(...conds))
        .groupBy(chargeOrder.currency)
        .orderBy(chargeOrder.currency);
    const all = await get(admin, '/sp/order?size=5');
    const expected = await sums();
    expect(expected.map((e) => e.currency)).toEqual(['EUR', 'HKD']); // the demo's two operators
    expect(all.body.data.totals).toEqual({
      count: all.body.data.total,
      energyKwh: expected.reduce((a, e) => a.plus(e.kwh), new Decimal(0)).toFixed(3),
      revenue: expected.map((e) => ({ currency: e.currency, totalAmount: new Decimal(e.amount).toFixed(2), count: e.n })),
    });
    // A window of hours: the same filter as the rows, so the totals follow it; a company user sees their own currency only.
    const end = new Date();
    const start = new Date(end.getTime() - 6 * 3_600_000);
    const windowed = await get(volta, `/sp/order?startTime=${start.toISOString()}&endTime=${end.toISOString()}`);
    const [eur] = await sums(eq(chargeOrder.companyCode, 'VOLTA'), gte(chargeOrder.chargerStartTime, start), lte(chargeOrder.chargerStartTime, end));
    expect(windowed.body.data.totals.count).toBe(eur?.n ?? 0);
    expect(windowed.body.data.totals.revenue).toEqual(eur ? [{ currency: 'EUR', totalAmount: new Decimal(eur.amount).toFixed(2), count: eur.n }] : []);
  });

  it('filters by a time range given as ISO or epoch seconds/milliseconds', async () => {
    const end = new Date();
    const start = new Date(end.getTime() - 3 * 86_400_000);
    const expected = await countWhere(gte(chargeOrder.chargerStartTime, start), lte(chargeOrder.chargerStartTime, end));
    expect(expected).toBeGreaterThan(0);
    const iso = await get(admin, `/sp/order?startTime=${start.toISOString()}&endTime=${end.toISOString()}`);
    expect(iso.body.data.total).toBe(expected);
    const ms = await get(admin, `/sp/order?startTime=${start.getTime()}&endTime=${end.getTime()}`);
    expect(ms.body.data.total).toBe(expected);
    const sec = await get(admin, `/sp/order?startTime=${Math.floor(start.getTime() / 1000)}`);
    expect(sec.body.data.total).toBeGreaterThanOrEqual(expected);
    expect((await get(admin, '/sp/order?startTime=yesterday')).status).toBe(400);
  });

  it('answers 715 for an end before the start or a start in the future', async () => {
    const now = Date.now();
    const backwards = await get(admin, `/sp/order?startTime=${new Date(now - 1000).toISOString()}&endTime=${new Date(now - 86_400_000).toISOString()}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe(715);
    const future = await get(admin, `/sp/order?startTime=${now + 3_600_000}`);
    expect(future.body.code).toBe(715);
  });

  it('returns one order with meter values for the chart', async () => {
    const [sample] = await s.database.db.selectDistinct({ tx: meterValue.transactionId }).from(meterValue).limit(1);
    const [o] = await s.database.db
      .select({ id: chargeOrder.id, meterStart: chargeOrder.meterStart, meterStop: chargeOrder.meterStop })
      .from(chargeOrder)
      .where(eq(chargeOrder.transactionId, sample.tx!));
    const { body } = await get(admin, `/sp/order/${o.id}`);
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining([...RECORD_KEYS, 'meterValues']));
    const mv: { timestamp: string; measurand: string; value: string; unit: string }[] = body.data.meterValues;
    expect(new Set(mv.map((m) => m.measurand))).toEqual(new Set(['Energy.Active.Import.Register', 'Power.Active.Import']));
    const stamps = mv.map((m) => m.timestamp);
    expect(stamps).toEqual([...stamps].sort());
    const energy = mv.filter((m) => m.measurand === 'Energy.Active.Import.Register').map((m) => Number(m.value));
    expect(energy[0]).toBe(o.meterStart);
    expect(Math.max(...energy)).toBeLessThanOrEqual(o.meterStop!);
    expect((await get(admin, '/sp/order/99999999')).body.code).toBe(400);
  });

  it('scopes company users (709 for another company)', async () => {
    const { body } = await get(volta, '/sp/order?size=5');
    expect(body.data.total).toBe(await countWhere(eq(chargeOrder.companyCode, 'VOLTA')));
    expect(body.data.records.every((r: { companyCode: string; currency: string }) => r.companyCode === 'VOLTA' && r.currency === 'EUR')).toBe(true);
    const other = await get(volta, '/sp/order?companyCode=HKEV');
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(709);
    const [hk] = await s.database.db.select({ id: chargeOrder.id }).from(chargeOrder).where(eq(chargeOrder.companyCode, 'HKEV')).limit(1);
    expect((await get(volta, `/sp/order/${hk.id}`)).body.code).toBe(709);
    const adminHk = await get(admin, '/sp/order?companyCode=HKEV&size=1');
    expect(adminHk.body.data.total).toBe(await countWhere(eq(chargeOrder.companyCode, 'HKEV')));
  });
});
