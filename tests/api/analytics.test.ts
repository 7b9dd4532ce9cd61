/**
 * Analytics (requirements §14, §5): a blank search is refused with 621; the figures equal the
 * orders in the database for the period and the one before (rollups built by the start-up
 * backfill, then kept up to date when an order is closed); a search reaches only the caller's
 * scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { backends } from '../support/db.js';
import type { Db } from '../../server/db/client.js';
import { build, type TestServer } from '../support/app.js';
import { call, setupStationScope, setupTenants, type StationScopeFixture, type Tenants } from '../support/tenants.js';
import { analyticsPending, chargeOrder, meterValue, POWER_KW, POWER_READABLE } from '../../server/db/schema.js';
import { applyPendingRollups, backfillRollupsIfEmpty, queueRollup, rebuildRollups, unrollForRepricing } from '../../server/modules/analytics/rollup.js';

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;

describe.each(backends())('analytics on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let f: StationScopeFixture;

  beforeAll(async () => {
    s = await build(backend);
    t = await setupTenants(s);
    f = await setupStationScope(s, t);
    const db = s.database.db;
    const [own] = await db.select().from(chargeOrder).where(eq(chargeOrder.orderNo, f.own.orderNo));
    // 40 closed orders spread over the last 80 days at A's station (some in the previous period).
    const rows = Array.from({ length: 40 }, (_, i) => {
      const start = new Date(Date.now() - (i * 2 + 0.5) * 86_400_000 - i * 3_600_000);
      return {
        orderNo: `AN${i}`,
        companyCode: 'ALPHA',
        stationId: f.own.stationId,
        chargerId: own.chargerId,
        chargerSn: own.chargerSn,
        connectorId: 1,
        transactionId: 99500 + i,
        idTag: 'T',
        idTagStatus: 'Accepted',
        chargerStartTime: start,
        chargerStopTime: new Date(start.getTime() + (20 + i) * 60_000),
        meterStart: 0,
        meterStop: 1000 * (i + 1),
        energyKwh: (i + 1).toFixed(3),
        status: i % 3 ? 'FINISHED' : 'CLOSED',
        currency: 'EUR',
        totalAmount: (1.25 * (i + 1)).toFixed(2),
        paid: true,
      };
    });
    await db.insert(chargeOrder).values(rows);
    expect(await backfillRollupsIfEmpty(db)).toBe(true);
    expect(await backfillRollupsIfEmpty(db)).toBe(false);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('refuses a missing or blank search with 621, in the caller’s language', async () => {
    const missing = await call(s, 'GET', '/sp/analytics?period=30d', t.a.adminToken);
    expect(missing.code).toBe(621);
    const blank = await s.app.inject({
      url: '/sp/analytics?search=%20%20&period=1y',
      headers: { authorization: `Bearer ${t.a.adminToken}`, 'accept-language': 'zh-CN' },
    });
    expect(blank.json()).toMatchObject({ code: 621, msg: expect.stringContaining('搜索') });
  });

  /** Σ of the closed orders of A's own station (or of `company`) started in [from, to). */
  async function fromOrders(from: string, to: string, company?: string) {
    const [r] = await s.database.db
      .select({
        sessions: sql<number>`count(*)::int`,
        energy: sql<string>`coalesce(sum(${chargeOrder.energyKwh}), 0)::numeric(18,3)::text`,
        revenue: sql<string>`coalesce(sum(${chargeOrder.totalAmount}), 0)::numeric(18,2)::text`,
      })
      .from(chargeOrder)
      .where(
        and(
          company ? eq(chargeOrder.companyCode, company) : eq(chargeOrder.stationId, f.own.stationId),
          inArray(chargeOrder.status, ['FINISHED', 'CLOSED']),
          gte(chargeOrder.chargerStartTime, new Date(from)),
          lt(chargeOrder.chargerStartTime, new Date(to)),
        ),
      );
    return r;
  }

  for (const period of ['24h', '30d', '1y'] as const) {
    it(`equals the orders of the period and the previous one (${period})`, async () => {
      const res = await call(s, 'GET', `/sp/analytics?searchType=station&search=${encodeURIComponent('ALPHA Central')}&period=${period}`, t.a.adminToken);
      expect(res.code).toBe(200);
      const a = res.data;
      expect(a.matched).toMatchObject({ names: ['ALPHA Central'], count: 1 });
      expect(a.series).toHaveLength(period === '24h' ? 24 : period === '30d' ? 30 : 12);
      const now = await fromOrders(a.startTime, a.endTime);
      const before = await fromOrders(a.previousStartTime, a.startTime);
      expect(a.totals.sessions).toBe(now.sessions);
      expect(a.totals.energyKwh).toBe(now.energy);
      expect(a.totals.revenue).toEqual(now.sessions ? [{ currency: 'EUR', amount: now.revenue }] : []);
      expect(a.previous.sessions).toBe(before.sessions);
      expect(a.previous.energyKwh).toBe(before.energy);
      const sum = a.series.reduce((n: number, b: { sessions: number }) => n + b.sessions, 0);
      expect(sum).toBe(now.sessions);
      if (period !== '24h') expect(now.sessions).toBeGreaterThan(0);
    });
  }

  it('adds an order to the figures when it is closed', async () => {
    const db = s.database.db;
    const q = `/sp/analytics?searchType=charger&search=${f.own.chargerSn}&period=30d`;
    const before = (await call(s, 'GET', q, t.a.adminToken)).data.totals;
    const [open] = await db
      .insert(chargeOrder)
      .values({
        orderNo: 'AN-OPEN',
        companyCode: 'ALPHA',
        stationId: f.own.stationId,
        chargerId: f.own.chargerId,
        chargerSn: f.own.chargerSn,
        connectorId: 2,
        transactionId: 99900,
        idTag: 'T',
        idTagStatus: 'Accepted',
        chargerStartTime: new Date(Date.now() - 3_600_000),
        meterStart: 0,
        currency: 'EUR',
      })
      .returning();
    const closed = await call(s, 'PUT', `/sp/order/${open.id}/close`, t.a.adminToken, {});
    expect(closed.code).toBe(200);
    const after = (await call(s, 'GET', q, t.a.adminToken)).data.totals;
    expect(after.sessions).toBe(before.sessions + 1);
    const [row] = await db.select().from(chargeOrder).where(eq(chargeOrder.id, open.id));
    expect(Number(after.energyKwh)).toBeCloseTo(Number(before.energyKwh) + Number(row.energyKwh), 3);
  });

  it("takes a closing order's peak power from its readable power readings, by one probe of their index", async () => {
    const db = s.database.db;
    const start = new Date(Date.now() - 100 * 86_400_000);
    const [open] = await db
      .insert(chargeOrder)
      .values({
        orderNo: 'AN-PEAK',
        companyCode: 'ALPHA',
        stationId: f.own.stationId,
        chargerId: f.own.chargerId,
        chargerSn: f.own.chargerSn,
        connectorId: 3,
        transactionId: 99977,
        idTag: 'T',
        idTagStatus: 'Accepted',
        chargerStartTime: start,
        meterStart: 0,
        currency: 'EUR',
      })
      .returning();
    const power = (value: string, unit: string | null, measurand = 'Power.Active.Import') => ({
      chargerId: f.own.chargerId,
      connectorId: 3,
      transactionId: 99977,
      timestamp: new Date(start.getTime() + 60_000),
      measurand,
      value,
      unit,
    });
    await db
      .insert(meterValue)
      .values([power('7400', 'W'), power('11.04', 'kW'), power('99999999', 'Wh', 'Energy.Active.Import.Register'), power('1e9', 'W'), power('-5', 'W')]);
    expect((await call(s, 'PUT', `/sp/order/${open.id}/close`, t.a.adminToken, {})).code).toBe(200);
    await applyPendingRollups(db);
    const res = await db.execute(
      sql`select peak_power_kw::text as peak from analytics_hour where charger_id = ${f.own.chargerId} and bucket = date_trunc('hour', ${start.toISOString()}::timestamptz, 'UTC')`,
    );
    expect((res as unknown as { rows: { peak: string }[] }).rows.map((r) => Number(r.peak))).toEqual([11.04]);
    // The peak of a session of any length is one index probe (the Stop's cost stays flat).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const r = await tx.execute(sql`explain select max(${sql.raw(POWER_KW)}) from meter_value where transaction_id = 99977 and ${sql.raw(POWER_READABLE)}`);
      return (r as unknown as { rows: Record<string, string>[] }).rows.map((x) => Object.values(x)[0]).join('\n');
    });
    expect(plan).toContain('meter_value_tx_power');
  });

  it('takes the average power as the peak of a session without power readings (never the cap)', async () => {
    const db = s.database.db;
    const start = new Date(Date.now() - 150 * 86_400_000);
    // 7.5 kWh over 30 minutes: 15 kW on average; only energy registers were sent.
    const [order] = await db
      .insert(chargeOrder)
      .values({
        orderNo: 'AN-AVG',
        companyCode: 'ALPHA',
        stationId: f.own.stationId,
        chargerId: f.own.chargerId,
        chargerSn: f.own.chargerSn,
        connectorId: 5,
        transactionId: 99979,
        idTag: 'T',
        idTagStatus: 'Accepted',
        chargerStartTime: start,
        chargerStopTime: new Date(start.getTime() + 1_800_000),
        meterStart: 0,
        meterStop: 7500,
        energyKwh: '7.500',
        status: 'FINISHED',
        currency: 'EUR',
        totalAmount: '3.00',
      })
      .returning();
    await db.insert(meterValue).values({
      chargerId: f.own.chargerId,
      connectorId: 5,
      transactionId: 99979,
      timestamp: new Date(start.getTime() + 60_000),
      measurand: 'Energy.Active.Import.Register',
      value: '250',
      unit: 'Wh',
    });
    await queueRollup(db, order.id);
    await applyPendingRollups(db);
    const peakOf = async (table: 'analytics_hour' | 'analytics_day' | 'analytics_month') => {
      const res = await db.execute(sql`select peak_power_kw::text as peak from ${sql.raw(table)} where station_id = ${f.own.stationId}
        and bucket = date_trunc(${table === 'analytics_hour' ? 'hour' : table === 'analytics_day' ? 'day' : 'month'}, ${start.toISOString()}::timestamptz, 'UTC')`);
      return (res as unknown as { rows: { peak: string }[] }).rows.map((r) => Number(r.peak));
    };
    expect(await peakOf('analytics_hour')).toEqual([15]);
    expect(await peakOf('analytics_day')).toEqual([15]);
    // The same through a rebuild from the orders (the start-up backfill).
    await rebuildRollups(db);
    expect(await peakOf('analytics_hour')).toEqual([15]);
  });

  it('adds a closed order to the rollups once, through its note, also when it is re-priced before or after', async () => {
    const db = s.database.db;
    const start = new Date(Date.now() - 200 * 86_400_000);
    const bucket = async (on: Db = db) => {
      const res = await on.execute(
        sql`select sessions::int as n, revenue::text as revenue from analytics_day where charger_id = ${f.own.chargerId} and bucket = date_trunc('day', ${start.toISOString()}::timestamptz, 'UTC')`,
      );
      return (res as unknown as { rows: { n: number; revenue: string }[] }).rows[0] ?? null;
    };
    const pending = async () => db.$count(analyticsPending);
    const [order] = await db
      .insert(chargeOrder)
      .values({
        orderNo: 'AN-QUEUE',
        companyCode: 'ALPHA',
        stationId: f.own.stationId,
        chargerId: f.own.chargerId,
        chargerSn: f.own.chargerSn,
        connectorId: 4,
        transactionId: 99978,
        idTag: 'T',
        idTagStatus: 'Accepted',
        chargerStartTime: start,
        chargerStopTime: new Date(start.getTime() + 3_600_000),
        meterStart: 0,
        meterStop: 5000,
        energyKwh: '5.000',
        status: 'FINISHED',
        currency: 'EUR',
        totalAmount: '2.50',
      })
      .returning();
    /** Re-prices the order to `total` the way a late Stop does, `check` seeing it taken out. */
    const reprice = (total: string, check?: (tx: Db) => Promise<void>) =>
      db.transaction(async (tx) => {
        await unrollForRepricing(tx, order.id);
        await check?.(tx);
        await tx.update(chargeOrder).set({ totalAmount: total }).where(eq(chargeOrder.id, order.id));
        await queueRollup(tx, order.id);
      });
    // (The server's own flush may run at any moment between the statements below: each check holds either way.)
    await db.transaction(async (tx) => {
      await queueRollup(tx, order.id);
      await queueRollup(tx, order.id); // noted twice, added once
      expect(await bucket(tx)).toBeNull(); // the closing transaction writes no rollup row
      expect(await tx.$count(analyticsPending, eq(analyticsPending.orderId, order.id))).toBe(1);
    });
    await applyPendingRollups(db);
    expect(await bucket()).toEqual({ n: 1, revenue: '2.50' });
    expect(await pending()).toBe(0);
    expect(await applyPendingRollups(db)).toBe(0);
    // Re-priced after it was added: subtracted, noted again, added with its new figures.
    await reprice('3.75', async (tx) => {
      expect(await bucket(tx)).toEqual({ n: 0, revenue: '0.00' });
    });
    await applyPendingRollups(db);
    expect(await bucket()).toEqual({ n: 1, revenue: '3.75' });
    // Re-priced while only noted: nothing to subtract, added once with the last figures.
    await reprice('1.00');
    await reprice('1.25');
    await applyPendingRollups(db);
    expect(await bucket()).toEqual({ n: 1, revenue: '1.25' });
    // A note rolled back with its transaction adds nothing.
    await db
      .transaction(async (tx) => {
        await queueRollup(tx, order.id);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await pending()).toBe(0);
  });

  it('answers a year of an operator (whole months from the monthly rollup) equal to its orders, also after a close', async () => {
    const year = async () => (await call(s, 'GET', '/sp/analytics?searchType=operator&search=ALPHA&period=1y', t.a.adminToken)).data;
    const check = async () => {
      const a = await year();
      const now = await fromOrders(a.startTime, a.endTime, 'ALPHA');
      const before = await fromOrders(a.previousStartTime, a.startTime, 'ALPHA');
      expect(a.totals).toMatchObject({ sessions: now.sessions, energyKwh: now.energy, revenue: [{ currency: 'EUR', amount: now.revenue }] });
      expect(a.previous).toMatchObject({ sessions: before.sessions, energyKwh: before.energy });
      expect(a.series.reduce((n: number, b: { sessions: number }) => n + b.sessions, 0)).toBe(now.sessions);
      return a;
    };
    const first = await check();
    // The monthly rollup holds every closed order of the company (the backfill and each close).
    const [rollup] = rowsOf(await s.database.db.execute(sql`SELECT coalesce(sum(sessions), 0)::int AS n FROM analytics_month WHERE company_code = 'ALPHA'`));
    const [orders] = rowsOf(
      await s.database.db.execute(sql`SELECT count(*)::int AS n FROM charge_order WHERE company_code = 'ALPHA' AND status IN ('FINISHED', 'CLOSED')`),
    );
    expect(rollup).toEqual(orders);
    // An order of last month closed now lands in last month's row of the monthly rollup.
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15, 12));
    const [open] = await s.database.db
      .insert(chargeOrder)
      .values({
        orderNo: 'AN-LAST-MONTH',
        companyCode: 'ALPHA',
        stationId: f.own.stationId,
        chargerId: f.own.chargerId,
        chargerSn: f.own.chargerSn,
        connectorId: 3,
        transactionId: 99951,
        idTag: 'T',
        idTagStatus: 'Accepted',
        chargerStartTime: lastMonth,
        meterStart: 0,
        currency: 'EUR',
      })
      .returning();
    expect((await call(s, 'PUT', `/sp/order/${open.id}/close`, t.a.adminToken, {})).code).toBe(200);
    const second = await check();
    expect(second.totals.sessions).toBe(first.totals.sessions + 1);
  });

  it('reaches only the caller’s scope', async () => {
    const beta = await call(s, 'GET', '/sp/analytics?searchType=operator&search=BETA&period=1y', t.a.adminToken);
    expect(beta.code).toBe(200);
    expect(beta.data.matched.count).toBe(0);
    expect(beta.data.totals.sessions).toBe(0);
    const far = await call(s, 'GET', `/sp/analytics?searchType=station&search=Faraway&period=1y`, f.manager.token);
    expect(far.data.matched.count).toBe(0);
    const mine = await call(s, 'GET', `/sp/analytics?searchType=operator&search=ALPHA&period=1y`, f.manager.token);
    const all = await call(s, 'GET', `/sp/analytics?searchType=operator&search=ALPHA&period=1y`, t.a.adminToken);
    expect(mine.data.totals.sessions).toBeLessThan(all.data.totals.sessions);
    expect((await call(s, 'GET', '/sp/analytics?search=x', t.staff.token)).code).toBe(403);
  });
});
