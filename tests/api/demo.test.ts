import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { asc, count, eq } from 'drizzle-orm';
import { backends, freshDatabase } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { DEMO_COMPANY_CODES, DEMO_PASSWORD, STAFF_PERMISSIONS, demoGatewaySerial, loadDemoIfEmpty } from '../../fake-db/index.js';
import { IDENTITY_PATTERN } from '../../domain/entities/gateway.js';
import type { Db } from '../../server/db/client.js';
import {
  account, appUser, cardUser, charger, chargeOrder, company, connector, gateway, meterValue, notification, orderExportSetting, role, station, stationGroup,
} from '../../server/db/schema.js';
import { allPermissions } from '../../domain/routes.js';

/** A fixed instant so two loads place every order at the same time. */
const NOW = new Date('2026-03-18T10:30:00Z');

async function snapshot(db: Db) {
  return {
    sns: (await db.select({ v: charger.serialNum, gw: charger.gatewaySn }).from(charger).orderBy(asc(charger.serialNum))),
    gateways: (await db.select({ v: gateway.serialNum, st: gateway.stationId, life: gateway.lifeStatus, fw: gateway.firmwareVersion }).from(gateway).orderBy(asc(gateway.serialNum))),
    cards: (await db.select({ v: cardUser.cardNumber, b: cardUser.balance }).from(cardUser).orderBy(asc(cardUser.cardNumber))),
    orders: (await db.select({ no: chargeOrder.orderNo, tx: chargeOrder.transactionId, kwh: chargeOrder.energyKwh, total: chargeOrder.totalAmount, start: chargeOrder.chargerStartTime })
      .from(chargeOrder).orderBy(asc(chargeOrder.orderNo))),
    meterValues: (await db.select({ n: count() }).from(meterValue))[0].n,
  };
}

describe.each(backends())('demo network on %s', (backend) => {
  let s: TestServer;
  let counts: Awaited<ReturnType<typeof loadDemoIfEmpty>>['counts'];

  beforeAll(async () => {
    s = await build(backend);
    const res = await loadDemoIfEmpty(s.database.db, { now: NOW });
    expect(res.loaded).toBe(true);
    counts = res.counts;
  });
  afterAll(async () => { await s?.close(); });

  it('is deterministic: a second fresh database gets the same rows', async () => {
    const other = await freshDatabase(backend);
    try {
      await loadDemoIfEmpty(other.db, { now: NOW });
      const a = await snapshot(s.database.db);
      const b = await snapshot(other.db);
      expect(b).toEqual(a);
      expect(a.orders.length).toBe(counts!.orders);
    } finally {
      await other.close();
    }
  });

  it('is skipped on a database that already has a company', async () => {
    const before = await snapshot(s.database.db);
    expect(await loadDemoIfEmpty(s.database.db, { now: NOW })).toEqual({ loaded: false });
    expect(await snapshot(s.database.db)).toEqual(before);
    const other = await freshDatabase(backend);
    try {
      await other.db.insert(company).values({ code: 'ACME', name: 'Acme', currency: 'USD' });
      expect(await loadDemoIfEmpty(other.db)).toEqual({ loaded: false });
      expect((await other.db.select({ n: count() }).from(charger))[0].n).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('creates two companies in different currencies with groups, stations and chargers', async () => {
    const db = s.database.db;
    const companies = await db.select().from(company).orderBy(asc(company.code));
    expect(companies.map((c) => c.code).sort()).toEqual([...DEMO_COMPANY_CODES].sort());
    expect(new Set(companies.map((c) => c.currency)).size).toBe(2);
    for (const c of companies) {
      const groups = await db.select().from(stationGroup).where(eq(stationGroup.companyCode, c.code));
      expect(groups.filter((g) => g.isDefault)).toHaveLength(1);
      const stations = await db.select().from(station).where(eq(station.companyCode, c.code));
      expect(stations.length).toBeGreaterThanOrEqual(5);
      for (const st of stations) {
        expect(Number(st.latitude)).not.toBe(0);
        expect(Number(st.longitude)).not.toBe(0);
        expect(st.maintainer).toBeTruthy();
        expect(st.rateTemplateId).not.toBeNull();
        const n = (await db.select({ n: count() }).from(charger).where(eq(charger.stationId, st.id)))[0].n;
        expect(n).toBeGreaterThanOrEqual(3);
        expect(n).toBeLessThanOrEqual(6);
      }
    }
    const chargers = await db.select().from(charger);
    expect(new Set(chargers.map((c) => c.serialNum)).size).toBe(chargers.length);
    for (const c of chargers) {
      expect(c.serialNum).toHaveLength(16);
      expect(c.serialNum.startsWith(c.companyCode)).toBe(true);
      expect(c.online).toBe(false);
      expect(c.installationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(c.equipmentNumber).toBeTruthy();
      expect(Number(c.ratedPowerKw)).toBeGreaterThan(0);
      const k = await db.select().from(connector).where(eq(connector.chargerId, c.id));
      expect(k.length).toBeGreaterThanOrEqual(1);
      expect(k.length).toBeLessThanOrEqual(2);
    }
  });

  it('creates gateways at some stations, named by their station\'s chargers', async () => {
    const db = s.database.db;
    const gateways = await db.select().from(gateway).orderBy(asc(gateway.id));
    const stations = new Map((await db.select().from(station)).map((st) => [st.id, st]));
    const chargers = await db.select().from(charger);
    expect(counts!.gateways).toBe(gateways.length);
    for (const code of DEMO_COMPANY_CODES) {
      const own = gateways.filter((g) => g.companyCode === code);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own[0].serialNum).toBe(demoGatewaySerial(code, 1));
    }
    expect(gateways.some((g) => g.lifeStatus === 'INACTIVE')).toBe(true);
    expect(gateways.filter((g) => g.lifeStatus === 'ACTIVE').length).toBeGreaterThan(gateways.length / 2);
    for (const g of gateways) {
      // every gateway sits at an existing station of its own company, at most one per station
      const st = stations.get(g.stationId!);
      expect(st?.companyCode).toBe(g.companyCode);
      expect(gateways.filter((x) => x.stationId === g.stationId)).toHaveLength(1);
      expect(g.serialNum).toHaveLength(16);
      expect(g.serialNum).toMatch(IDENTITY_PATTERN);
      expect(g.firmwareVersion).toBeTruthy();
      expect(g.online).toBe(false);
      // all chargers of that station, and only those, name it
      const named = chargers.filter((c) => c.gatewaySn === g.serialNum);
      expect(named.length).toBeGreaterThanOrEqual(3);
      expect(named.map((c) => c.id).sort()).toEqual(chargers.filter((c) => c.stationId === g.stationId).map((c) => c.id).sort());
    }
    // a charger's gateway exists and is at the charger's station; stations without a gateway have none
    const bySn = new Map(gateways.map((g) => [g.serialNum, g]));
    for (const c of chargers) {
      if (c.gatewaySn === null) {
        expect(gateways.some((g) => g.stationId === c.stationId)).toBe(false);
        continue;
      }
      expect(bySn.get(c.gatewaySn)?.stationId).toBe(c.stationId);
    }
    // one OCPP identity namespace: no SN is both a charger and a gateway
    const all = [...chargers.map((c) => c.serialNum), ...gateways.map((g) => g.serialNum)];
    expect(new Set(all.map((sn) => sn.toLowerCase())).size).toBe(all.length);
  });

  it('creates users, roles and accounts that can sign in with the demo password', async () => {
    const db = s.database.db;
    for (const code of DEMO_COMPANY_CODES) {
      const cards = await db.select().from(cardUser).where(eq(cardUser.companyCode, code));
      expect(cards.length).toBeGreaterThanOrEqual(20);
      expect(cards.length).toBeLessThanOrEqual(40);
      expect(cards.some((c) => Number(c.balance) > 0)).toBe(true);
      expect((await db.select({ n: count() }).from(appUser).where(eq(appUser.companyCode, code)))[0].n).toBeGreaterThan(0);
      const [adminRole] = await db.select().from(role).where(eq(role.code, `${code}_ADMIN`));
      expect(adminRole.permissions.sort()).toEqual(allPermissions().filter((p) => p.startsWith('menu:')).sort());
      const [staffRole] = await db.select().from(role).where(eq(role.code, `${code}_STAFF`));
      expect(staffRole.permissions).toEqual(STAFF_PERMISSIONS);
      const accounts = await db.select().from(account).where(eq(account.companyCode, code));
      expect(accounts.map((a) => a.userType).sort()).toEqual(['OPERATOR_ADMIN', 'STAFF', 'STATION_MANAGER']);
      expect((await db.select({ n: count() }).from(notification).where(eq(notification.companyCode, code)))[0].n).toBeGreaterThan(0);
    }
    const token = await s.login('volta.admin', DEMO_PASSWORD);
    const info = await s.app.inject({ method: 'GET', url: '/sp/user/info', headers: { authorization: `Bearer ${token}` } });
    expect(info.json().data).toMatchObject({ userName: 'volta.admin', companyCode: 'VOLTA', roles: ['VOLTA_ADMIN'] });
    await expect(s.login('hkev.staff', DEMO_PASSWORD)).resolves.toBeTruthy();
  });

  it('fills order export settings with a PNG logo for every operator, so a paid order\'s tax invoice prints', async () => {
    const db = s.database.db;
    const rows = await db.select().from(orderExportSetting).orderBy(asc(orderExportSetting.companyCode));
    expect(rows.map((r) => r.companyCode)).toEqual([...DEMO_COMPANY_CODES].sort());
    for (const r of rows) {
      expect(r.operatorCompanyName && r.address && r.serviceFeeTitle && r.electricityFeeTitle).toBeTruthy();
      expect(r.logoType).toBe('image/png');
      const bytes = Buffer.from(r.logoData, 'base64');
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(bytes.length).toBeLessThan(200 * 1024);
    }
    for (const code of DEMO_COMPANY_CODES) {
      const token = await s.login(`${code.toLowerCase()}.admin`, DEMO_PASSWORD);
      const get = (url: string) => s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect((await get('/sp/order-export-setting')).json().data.logo).toMatch(/^data:image\/png;base64,/);
      const paid = (await get('/sp/order?paid=true&size=1')).json().data.records[0];
      const res = await get(`/sp/order/${paid.id}/invoice`);
      expect(res.statusCode, `${code} invoice`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
  });

  it('creates three weeks of consistent, non-overlapping finished orders', async () => {
    const db = s.database.db;
    const orders = await db.select().from(chargeOrder).orderBy(asc(chargeOrder.chargerId), asc(chargeOrder.connectorId), asc(chargeOrder.chargerStartTime));
    expect(orders.length).toBeGreaterThan(500);
    const first = Math.min(...orders.map((o) => o.chargerStartTime.getTime()));
    expect(NOW.getTime() - first).toBeGreaterThan(20 * 86_400_000);
    expect(orders.filter((o) => o.paid).length / orders.length).toBeGreaterThan(0.7);
    const currencyOf = new Map((await db.select().from(company)).map((c) => [c.code, c.currency]));
    let prev: (typeof orders)[number] | undefined;
    let crossing = 0;
    for (const o of orders) {
      expect(o.status).toBe('FINISHED');
      expect(o.currency).toBe(currencyOf.get(o.companyCode));
      expect(o.chargerStopTime!.getTime()).toBeLessThan(NOW.getTime());
      const kwh = Number(o.energyKwh);
      expect(kwh).toBeGreaterThanOrEqual(5);
      expect(kwh).toBeLessThanOrEqual(60);
      expect(new Decimal(o.meterStop!).sub(o.meterStart).div(1000).toFixed(3)).toBe(o.energyKwh);
      expect(new Decimal(o.electricityFee).add(o.serviceFee).toFixed(2)).toBe(o.cost);
      expect(new Decimal(o.cost).add(o.taxAmount).toFixed(2)).toBe(o.totalAmount);
      expect(o.cardUserId !== null || o.appUserId !== null).toBe(true);
      const b = o.breakdown as { segments: { energyKwh: string; electricityFeePerKwh: string; amount: string }[] };
      expect(b.segments.reduce((a, x) => a.add(x.amount), new Decimal(0)).toFixed(2)).toBe(o.electricityFee);
      expect(b.segments.reduce((a, x) => a.add(x.energyKwh), new Decimal(0)).toFixed(3)).toBe(o.energyKwh);
      for (const x of b.segments) expect(new Decimal(x.energyKwh).mul(x.electricityFeePerKwh).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)).toBe(x.amount);
      if (b.segments.length > 1) crossing++;
      if (prev && prev.chargerId === o.chargerId && prev.connectorId === o.connectorId) {
        expect(o.chargerStartTime.getTime()).toBeGreaterThan(prev.chargerStopTime!.getTime());
        expect(o.meterStart).toBeGreaterThanOrEqual(prev.meterStop!);
      }
      prev = o;
    }
    // Some sessions span two time-of-use windows (early morning, late evening).
    expect(crossing).toBeGreaterThan(0);
    const sampled = await db.selectDistinct({ tx: meterValue.transactionId }).from(meterValue);
    expect(sampled.length).toBeGreaterThan(10);
    expect(sampled.length).toBeLessThan(orders.length / 5);
  });
});
