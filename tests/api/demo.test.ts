import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { asc, count, eq } from 'drizzle-orm';
import { backends, freshDatabase } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { DEMO_COMPANY_CODES, DEMO_PASSWORD, STAFF_PERMISSIONS, demoGatewaySerial, loadDemoIfEmpty } from '../../fake-db/index.js';
import { IDENTITY_PATTERN } from '../../domain/entities/gateway.js';
import { ORDER_NO_PATTERN } from '../../domain/order-number.js';
import type { Db } from '../../server/db/client.js';
import {
  account,
  appUser,
  cardUser,
  charger,
  chargeOrder,
  company,
  connector,
  gateway,
  meterValue,
  notification,
  orderExportSetting,
  reportTicket,
  reportTicketAttachment,
  role,
  station,
  stationGroup,
} from '../../server/db/schema.js';
import { operatorAdminPermissions, systemSectionPermissions } from '../../server/modules/company/service.js';
import { ledgerSum } from '../../server/modules/balance/ledger.js';
import { priceFinishedOrder } from '../../server/modules/billing/price-order.js';

/** A fixed instant so two loads place every order at the same time. */
const NOW = new Date('2026-03-18T10:30:00Z');

async function snapshot(db: Db) {
  return {
    sns: await db.select({ v: charger.serialNum, gw: charger.gatewaySn }).from(charger).orderBy(asc(charger.serialNum)),
    gateways: await db
      .select({ v: gateway.serialNum, st: gateway.stationId, life: gateway.lifeStatus, fw: gateway.firmwareVersion })
      .from(gateway)
      .orderBy(asc(gateway.serialNum)),
    cards: await db.select({ v: cardUser.cardNumber, b: cardUser.balance }).from(cardUser).orderBy(asc(cardUser.cardNumber)),
    orders: await db
      .select({
        no: chargeOrder.orderNo,
        tx: chargeOrder.transactionId,
        kwh: chargeOrder.energyKwh,
        total: chargeOrder.totalAmount,
        start: chargeOrder.chargerStartTime,
      })
      .from(chargeOrder)
      .orderBy(asc(chargeOrder.orderNo)),
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
  afterAll(async () => {
    await s?.close();
  });

  it('is deterministic: a second fresh database gets the same rows', async () => {
    const other = await freshDatabase(backend);
    try {
      await loadDemoIfEmpty(other.db, { now: NOW });
      const a = await snapshot(s.database.db);
      const b = await snapshot(other.db);
      expect(b).toEqual(a);
      expect(a.orders.length).toBe(counts!.orders);
      // One order-number format for the demo history and live sessions alike (R3.10).
      expect(a.orders.filter((o) => !ORDER_NO_PATTERN.test(o.no))).toEqual([]);
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

  it("creates gateways at some stations, named by their station's chargers", async () => {
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
      expect(named.map((c) => c.id).sort()).toEqual(
        chargers
          .filter((c) => c.stationId === g.stationId)
          .map((c) => c.id)
          .sort(),
      );
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
      const [adminRole] = await db
        .select()
        .from(role)
        .where(eq(role.code, `${code}_ADMIN`));
      // docs/access-control.md: an operator's administrator holds every menu except the System section.
      expect(adminRole.permissions.sort()).toEqual(
        operatorAdminPermissions()
          .filter((p) => p.startsWith('menu:'))
          .sort(),
      );
      expect(adminRole.permissions.filter((p) => systemSectionPermissions().includes(p) || p.startsWith('menu:system:')).sort()).toEqual([
        'menu:system',
        'menu:system:deviceversion',
      ]);
      const [staffRole] = await db
        .select()
        .from(role)
        .where(eq(role.code, `${code}_STAFF`));
      expect(staffRole.permissions).toEqual(STAFF_PERMISSIONS);
      const accounts = await db.select().from(account).where(eq(account.companyCode, code));
      expect(accounts.map((a) => a.userType).sort()).toEqual(['OPERATOR_ADMIN', 'STAFF', 'STATION_MANAGER']);
      expect((await db.select({ n: count() }).from(notification).where(eq(notification.companyCode, code)))[0].n).toBeGreaterThan(0);
      // Report tickets: open (with a photo), replied and closed, each a notice of the bell.
      const tickets = await db.select().from(reportTicket).where(eq(reportTicket.companyCode, code));
      expect(tickets.map((t) => t.status).sort()).toEqual(['CLOSED', 'OPEN', 'REPLIED']);
      const photos = await db
        .select()
        .from(reportTicketAttachment)
        .where(eq(reportTicketAttachment.ticketId, tickets.find((t) => t.status === 'OPEN')!.id));
      expect(photos).toHaveLength(1);
      const notices = await db.select().from(notification).where(eq(notification.kind, 'REPORT_TICKET'));
      for (const t of tickets) expect(notices.some((n) => n.ticketNo === t.serialNum && n.companyCode === code)).toBe(true);
    }
    const token = await s.login('volta.admin', DEMO_PASSWORD);
    const info = await s.app.inject({ method: 'GET', url: '/sp/user/info', headers: { authorization: `Bearer ${token}` } });
    expect(info.json().data).toMatchObject({ userName: 'volta.admin', companyCode: 'VOLTA', roles: ['VOLTA_ADMIN'] });
    await expect(s.login('hkev.staff', DEMO_PASSWORD)).resolves.toBeTruthy();
  });

  it("fills order export settings with a PNG logo for every operator, so a paid order's tax invoice prints", async () => {
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

  it('follows physics: energy ≤ rated power × duration, meter curves consistent with the energy', async () => {
    const db = s.database.db;
    const rated = new Map((await db.select({ id: charger.id, kw: charger.ratedPowerKw }).from(charger)).map((c) => [c.id, Number(c.kw) * 1000]));
    const orders = await db.select().from(chargeOrder);
    for (const o of orders) {
      const wh = o.meterStop! - o.meterStart;
      const hours = (o.chargerStopTime!.getTime() - o.chargerStartTime.getTime()) / 3_600_000;
      expect(wh, o.orderNo).toBeLessThanOrEqual(rated.get(o.chargerId!)! * hours);
    }
    const byTx = new Map(orders.map((o) => [o.transactionId, o]));
    const samples = await db.select().from(meterValue).orderBy(asc(meterValue.transactionId), asc(meterValue.timestamp));
    const series = new Map<number, { energy: number[]; power: number[]; at: number[] }>();
    for (const v of samples) {
      const x = series.get(v.transactionId!) ?? { energy: [], power: [], at: [] };
      if (v.measurand === 'Energy.Active.Import.Register') {
        x.energy.push(Number(v.value));
        x.at.push(v.timestamp.getTime());
      }
      if (v.measurand === 'Power.Active.Import') x.power.push(Number(v.value));
      series.set(v.transactionId!, x);
    }
    for (const [tx, x] of series) {
      const o = byTx.get(tx)!;
      for (const p of x.power) expect(p).toBeLessThanOrEqual(rated.get(o.chargerId!)! * 1.03);
      // ∫ power dt over the samples (left rule) ≈ the register's growth, within 10 % + one interval.
      let integral = 0;
      for (let i = 1; i < x.at.length; i++) integral += (x.power[i - 1] * (x.at[i] - x.at[i - 1])) / 3_600_000;
      const grown = x.energy[x.energy.length - 1] - x.energy[0];
      expect(Math.abs(integral - grown), o.orderNo).toBeLessThanOrEqual(grown * 0.1 + Math.max(...x.power) / 12);
    }
  });

  it('has a ledger behind every balance (Σ ledger = balance for every card and app user) and one session at a time per card', async () => {
    const db = s.database.db;
    const holders = [
      ...(await db.select({ id: cardUser.id, balance: cardUser.balance }).from(cardUser)).map((h) => ({ type: 'CARD' as const, ...h })),
      ...(await db.select({ id: appUser.id, balance: appUser.balance }).from(appUser)).map((h) => ({ type: 'APP' as const, ...h })),
    ];
    expect(holders.length).toBeGreaterThan(40);
    for (const h of holders) expect(await ledgerSum(db, h.type, h.id), `${h.type} ${h.id}`).toBe(new Decimal(h.balance).toFixed(2));
    const orders = await db
      .select({ idTag: chargeOrder.idTag, start: chargeOrder.chargerStartTime, stop: chargeOrder.chargerStopTime })
      .from(chargeOrder)
      .orderBy(asc(chargeOrder.idTag), asc(chargeOrder.chargerStartTime));
    for (let i = 1; i < orders.length; i++) {
      if (orders[i].idTag === orders[i - 1].idTag) expect(orders[i].start.getTime(), orders[i].idTag).toBeGreaterThan(orders[i - 1].stop!.getTime());
    }
  });

  it('spreads orders evenly over the days (no day above 1.6 × the median)', async () => {
    const db = s.database.db;
    const orders = await db.select({ start: chargeOrder.chargerStartTime, company: chargeOrder.companyCode }).from(chargeOrder);
    for (const code of DEMO_COMPANY_CODES) {
      const perDay = new Map<string, number>();
      for (const o of orders.filter((x) => x.company === code)) {
        const day = o.start.toISOString().slice(0, 10);
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
      }
      const days = [...perDay.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .slice(1, -1)
        .map(([, n]) => n);
      const median = [...days].sort((a, b) => a - b)[Math.floor(days.length / 2)];
      expect(Math.max(...days), code).toBeLessThanOrEqual(median * 1.6);
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
      expect(o.cardUserId !== null || o.appUserId !== null).toBe(true);
      const b = o.breakdown as { windows: { energyKwh: string; fee: string }[]; exact: { electricityFee: string; energyKwh: string } };
      expect(b.windows.reduce((a, x) => a.add(x.fee), new Decimal(0)).toString()).toBe(b.exact.electricityFee);
      expect(b.windows.reduce((a, x) => a.add(x.energyKwh), new Decimal(0)).toFixed(3)).toBe(o.energyKwh);
      if (b.windows.filter((x) => new Decimal(x.energyKwh).gt(0)).length > 1) crossing++;
      if (prev && prev.chargerId === o.chargerId && prev.connectorId === o.connectorId) {
        expect(o.chargerStartTime.getTime()).toBeGreaterThan(prev.chargerStopTime!.getTime());
        expect(o.meterStart).toBeGreaterThanOrEqual(prev.meterStop!);
      }
      prev = o;
    }
    // Every demo order is priced by domain/billing itself: re-pricing it as a real Stop would gives the same figures.
    const sample = orders.filter((_o, i) => i % 40 === 0 || i % 25 === 0);
    for (const o of sample) {
      const p = await priceFinishedOrder(db, {
        chargerId: o.chargerId,
        stationId: o.stationId,
        transactionId: o.transactionId,
        currency: o.currency,
        meterStart: o.meterStart,
        meterStop: o.meterStop!,
        chargerStartTime: o.chargerStartTime,
        chargerStopTime: o.chargerStopTime!,
        serverStartTime: o.chargerStartTime,
        serverStopTime: o.chargerStopTime!,
      });
      expect({ e: p.electricityFee, s: p.serviceFee, t: p.taxAmount, total: p.totalAmount }, o.orderNo).toEqual({
        e: o.electricityFee,
        s: o.serviceFee,
        t: o.taxAmount,
        total: o.totalAmount,
      });
    }
    // Some sessions span two time-of-use windows (early morning, late evening).
    expect(crossing).toBeGreaterThan(0);
    const sampled = await db.selectDistinct({ tx: meterValue.transactionId }).from(meterValue);
    expect(sampled.length).toBeGreaterThan(10);
    expect(sampled.length).toBeLessThan(orders.length / 5);
  });
});
