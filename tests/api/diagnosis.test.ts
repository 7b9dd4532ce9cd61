/**
 * GET /sp/diagnosis: the input rules (602 charger, 615 time, 400 not a time, 715 future or more
 * than a day back, 800 unknown charger), company scope (709) and permission; the latest reading of
 * each measurand and phase in display units, the chart series, the status changes from the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aNetwork } from '../support/builders.js';
import { chargerLog, connector, event, meterValue } from '../../server/db/schema.js';
import { staffWith } from '../support/tenants.js';
import type { DiagnosisRecord } from '../../domain/entities/diagnosis.js';

describe.each(backends())('diagnosis on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let a: Awaited<ReturnType<typeof aNetwork>>;
  let b: Awaited<ReturnType<typeof aNetwork>>;
  const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
  const get = async (url: string, token = admin) => {
    const res = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return res.json() as { code: number; msg: string; data: DiagnosisRecord & { codes?: Record<string, number> } };
  };
  const userOf = (companyCode: string, permissions: string[]) => staffWith(s, companyCode, permissions);

  beforeAll(async () => {
    s = await build(backend);
    admin = await s.login();
    a = await aNetwork(s.database.db);
    b = await aNetwork(s.database.db);
    const t1 = new Date(Date.now() - 120_000);
    const t2 = new Date(Date.now() - 60_000);
    const old = new Date(Date.now() - 2 * 3_600_000);
    const mv = (timestamp: Date, measurand: string, value: string, unit: string | null, phase: string | null = null) => ({
      chargerId: a.charger.id,
      connectorId: 1,
      transactionId: 42,
      timestamp,
      measurand,
      value,
      unit,
      phase,
    });
    await s.database.db
      .insert(meterValue)
      .values([
        mv(old, 'Power.Active.Import', '1000', 'W'),
        mv(t1, 'Power.Active.Import', '7000', 'W'),
        mv(t1, 'Energy.Active.Import.Register', '12000', 'Wh'),
        mv(t1, 'SoC', '40', 'Percent'),
        mv(t1, 'Current.Import', '10.0', 'A', 'L1'),
        mv(t1, 'Current.Import', '10.5', 'A', 'L2'),
        mv(t1, 'Current.Import', '9.5', 'A', 'L3'),
        mv(t2, 'Power.Active.Import', '11000', 'W'),
        mv(t2, 'Energy.Active.Import.Register', '12.2', 'kWh'),
        mv(t2, 'SoC', '42', 'Percent'),
        mv(t2, 'Current.Import', '16.0', 'A', 'L1'),
        mv(t2, 'Current.Import', '16.5', 'A', 'L2'),
        mv(t2, 'Current.Import', '15.5', 'A', 'L3'),
        mv(t2, 'Voltage', '230.1', 'V', 'L1-N'),
        mv(t2, 'Temperature', '310.15', 'K'),
      ]);
    await s.database.db.insert(event).values([
      { companyCode: a.company.code, deviceSn: a.charger.serialNum, deviceType: 'charger', eventType: 'OVER_VOLTAGE', eventLevel: 'fault', connectorId: 1 },
      {
        companyCode: a.company.code,
        deviceSn: a.charger.serialNum,
        deviceType: 'charger',
        eventType: 'CHARGER_OFFLINE',
        eventLevel: 'custom',
        status: 'RECOVERED',
      },
    ]);
    await s.database.db.insert(connector).values({ chargerId: a.charger.id, connectorId: 1, status: 'Charging', statusAt: t1 });
    await s.database.db.insert(chargerLog).values([
      {
        chargerSn: a.charger.serialNum,
        companyCode: a.company.code,
        direction: 'IN',
        messageType: 'CALL',
        action: 'StatusNotification',
        messageId: 's1',
        payload: { connectorId: 1, status: 'Preparing', errorCode: 'NoError' },
        at: t1,
      },
      {
        chargerSn: a.charger.serialNum,
        companyCode: a.company.code,
        direction: 'IN',
        messageType: 'CALL',
        action: 'StatusNotification',
        messageId: 's2',
        payload: { connectorId: 1, status: 'Charging', errorCode: 'NoError' },
        at: t2,
      },
      {
        chargerSn: a.charger.serialNum,
        companyCode: a.company.code,
        direction: 'OUT',
        messageType: 'CALLRESULT',
        action: 'StatusNotification',
        messageId: 's2',
        payload: {},
        at: t2,
      },
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('needs a charger and a time, both valid', async () => {
    const none = await get('/sp/diagnosis');
    expect(none.code).toBe(602);
    expect(none.data.codes).toMatchObject({ serialNum: 602, startTime: 615 });
    expect((await get(`/sp/diagnosis?serialNum=${a.charger.serialNum}`)).code).toBe(615);
    expect((await get(`/sp/diagnosis?serialNum=${a.charger.serialNum}&startTime=yesterday`)).code).toBe(400);
    expect((await get(`/sp/diagnosis?serialNum=${a.charger.serialNum}&startTime=${Date.now() + 3_600_000}`)).code).toBe(715);
    expect((await get(`/sp/diagnosis?serialNum=${a.charger.serialNum}&startTime=${Date.now() - 2 * 86_400_000}`)).code).toBe(715);
    expect((await get(`/sp/diagnosis?serialNum=NOSUCHCHARGER001&startTime=${hourAgo()}`)).code).toBe(800);
  });

  it('answers the latest readings in display units, the series and the status changes', async () => {
    const d = await get(`/sp/diagnosis?serialNum=${a.charger.serialNum}&startTime=${hourAgo()}`);
    expect(d.code).toBe(200);
    expect(d.data).toMatchObject({ serialNum: a.charger.serialNum, companyCode: a.company.code, stationName: a.station.name });
    const [c1] = d.data.connectors;
    expect(c1).toMatchObject({ connectorId: 1, status: 'Charging' });
    const reading = (m: string, phase: string | null = null) => c1.readings.find((r) => r.measurand === m && r.phase === phase);
    expect(reading('Power.Active.Import')).toMatchObject({ value: 11, unit: 'kW' });
    expect(reading('Energy.Active.Import.Register')).toMatchObject({ value: 12.2, unit: 'kWh' });
    expect(reading('Current.Import', 'L2')).toMatchObject({ value: 16.5, unit: 'A' });
    expect(reading('SoC')?.value).toBe(42);
    expect(reading('Temperature')?.value).toBeCloseTo(37, 5);
    // the reading of two hours ago is before the start: two points, oldest first
    expect(c1.series.map((p) => p.powerKw)).toEqual([7, 11]);
    expect(c1.series[1]).toMatchObject({ currentL1: 16, currentL2: 16.5, currentL3: 15.5, voltage: 230.1, soc: 42, energyKwh: 12.2 });
    expect(d.data.statusChanges.map((x) => x.status)).toEqual(['Charging', 'Preparing']);
    // the open event only, not the recovered one
    expect(d.data.openEvents).toEqual([expect.objectContaining({ eventType: 'OVER_VOLTAGE', connectorId: 1 })]);
  });

  it("is scoped to the caller's company and needs the diagnosis permission", async () => {
    const bUser = await userOf(b.company.code, ['menu:events:diagnosis']);
    expect((await get(`/sp/diagnosis?serialNum=${a.charger.serialNum}&startTime=${hourAgo()}`, bUser)).code).toBe(709);
    expect((await get(`/sp/diagnosis?serialNum=${b.charger.serialNum}&startTime=${hourAgo()}`, bUser)).code).toBe(200);
    const logOnly = await userOf(a.company.code, ['menu:events:chargerlog']);
    expect((await get(`/sp/diagnosis?serialNum=${a.charger.serialNum}&startTime=${hourAgo()}`, logOnly)).code).toBe(403);
  });
});
