/**
 * The OCPP 1.6 smart-charging messages beyond the daily schedule (requirements R16.9–R16.12),
 * each sent to a strict-mode charger (every request of the server validated against the OCPP 1.6
 * schemas; a request off the schema would be answered with a CALLERROR, 719 here):
 * ClearChargingProfile by id, by connector / purpose / stack level and "clear all";
 * RemoteStartTransaction carrying a TxProfile (in W); ReserveNow of connector 0 where the charger's
 * ReserveConnectorZeroSupported is true (793 where not); schedules sent as Absolute (validFrom /
 * validTo) and Relative profiles; GetCompositeSchedule in W as well as A; and the API's rules, each
 * with its own code (790 above a home charger's maximum, 791, 792, 794, 615).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCard, aCharger, aNetwork, aStation } from '../support/builders.js';
import { chargerLog, homeCharger, station } from '../../server/db/schema.js';
import { ChargePoint } from '../../sim/charge-point.js';
import { connect, eventually } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: each test reads its own answer shape
type Answer = { code: number; msg: string; data: any };

describe.each(backends())('smart-charging messages on %s', (backend) => {
  let s: TestServer;
  let auth: Record<string, string>;
  let net: Awaited<ReturnType<typeof aNetwork>>;
  const sims: ChargePoint[] = [];
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en'): Promise<Answer> =>
    s.app.inject({ method, url, payload: payload as object, headers: { ...auth, cookie: `language=${lang}` } }).then((r) => r.json());
  const aSim = async (identity: string, o: { reserveConnectorZero?: boolean } = {}) => {
    const cp = new ChargePoint({ url: s.ocppUrl, identity, connectors: 2, ratedPowerW: 22_000, meterIntervalMs: 200, reconnect: false, ...o });
    sims.push(cp);
    await cp.start();
    await eventually(async () => s.app.ocpp.isConnected(identity));
    return cp;
  };
  /** The requests the server sent for `action` to `sn`, as the charger log keeps them. */
  const sent = async (sn: string, action: string, atLeast = 1) => {
    await eventually(
      async () =>
        (
          await s.database.db
            .select()
            .from(chargerLog)
            .where(and(eq(chargerLog.chargerSn, sn), eq(chargerLog.action, action), eq(chargerLog.messageType, 'CALL')))
        ).length >= atLeast,
    );
    const rows = await s.database.db
      .select()
      .from(chargerLog)
      .where(and(eq(chargerLog.chargerSn, sn), eq(chargerLog.action, action), eq(chargerLog.messageType, 'CALL'), eq(chargerLog.direction, 'OUT')));
    return rows.map((r) => r.payload as Record<string, unknown>);
  };

  beforeAll(async () => {
    s = await build(backend, { commandTimeoutMs: 3000 });
    auth = { authorization: `Bearer ${await s.login()}` };
    net = await aNetwork(s.database.db);
    await s.database.db.update(station).set({ timeZone: 'UTC' }).where(eq(station.id, net.station.id));
  });
  afterAll(async () => {
    for (const cp of sims) await cp.stop().catch(() => undefined);
    await s?.close();
  });

  it('ClearChargingProfile by id, by connector / purpose / stack level, and all; the criteria are checked', async () => {
    const ch = await aCharger(s.database.db, net.company.code, { stationId: net.station.id });
    const got: Record<string, unknown>[] = [];
    const cp = await connect(s.ocppUrl, ch.serialNum);
    cp.handle('ClearChargingProfile', async ({ params }: { params?: unknown }) => {
      got.push(params as Record<string, unknown>);
      return { status: got.length === 2 ? 'Unknown' : 'Accepted' };
    });
    try {
      await eventually(async () => s.app.ocpp.isConnected(ch.serialNum));
      const clear = (body: object, lang?: string) => call('POST', `/sp/charger/${ch.id}/command/clear-profile`, body, lang);
      expect((await clear({ id: 1_000_007 })).data).toEqual({ action: 'ClearChargingProfile', status: 'Accepted' });
      expect((await clear({ connectorId: 0, chargingProfilePurpose: 'TxDefaultProfile', stackLevel: 0 })).data).toEqual({
        action: 'ClearChargingProfile',
        status: 'Unknown',
      });
      expect((await clear({ chargingProfilePurpose: 'ChargePointMaxProfile' })).code).toBe(200);
      expect((await clear({ all: true })).code).toBe(200);
      expect(got).toEqual([
        { id: 1_000_007 },
        { connectorId: 0, chargingProfilePurpose: 'TxDefaultProfile', stackLevel: 0 },
        { chargingProfilePurpose: 'ChargePointMaxProfile' },
        {},
      ]);
      // Nothing named, an id with criteria, "all" with criteria, a purpose or stack level off the enum: 400, nothing sent.
      const none = await clear({});
      expect(none).toMatchObject({ code: 400, data: { codes: { all: 400 } } });
      expect(none.data.errors.all).toContain('clear all');
      expect((await clear({}, 'zh')).data.errors.all).toContain('全部清除');
      expect((await clear({ id: 5, stackLevel: 1 })).data.codes).toEqual({ id: 400 });
      expect((await clear({ all: true, connectorId: 1 })).data.codes).toEqual({ all: 400 });
      expect((await clear({ chargingProfilePurpose: 'Everything' })).data.codes).toEqual({ chargingProfilePurpose: 400 });
      expect((await clear({ stackLevel: -1 })).data.codes).toEqual({ stackLevel: 400 });
      expect(got).toHaveLength(4);
    } finally {
      await cp.close({ force: true });
    }
  });

  it('a remote start carries a TxProfile in W; the charger runs the session under it; GetCompositeSchedule answers in A and in W', async () => {
    const ch = await aCharger(s.database.db, net.company.code, { stationId: net.station.id });
    const card = await aCard(s.database.db, net.company.code);
    const cp = await aSim(ch.serialNum);
    const start = (chargingProfile: object) =>
      call('POST', `/sp/charger/${ch.id}/command/remote-start`, { connectorId: 1, cardUserId: card.id, chargingProfile });
    // The rules first: nothing is sent.
    expect((await start({ chargingRateUnit: 'W', limit: 400_000 })).code).toBe(791);
    expect((await start({ chargingRateUnit: 'A', limit: 501 })).code).toBe(791);
    expect((await start({ chargingRateUnit: 'A' })).code).toBe(614);
    expect((await start({ chargingRateUnit: 'kW', limit: 5 })).data.codes).toEqual({ 'chargingProfile.chargingRateUnit': 400 });
    const started = await start({ chargingRateUnit: 'W', limit: 6900, durationMinutes: 30 });
    expect(started.code).toBe(200);
    expect(started.data.request).toEqual({
      idTag: card.cardNumber,
      connectorId: 1,
      chargingProfile: {
        chargingProfileId: 3_000_001,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { duration: 1800, chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 6900 }] },
      },
    });
    expect(started.data.answer).toEqual({ status: 'Accepted' });
    // The session runs under the profile: 6900 W on three phases at 230 V is 10 A.
    const inA = await eventually(async () => {
      const c = await call('GET', `/sp/charger/${ch.id}/composite-schedule?connectorId=1&duration=600`);
      return c.code === 200 && c.data.periods[0]?.limit === 10 ? c : undefined;
    }, 100);
    expect(inA.data).toMatchObject({ chargingRateUnit: 'A', periods: [{ startPeriod: 0, limit: 10 }] });
    const inW = await call('GET', `/sp/charger/${ch.id}/composite-schedule?connectorId=1&duration=600&chargingRateUnit=W`);
    expect(inW.data).toMatchObject({ status: 'Accepted', chargingRateUnit: 'W', periods: [{ startPeriod: 0, limit: 6900 }] });
    await eventually(async () => (await sent(ch.serialNum, 'GetCompositeSchedule')).some((p) => p.chargingRateUnit === 'W'));
    const units = (await sent(ch.serialNum, 'GetCompositeSchedule')).map((p) => p.chargingRateUnit);
    expect(new Set(units)).toEqual(new Set(['A', 'W']));
    expect((await call('GET', `/sp/charger/${ch.id}/composite-schedule?chargingRateUnit=kW`)).code).toBe(400);
    expect((await call('POST', `/sp/charger/${ch.id}/command/remote-stop`, { connectorId: 1 })).code).toBe(200);
    await cp.stop();
  });

  it('reserves connector 0 only where ReserveConnectorZeroSupported is true (793 elsewhere)', async () => {
    const plain = await aCharger(s.database.db, net.company.code, { stationId: net.station.id });
    const whole = await aCharger(s.database.db, net.company.code, { stationId: net.station.id });
    const card = await aCard(s.database.db, net.company.code);
    await aSim(plain.serialNum);
    const cp = await aSim(whole.serialNum, { reserveConnectorZero: true });
    const refused = await call('POST', `/sp/charger/${plain.id}/reservations`, { connectorId: 0, cardUserId: card.id });
    expect(refused).toMatchObject({ code: 793, data: { codes: { connectorId: 793 } } });
    expect(refused.msg).toContain('ReserveConnectorZeroSupported');
    expect((await call('POST', `/sp/charger/${plain.id}/reservations`, { connectorId: 0, cardUserId: card.id }, 'zh')).msg).toContain('不支持整桩预约');
    // Asked of the charger each time, nothing reserved.
    expect(await sent(plain.serialNum, 'GetConfiguration', 2)).toEqual([
      { key: ['ReserveConnectorZeroSupported'] },
      { key: ['ReserveConnectorZeroSupported'] },
    ]);
    expect(
      await s.database.db
        .select()
        .from(chargerLog)
        .where(and(eq(chargerLog.chargerSn, plain.serialNum), eq(chargerLog.action, 'ReserveNow'))),
    ).toEqual([]);
    const made = await call('POST', `/sp/charger/${whole.id}/reservations`, { connectorId: 0, cardUserId: card.id, expiryMinutes: 5 });
    expect(made.data).toMatchObject({ connectorId: 0, status: 'ACCEPTED', answer: 'Accepted' });
    expect(cp.reservationOn(0)).toMatchObject({ id: made.data.id, idTag: card.cardNumber });
    expect((await sent(whole.serialNum, 'ReserveNow'))[0]).toMatchObject({ connectorId: 0, reservationId: made.data.id, idTag: card.cardNumber });
    const cancelled = await call('POST', `/sp/charger/${whole.id}/reservations/${made.data.id}/cancel`);
    expect(cancelled.data.status).toBe('CANCELLED');
  });

  it("sends schedules as Absolute (validFrom / validTo) and Relative profiles; their rules answer 615 / 792 / 794, and 790 above a home charger's maximum", async () => {
    const st = await aStation(s.database.db, net.company.code, { timeZone: 'UTC' });
    const ch = await aCharger(s.database.db, net.company.code, { stationId: st.id });
    await aSim(ch.serialNum);
    const body = {
      name: 'Event weekend',
      target: 'CHARGER',
      chargerId: ch.id,
      purpose: 'ChargePointMaxProfile',
      defaultLimitA: 16,
      windows: [{ startTime: '00:00', endTime: '24:00', limitA: 12 }],
    };
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const absent = await call('POST', '/sp/charging-schedule', { ...body, kind: 'Absolute' });
    expect(absent).toMatchObject({ code: 615, data: { codes: { validFrom: 615, validTo: 615 } } });
    const reversed = await call('POST', '/sp/charging-schedule', { ...body, kind: 'Absolute', validFrom: to, validTo: from });
    expect(reversed).toMatchObject({ code: 792, data: { codes: { validTo: 792 } } });
    expect(
      (
        await call('POST', '/sp/charging-schedule', {
          ...body,
          kind: 'Absolute',
          validFrom: from,
          validTo: new Date(Date.now() + 8 * 86_400_000).toISOString(),
        })
      ).code,
    ).toBe(792);
    expect((await call('POST', '/sp/charging-schedule', { ...body, kind: 'Recurring', validFrom: to, validTo: from })).code).toBe(792);
    expect((await call('POST', '/sp/charging-schedule', { ...body, kind: 'Relative' })).data.codes).toEqual({ kind: 794 });
    expect((await call('POST', '/sp/charging-schedule', { ...body, kind: 'Weekly' })).data.codes).toEqual({ kind: 400 });
    expect((await call('POST', '/sp/charging-schedule', { ...body, kind: 'Absolute', validFrom: 'tomorrow', validTo: to })).data.codes).toEqual({
      validFrom: 400,
    });

    const absolute = await call('POST', '/sp/charging-schedule', { ...body, kind: 'Absolute', validFrom: from, validTo: to });
    expect(absolute.data).toMatchObject({ kind: 'Absolute', validFrom: from, validTo: to });
    const sentAbs = await call('POST', `/sp/charging-schedule/${absolute.data.id}/send`);
    expect(sentAbs.data.lastSent.results).toEqual([expect.objectContaining({ result: 'ACCEPTED', answer: { status: 'Accepted' } })]);
    const [abs] = await sent(ch.serialNum, 'SetChargingProfile');
    expect(abs).toMatchObject({
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileKind: 'Absolute',
        validFrom: from,
        validTo: to,
        chargingProfilePurpose: 'ChargePointMaxProfile',
        chargingSchedule: {
          startSchedule: from,
          duration: Math.round((Date.parse(to) - Date.parse(from)) / 1000),
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 12 }],
        },
      },
    });
    expect(abs.csChargingProfiles).not.toHaveProperty('recurrencyKind');
    const comp = await call('GET', `/sp/charger/${ch.id}/composite-schedule?connectorId=0&duration=3600`);
    expect(comp.data.periods).toEqual([{ startPeriod: 0, limit: 12 }]);
    const compW = await call('GET', `/sp/charger/${ch.id}/composite-schedule?connectorId=0&duration=3600&chargingRateUnit=W`);
    expect(compW.data).toMatchObject({ chargingRateUnit: 'W', periods: [{ startPeriod: 0, limit: 12 * 230 * 3 }] });

    const relative = await call('POST', '/sp/charging-schedule', {
      ...body,
      name: 'First hour gentle',
      purpose: 'TxDefaultProfile',
      connectorId: 1,
      kind: 'Relative',
      windows: [{ startTime: '00:00', endTime: '01:00', limitA: 8 }],
    });
    expect(relative.code).toBe(200);
    expect((await call('POST', `/sp/charging-schedule/${relative.data.id}/send`)).data.lastSent.results[0]).toMatchObject({ result: 'ACCEPTED' });
    const rel = (await sent(ch.serialNum, 'SetChargingProfile', 2))[1];
    expect(rel).toEqual({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 1_000_000 + relative.data.id,
        stackLevel: 1,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: {
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 8 },
            { startPeriod: 3600, limit: 16 },
          ],
        },
      },
    });

    // A home charger's maximum below the station's total: a limit above it answers 790, naming the cap.
    await s.database.db.insert(homeCharger).values({ chargerId: ch.id, companyCode: net.company.code, maxCurrentA: 16 });
    const overHome = await call('POST', '/sp/charging-schedule', { ...body, windows: [{ startTime: '00:00', endTime: '24:00', limitA: 20 }] });
    expect(overHome).toMatchObject({ code: 790, data: { codes: { 'windows.0.limitA': 790 } } });
    expect(overHome.data.errors['windows.0.limitA']).toContain('(20 A > 16 A)');
  });
});
