/**
 * Map and station monitoring (requirements §14): the map's rows are the caller's
 * stations only (administrator: all or the chosen operator; company users: their own, another
 * operator → 709; station managers: their stations), each coloured by its worst charger; the
 * station grid shows the running session's power and energy from the latest meter values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { call, type StationScopeFixture, type Tenants, tenantServer } from '../support/tenants.js';
import { eq } from 'drizzle-orm';
import { charger, chargeOrder, connector, meterValue, station } from '../../server/db/schema.js';
import { MAP_STATES } from '../../domain/entities/monitoring.js';

type Row = [number, number, number, number, number, string];

describe.each(backends())('monitoring API on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let f: StationScopeFixture;

  beforeAll(async () => {
    ({ s, t, f } = await tenantServer(backend, true));
    const db = s.database.db;
    await db.update(station).set({ latitude: '52.520000', longitude: '13.405000' }).where(eq(station.id, f.own.stationId));
    await db.update(station).set({ latitude: '52.530000', longitude: '13.415000' }).where(eq(station.id, f.other.stationId));
    await db.update(station).set({ latitude: '22.300000', longitude: '114.170000' }).where(eq(station.id, t.b.stationId));
  });
  afterAll(async () => {
    await s?.close();
  });

  const ids = (rows: Row[]) => rows.map((r) => r[0]).sort((x, y) => x - y);
  const stateOf = (rows: Row[], id: number) => MAP_STATES[rows.find((r) => r[0] === id)![3]];

  it('gives each caller its own stations only', async () => {
    const all = await call(s, 'GET', '/sp/monitoring/map', t.admin);
    expect(all.code).toBe(200);
    expect(ids(all.data.stations)).toEqual([f.own.stationId, f.other.stationId, t.b.stationId].sort((x, y) => x - y));
    // Each pin carries its station's name (its label when the map has no tiles).
    const names = new Map((await s.database.db.select({ id: station.id, name: station.name }).from(station)).map((r) => [r.id, r.name]));
    for (const row of all.data.stations as Row[]) expect(row[5]).toBe(names.get(row[0]));
    // ALPHA Central has no coordinates: counted, not placed.
    expect(all.data.unplaced).toBe(0);
    const beta = await call(s, 'GET', '/sp/monitoring/map?companyCode=BETA', t.admin);
    expect(ids(beta.data.stations)).toEqual([t.b.stationId]);
    const alpha = await call(s, 'GET', '/sp/monitoring/map', t.a.adminToken);
    expect(ids(alpha.data.stations)).toEqual([f.own.stationId, f.other.stationId].sort((x, y) => x - y));
    expect((await call(s, 'GET', '/sp/monitoring/map?companyCode=BETA', t.a.adminToken)).code).toBe(709);
    const manager = await call(s, 'GET', '/sp/monitoring/map', f.manager.token);
    expect(ids(manager.data.stations)).toEqual([f.own.stationId]);
    expect((await call(s, 'GET', '/sp/monitoring/map', t.staff.token)).code).toBe(403);
  });

  it('lists the stations to watch with their state, in scope and searchable', async () => {
    const mine = await call(s, 'GET', '/sp/monitoring/station?size=50', f.manager.token);
    expect(mine.code).toBe(200);
    expect(mine.data.records.map((r: { id: number }) => r.id)).toEqual([f.own.stationId]);
    const alpha = await call(s, 'GET', '/sp/monitoring/station?q=faraway', t.a.adminToken);
    expect(alpha.data).toMatchObject({ total: 1, records: [{ id: f.other.stationId, chargers: 1, state: 'offline' }] });
    expect((await call(s, 'GET', '/sp/monitoring/station?companyCode=BETA', t.a.adminToken)).code).toBe(709);
  });

  it('colours a station by its worst charger and follows a fault and its recovery', async () => {
    const db = s.database.db;
    const map = async () => (await call(s, 'GET', '/sp/monitoring/map', t.a.adminToken)).data.stations as Row[];
    expect(stateOf(await map(), f.own.stationId)).toBe('offline');
    await db.update(charger).set({ online: true }).where(eq(charger.id, f.own.chargerId));
    await db.insert(connector).values({ chargerId: f.own.chargerId, connectorId: 1, status: 'Available', statusAt: new Date() });
    expect(stateOf(await map(), f.own.stationId)).toBe('available');
    await db.update(connector).set({ status: 'Faulted', errorCode: 'GroundFailure' }).where(eq(connector.chargerId, f.own.chargerId));
    expect(stateOf(await map(), f.own.stationId)).toBe('faulty');
    // A second charger of the station charging: faulty stays (worst first).
    const [c2] = await db
      .insert(charger)
      .values({ companyCode: 'ALPHA', stationId: f.own.stationId, serialNum: 'ALPHAMONITOR0002', online: true, runStatus: 'Charging' })
      .returning();
    const rows = await map();
    expect(stateOf(rows, f.own.stationId)).toBe('faulty');
    expect(rows.find((r) => r[0] === f.own.stationId)![4]).toBe(2);
    await db.update(connector).set({ status: 'Available', errorCode: 'NoError' }).where(eq(connector.chargerId, f.own.chargerId));
    expect(stateOf(await map(), f.own.stationId)).toBe('charging');
    await db.delete(charger).where(eq(charger.id, c2.id));
  });

  it("shows a station's running session with its power and energy; another operator's station → 709", async () => {
    const db = s.database.db;
    const start = new Date(Date.now() - 600_000);
    await db.update(connector).set({ status: 'Charging' }).where(eq(connector.chargerId, f.own.chargerId));
    const [o] = await db
      .insert(chargeOrder)
      .values({
        orderNo: 'MON1',
        companyCode: 'ALPHA',
        stationId: f.own.stationId,
        chargerId: f.own.chargerId,
        chargerSn: f.own.chargerSn,
        connectorId: 1,
        transactionId: 99101,
        idTag: 'CARD-MON',
        idTagStatus: 'Accepted',
        chargerStartTime: start,
        serverStartTime: start,
        meterStart: 1000,
        currency: 'EUR',
      })
      .returning();
    await db.insert(meterValue).values([
      {
        chargerId: f.own.chargerId,
        connectorId: 1,
        transactionId: o.transactionId,
        timestamp: new Date(Date.now() - 120_000),
        measurand: 'Energy.Active.Import.Register',
        value: '2000',
        unit: 'Wh',
      },
      {
        chargerId: f.own.chargerId,
        connectorId: 1,
        transactionId: o.transactionId,
        timestamp: new Date(Date.now() - 60_000),
        measurand: 'Energy.Active.Import.Register',
        value: '3.5',
        unit: 'kWh',
      },
      {
        chargerId: f.own.chargerId,
        connectorId: 1,
        transactionId: o.transactionId,
        timestamp: new Date(Date.now() - 60_000),
        measurand: 'Power.Active.Import',
        value: '7200',
        unit: 'W',
      },
    ]);
    const res = await call(s, 'GET', `/sp/monitoring/station/${f.own.stationId}`, f.manager.token);
    expect(res.code).toBe(200);
    expect(res.data.state).toBe('charging');
    const k = res.data.chargers.find((c: { id: number }) => c.id === f.own.chargerId).connectors[0];
    expect(k.session).toMatchObject({ orderNo: 'MON1', idTag: 'CARD-MON', energyKwh: '2.500', powerKw: '7.200' });
    expect(k.session.durationSeconds).toBeGreaterThanOrEqual(590);
    expect((await call(s, 'GET', `/sp/monitoring/station/${f.other.stationId}`, f.manager.token)).code).toBe(709);
    expect((await call(s, 'GET', `/sp/monitoring/station/${t.b.stationId}`, t.a.adminToken)).code).toBe(709);
    expect((await call(s, 'GET', '/sp/monitoring/station/999999', t.admin)).code).toBe(801);
  });
});
