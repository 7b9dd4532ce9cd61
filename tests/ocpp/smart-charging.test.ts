import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCard, aCharger, aNetwork, aStation, aTwoWindowTariff } from '../support/builders.js';
import { cardUser, chargeOrder, rateDetail, rateTemplate, station, stationLoad } from '../../server/db/schema.js';
import { ChargePoint } from '../../sim/charge-point.js';
import { forgetOrder, guardBalance } from '../../server/modules/balance-guard/service.js';
import { eventually } from './helpers.js';

describe.each(backends())('smart charging, load balancing and balance-aware charging on %s', (backend) => {
  let s: TestServer;
  let auth: Record<string, string>;
  let net: Awaited<ReturnType<typeof aNetwork>>;
  const sims: ChargePoint[] = [];
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    s.app.inject({ method, url, payload: payload as object, headers: auth }).then((r) => r.json());
  const aSim = async (identity: string, o: { connectors?: number; ratedPowerW?: number; meterIntervalMs?: number } = {}) => {
    const cp = new ChargePoint({
      url: s.ocppUrl,
      identity,
      connectors: o.connectors ?? 1,
      ratedPowerW: o.ratedPowerW ?? 22_000,
      meterIntervalMs: o.meterIntervalMs ?? 150,
      reconnect: false,
    });
    sims.push(cp);
    await cp.start();
    return cp;
  };

  beforeAll(async () => {
    s = await build(backend, { commandTimeoutMs: 2000 });
    auth = { authorization: `Bearer ${await s.login()}` };
    net = await aNetwork(s.database.db);
    await s.database.db.update(station).set({ timeZone: 'UTC' }).where(eq(station.id, net.station.id));
  });
  afterAll(async () => {
    for (const cp of sims) await cp.stop().catch(() => undefined);
    await s?.close();
  });

  it('sends a schedule as a charging profile and GetCompositeSchedule shows it; the rules answer 614 / 615', async () => {
    await aSim(net.charger.serialNum);
    const body = {
      name: 'Night and day',
      target: 'CHARGER',
      chargerId: net.charger.id,
      purpose: 'ChargePointMaxProfile',
      defaultLimitA: 16,
      windows: [
        { startTime: '00:00', endTime: '12:00', limitA: 10 },
        { startTime: '12:00', endTime: '24:00', limitA: 20 },
      ],
    };
    expect((await call('POST', '/sp/charging-schedule', { ...body, windows: [{ startTime: '', endTime: '06:00', limitA: 10 }] })).code).toBe(615);
    expect((await call('POST', '/sp/charging-schedule', { ...body, windows: [{ startTime: '01:00', endTime: '06:00' }] })).code).toBe(614);
    // Each rule its own code and message, naming what is wrong (issue 24 item 12).
    const reversed = await call('POST', '/sp/charging-schedule', { ...body, windows: [{ startTime: '05:00', endTime: '04:00', limitA: 3 }] });
    expect(reversed.code).toBe(787);
    expect(reversed.data.errors['windows.0.endTime']).toBe(
      'A schedule window must end after it starts: set a later end time (24:00 at the latest) (05:00–04:00)',
    );
    const overlap = await call('POST', '/sp/charging-schedule', {
      ...body,
      windows: [
        { startTime: '18:00', endTime: '22:00', limitA: 3 },
        { startTime: '20:00', endTime: '23:00', limitA: 3 },
      ],
    });
    expect(overlap.code).toBe(788);
    expect(overlap.data.codes).toEqual({ 'windows.1.startTime': 788 });
    expect(overlap.data.errors['windows.1.startTime']).toContain('(18:00–22:00, 20:00–23:00)');
    const overlapZh = await s.app.inject({
      method: 'POST',
      url: '/sp/charging-schedule',
      payload: {
        ...body,
        windows: [
          { startTime: '18:00', endTime: '22:00', limitA: 3 },
          { startTime: '20:00', endTime: '23:00', limitA: 3 },
        ],
      },
      headers: { ...auth, cookie: 'language=zh' },
    });
    expect(overlapZh.statusCode).toBe(400);
    expect(overlapZh.json().data.errors['windows.1.startTime']).toBe('时段重叠：请移动或缩短其中一个时段，使任何时间只属于一个时段 (18:00–22:00, 20:00–23:00)');
    const tooHigh = await call('POST', '/sp/charging-schedule', { ...body, windows: [{ startTime: '00:00', endTime: '24:00', limitA: 501 }] });
    expect(tooHigh.code).toBe(791);
    expect(tooHigh.data.codes).toEqual({ 'windows.0.limitA': 791 });
    expect((await call('POST', '/sp/charging-schedule', { ...body, defaultLimitA: -1 })).code).toBe(791);
    // The station's total (grid connection limit) caps every limit.
    await s.database.db.insert(stationLoad).values({ stationId: net.station.id, companyCode: net.company.code, gridLimitA: 32 });
    const over = await call('POST', '/sp/charging-schedule', { ...body, windows: [{ startTime: '00:00', endTime: '24:00', limitA: 40 }] });
    expect(over.code).toBe(789);
    expect(Object.keys(over.data.codes)).toEqual(['windows.0.limitA']);
    expect(over.data.errors['windows.0.limitA']).toContain("above the station's total");
    expect(over.data.errors['windows.0.limitA']).toContain('(40 A > 32 A)');
    // Every limit above the total at once.
    const allOver = await call('POST', '/sp/charging-schedule', {
      ...body,
      defaultLimitA: 33,
      windows: [
        { startTime: '00:00', endTime: '06:00', limitA: 40 },
        { startTime: '06:00', endTime: '07:00', limitA: 8 },
        { startTime: '07:00', endTime: '08:00', limitA: 50 },
      ],
    });
    expect(Object.keys(allOver.data.codes).sort()).toEqual(['defaultLimitA', 'windows.0.limitA', 'windows.2.limitA']);
    // What caps a schedule there, as the console's form asks before sending.
    expect((await call('GET', `/sp/charging-schedule/limits?chargerId=${net.charger.id}`)).data).toEqual({
      capA: 32,
      stationTotalA: 32,
      homeMaxA: null,
      stationId: net.station.id,
      timeZone: 'UTC',
    });
    expect((await call('GET', `/sp/charging-schedule/limits?stationId=${net.station.id}`)).data).toMatchObject({ capA: 32, timeZone: 'UTC' });
    expect((await call('GET', '/sp/charging-schedule/limits')).code).toBe(602);
    expect((await call('GET', '/sp/charging-schedule/limits?chargerId=99999999')).code).toBe(800);
    expect((await call('GET', '/sp/charging-schedule/limits?stationId=99999999')).code).toBe(801);

    const made = await call('POST', '/sp/charging-schedule', body);
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ target: 'CHARGER', chargerSn: net.charger.serialNum, stationTotalA: 32, timeZone: 'UTC' });
    const sent = await call('POST', `/sp/charging-schedule/${made.data.id}/send`);
    expect(sent.data.lastSent.results).toEqual([
      expect.objectContaining({ result: 'ACCEPTED', answer: { status: 'Accepted' }, chargerSn: net.charger.serialNum }),
    ]);
    const comp = await call('GET', `/sp/charger/${net.charger.id}/composite-schedule?connectorId=0&duration=86400`);
    expect(comp.code).toBe(200);
    const limits = comp.data.periods.map((p: { limit: number }) => p.limit);
    expect(limits).toEqual(expect.arrayContaining([10, 20]));
    expect(comp.data.periods[0]).toMatchObject({ startPeriod: 0, limit: new Date().getUTCHours() < 12 ? 10 : 20 });
    const cleared = await call('POST', `/sp/charging-schedule/${made.data.id}/clear`);
    expect(cleared.data.lastSent.results[0]).toMatchObject({ action: 'ClearChargingProfile', result: 'ACCEPTED' });
    const after = await call('GET', `/sp/charger/${net.charger.id}/composite-schedule?connectorId=0&duration=3600`);
    expect(after.data.periods).toEqual([{ startPeriod: 0, limit: 32 }]);
  });

  it('shares a 32 A station limit among three sessions, the measured currents follow, and an ended session gives its share back', async () => {
    const st = await aStation(s.database.db, net.company.code, { timeZone: 'UTC' });
    const ch = await aCharger(s.database.db, net.company.code, { stationId: st.id });
    const cp = await aSim(ch.serialNum, { connectors: 3 });
    const set = await call('PUT', `/sp/station/${st.id}/load-balancing`, { gridLimitA: 32, minCurrentA: 6, fallbackCurrentA: 8 });
    expect(set.data).toMatchObject({ gridLimitA: 32, minCurrentA: 6, fallbackCurrentA: 8, connectors: [] });
    const cards = await Promise.all([1, 2, 3].map(() => aCard(s.database.db, net.company.code)));
    const runs = cards.map((c, i) => cp.runSession(i + 1, c.cardNumber, 60_000, false));
    const balanced = await eventually(async () => {
      const l = (await call('GET', `/sp/station/${st.id}/load-balancing`)).data;
      const ok =
        l.connectors.length === 3 &&
        l.connectors.every(
          (c: { allottedA: number; measuredA: number | null; measuredAt: string | null; answer: string }) =>
            c.allottedA === 10.6 && c.answer === 'Accepted' && c.measuredA !== null && c.measuredA <= 10.6 && c.measuredA >= 9,
        );
      return ok ? l : undefined;
    }, 200);
    expect(balanced.connectors.map((c: { connectorId: number }) => c.connectorId)).toEqual([1, 2, 3]);
    // One session ends: the other two get 16 A each and draw it.
    expect((await call('POST', `/sp/charger/${ch.id}/command/remote-stop`, { connectorId: 1 })).code).toBe(200);
    await eventually(async () => {
      const l = (await call('GET', `/sp/station/${st.id}/load-balancing`)).data;
      return (
        l.connectors.length === 2 &&
        l.connectors.every((c: { allottedA: number; measuredA: number | null }) => c.allottedA === 16 && c.measuredA !== null && c.measuredA > 14)
      );
    }, 200);
    await cp.stop();
    await Promise.allSettled(runs);
  });

  it('stops a prepaid session when its cost reaches the balance; the order says why and the balance ends at ≥ 0', async () => {
    const db = s.database.db;
    const st = await aStation(db, net.company.code, { timeZone: 'UTC' });
    const [tpl] = await db
      .insert(rateTemplate)
      .values({
        companyCode: net.company.code,
        modelName: 'Dear',
        type: 'CHARGED',
        currency: 'EUR',
        serviceFeePerKwh: '0',
        serviceTax: '0',
        activated: true,
      })
      .returning();
    await db.insert(rateDetail).values({ templateId: tpl.id, startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '50.00' });
    await db.update(station).set({ rateTemplateId: tpl.id }).where(eq(station.id, st.id));
    const ch = await aCharger(db, net.company.code, { stationId: st.id });
    const card = await aCard(db, net.company.code, { balance: '2.00' });
    // 22 kW at a sample every 600 ms ≈ 3.7 Wh (0.18) per sample; 50 / kWh: 2.00 lasts about 40 Wh.
    // The guard stops one interval ahead, so the stop may take up to one interval to land; shorter
    // intervals left the order unpaid (over the balance, refused: 721) on a loaded machine.
    const cp = await aSim(ch.serialNum, { meterIntervalMs: 600 });
    const run = await cp.runSession(1, card.cardNumber, 60_000, false);
    const [order] = await db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, run.transactionId!));
    expect(order.status).toBe('FINISHED');
    expect(order.stopReason).toBe('Remote');
    expect(order.flags).toContain('BALANCE_LIMIT');
    expect(Number(order.totalAmount)).toBeGreaterThan(1);
    expect(order.paid).toBe(true);
    const [after] = await db.select({ balance: cardUser.balance }).from(cardUser).where(eq(cardUser.id, card.id));
    expect(Number(after.balance)).toBeGreaterThanOrEqual(0);
    expect(Number(after.balance)).toBeLessThan(1);
    const shown = await call('GET', `/sp/order/${order.id}`);
    expect(shown.data.flags).toContain('BALANCE_LIMIT');
  });

  it("settles most readings by the tariff's dearest kWh alone and prices the session only near the balance", async () => {
    const db = s.database.db;
    const st = await aStation(db, net.company.code, { timeZone: 'UTC' });
    await aTwoWindowTariff(db, net.company.code, st.id, { modelName: 'Bound', am: '10.00', pm: '50.00' });
    const ch = await aCharger(db, net.company.code, { stationId: st.id });
    const card = await aCard(db, net.company.code, { balance: '1000.00' });
    const started = new Date(Date.UTC(2026, 10, 25, 13, 0));
    const [order] = await db
      .insert(chargeOrder)
      .values({
        orderNo: 'CDGUARD0001',
        companyCode: net.company.code,
        stationId: st.id,
        chargerId: ch.id,
        chargerSn: ch.serialNum,
        connectorId: 1,
        transactionId: 990_001,
        idTag: card.cardNumber,
        idTagStatus: 'Accepted',
        userType: 'CARD',
        cardUserId: card.id,
        chargerStartTime: started,
        serverStartTime: started,
        meterStart: 0,
        energyKwh: '1.000',
        status: 'CHARGING',
        currency: 'EUR',
      })
      .returning();
    // The guard's memory is per process; the other backend's run may have used this order id.
    forgetOrder(order.id);
    const who = { serialNum: ch.serialNum, companyCode: net.company.code };
    // 1 kWh (read with the order): at most 50.00, far under 1000.00: no pricing.
    const far = await guardBalance(s.app, who, order.id, new Date(started.getTime() + 60_000), '1.000');
    expect(far).toMatchObject({ bound: '50', projected: null, costSoFar: null, stopped: false });
    // 10 kWh more by the next reading: projected 19 kWh, bound 950 + 1 still under 1000.
    const still = await guardBalance(s.app, who, order.id, new Date(started.getTime() + 120_000), '10.000');
    expect(still).toMatchObject({ bound: '950', projected: null, stopped: false });
    // 19.5 kWh, projected 29 kWh: the bound (1450) reaches the balance, the session is priced (29 × 50) and stopped.
    const near = await guardBalance(s.app, who, order.id, new Date(started.getTime() + 180_000), '19.500');
    expect(near).toMatchObject({ bound: '1450', projected: '1450.00', costSoFar: '975.00', stopped: true });
    const [flagged] = await db.select({ flags: chargeOrder.flags }).from(chargeOrder).where(eq(chargeOrder.id, order.id));
    expect(flagged.flags).toContain('BALANCE_LIMIT');
  });
});
