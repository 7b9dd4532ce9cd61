import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { appUser, cardUser, charger, chargeOrder, connector, station } from '../../server/db/schema.js';
import { demoServer, getJson } from '../support/demo.js';

const formats = new Map<string, Intl.DateTimeFormat>();
/** YYYY-MM-DD of `d` in `tz`. */
const dayIn = (d: Date, tz: string) => {
  let f = formats.get(tz);
  if (!f) formats.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(d);
};
/** YYYY-MM of `d` in `tz`. */
const monthIn = (d: Date, tz: string) => dayIn(d, tz).slice(0, 7);
const previousMonth = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

describe.each(backends())('dashboard on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let volta: string;
  const get = (token: string, url: string, headers: Record<string, string> = {}) => getJson(s, token, url, headers);

  /** The dashboard figures computed from plain rows in JavaScript. */
  async function expected(code: string | undefined, tz: string) {
    const db = s.database.db;
    const stations = (await db.select().from(station)).filter((x) => !code || x.companyCode === code);
    const chargers = (await db.select().from(charger)).filter((x) => !code || x.companyCode === code);
    const orders = (await db.select().from(chargeOrder)).filter((x) => !code || x.companyCode === code);
    const cards = (await db.select().from(cardUser)).filter((x) => !code || x.companyCode === code);
    const apps = (await db.select().from(appUser)).filter((x) => !code || x.companyCode === code);
    const billed = orders.filter((o) => o.status === 'FINISHED' || o.status === 'CLOSED');
    const sums = (field: 'totalAmount' | 'serviceFee') => {
      const m = new Map<string, Decimal>();
      for (const o of billed) m.set(o.currency, (m.get(o.currency) ?? new Decimal(0)).add(o[field]));
      return [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: amount.toFixed(2) }));
    };
    const thisMonth = monthIn(new Date(), tz);
    const lastMonth = previousMonth(thisMonth);
    const months = (rows: { createdAt: Date }[]) => ({
      total: rows.length,
      thisMonth: rows.filter((r) => monthIn(r.createdAt, tz) === thisMonth).length,
      lastMonth: rows.filter((r) => monthIn(r.createdAt, tz) === lastMonth).length,
    });
    const today = Date.parse(`${dayIn(new Date(), tz)}T00:00:00Z`);
    const days = Array.from({ length: 14 }, (_, i) => new Date(today - (13 - i) * 86_400_000).toISOString().slice(0, 10));
    const orderDay = new Map(orders.map((o) => [o.id, dayIn(o.chargerStartTime, tz)]));
    const energyByDay = days.map((day) => {
      const of = orders.filter((o) => orderDay.get(o.id) === day);
      return { day, orders: of.length, energyKwh: of.reduce((a, o) => a.add(o.energyKwh), new Decimal(0)).toFixed(3) };
    });
    const recent = [...orders]
      .sort((a, b) => b.chargerStartTime.getTime() - a.chargerStartTime.getTime() || b.id - a.id)
      .slice(0, 5)
      .map((o) => o.orderNo);
    return {
      stations: stations.length,
      chargers: chargers.length,
      orders: {
        count: orders.length,
        paid: orders.filter((o) => o.paid).length,
        unpaid: orders.filter((o) => !o.paid && o.status !== 'CHARGING').length,
        energyKwh: orders.reduce((a, o) => a.add(o.energyKwh), new Decimal(0)).toFixed(3),
        revenue: sums('totalAmount'),
        profit: sums('serviceFee'),
      },
      cardUsers: months(cards),
      appUsers: months(apps),
      ordersThisMonth: orders.filter((o) => orderDay.get(o.id)!.startsWith(thisMonth)).length,
      ordersLastMonth: orders.filter((o) => orderDay.get(o.id)!.startsWith(lastMonth)).length,
      energyByDay,
      recent,
    };
  }

  beforeAll(async () => {
    ({ s, admin, volta } = await demoServer(backend));
    // A few chargers online in different states for the split.
    const db = s.database.db;
    const set = async (sn: string, runStatus: string, status: string) => {
      const [c] = await db.update(charger).set({ online: true, runStatus }).where(eq(charger.serialNum, sn)).returning({ id: charger.id });
      await db.update(connector).set({ status }).where(eq(connector.chargerId, c.id));
    };
    await set('VOLTA00000000101', 'Available', 'Charging');
    await set('VOLTA00000000102', 'Available', 'Available');
    await set('VOLTA00000000103', 'Available', 'SuspendedEV');
    await set('HKEV000000000101', 'Faulted', 'Available');
    await set('HKEV000000000102', 'Available', 'Charging');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('equals the figures computed independently, for all companies in UTC', async () => {
    const { status, body } = await get(admin, '/sp/dashboard');
    expect(status).toBe(200);
    const d = body.data;
    const e = await expected(undefined, 'UTC');
    expect(d).toMatchObject({
      stations: e.stations,
      chargers: e.chargers,
      orders: e.orders,
      cardUsers: e.cardUsers,
      appUsers: e.appUsers,
      ordersThisMonth: e.ordersThisMonth,
      ordersLastMonth: e.ordersLastMonth,
      energyByDay: e.energyByDay,
    });
    expect(d.split).toEqual({ available: 1, charging: 2, occupied: 1, faulty: 1, offline: e.chargers - 5 });
    expect(d.chargersInUse).toBe(3);
    expect(d.faultyChargers).toBe(1);
    expect(d.orders.revenue.map((r: { currency: string }) => r.currency)).toEqual(['EUR', 'HKD']);
    expect(Number(d.orders.revenue[0].amount)).toBeGreaterThan(0);
    expect(d.recentOrders.map((o: { orderNo: string }) => o.orderNo)).toEqual(e.recent);
    expect(d.recentOrders[0]).toHaveProperty('totalAmount');
    expect(d.energyByDay).toHaveLength(14);
    expect(d.energyByDay.filter((x: { orders: number }) => x.orders > 0).length).toBeGreaterThanOrEqual(13);
  });

  it('uses the caller time zone for days and months', async () => {
    for (const tz of ['Asia/Hong_Kong', 'America/Los_Angeles']) {
      const { body } = await get(admin, '/sp/dashboard?companyCode=HKEV', { 'time-zone': tz });
      const e = await expected('HKEV', tz);
      expect(body.data.energyByDay).toEqual(e.energyByDay);
      expect(body.data.ordersThisMonth).toBe(e.ordersThisMonth);
      expect(body.data.ordersLastMonth).toBe(e.ordersLastMonth);
      expect(body.data.cardUsers).toEqual(e.cardUsers);
    }
    const bogus = await get(admin, '/sp/dashboard', { 'time-zone': 'Mars/Olympus' });
    expect(bogus.body.data.energyByDay).toEqual((await expected(undefined, 'UTC')).energyByDay);
  });

  it('lets an administrator pick a company', async () => {
    const { body } = await get(admin, '/sp/dashboard?companyCode=HKEV');
    const e = await expected('HKEV', 'UTC');
    expect(body.data).toMatchObject({ stations: e.stations, chargers: e.chargers, orders: e.orders });
    expect(body.data.orders.revenue.map((r: { currency: string }) => r.currency)).toEqual(['HKD']);
    expect(body.data.split.faulty).toBe(1);
    expect(body.data.split.charging).toBe(1);
  });

  it('holds company users to their own company (709 for another)', async () => {
    const { body } = await get(volta, '/sp/dashboard');
    const e = await expected('VOLTA', 'UTC');
    expect(body.data).toMatchObject({ stations: e.stations, chargers: e.chargers, orders: e.orders, cardUsers: e.cardUsers });
    expect(body.data.recentOrders.every((o: { companyCode: string }) => o.companyCode === 'VOLTA')).toBe(true);
    const other = await get(volta, '/sp/dashboard?companyCode=HKEV');
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(709);
    const own = await get(volta, '/sp/dashboard?companyCode=VOLTA');
    expect(own.body.data.stations).toBe(e.stations);
  });
});
