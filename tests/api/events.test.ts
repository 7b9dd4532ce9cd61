/**
 * `/sp/event` (requirements R2.13, §13): the Eventes query parameters (`eventStatus` default
 * HAPPENING, `startTime`, `serialNum`) and filters, process / ignore one event and in a batch (the
 * handler is the signed-in user, the bus hears each change once, a second action answers 735),
 * company and station scope (another company and a station manager of another station neither
 * see nor act: 709 / 725 / skipped), the status counts, the export, and the vendor code table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { call, setupStationScope, setupTenants, type StationScopeFixture, type Tenants } from '../support/tenants.js';
import { openEvent } from '../../server/modules/event/lifecycle.js';
import type { BusEvents } from '../../server/bus.js';
import type { OpenEventInput } from '../../server/modules/event/lifecycle.js';

describe.each(backends())('events API on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let scope: StationScopeFixture;
  const heard: BusEvents['event'][] = [];
  const ids: Record<string, number> = {};
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  beforeAll(async () => {
    s = await build(backend);
    t = await setupTenants(s);
    scope = await setupStationScope(s, t);
    s.app.bus.on('event', (e) => heard.push(e));
    const open = (key: string, o: Partial<OpenEventInput> & Pick<OpenEventInput, 'eventType'>) =>
      openEvent(s.database.db, s.app.bus, {
        companyCode: 'ALPHA',
        stationId: scope.own.stationId,
        deviceSn: scope.own.chargerSn,
        deviceType: 'charger',
        ...o,
      }).then((id) => {
        ids[key] = id;
      });
    await open('ground', { eventType: 'GROUNDING_FAULT', connectorId: 1, errorCode: 'GroundFailure', info: '=HYPERLINK("x")', at: hoursAgo(1) });
    await open('offline', { eventType: 'CHARGER_OFFLINE', at: hoursAgo(30) });
    await open('far', { eventType: 'LEAKAGE', stationId: scope.other.stationId, deviceSn: scope.other.chargerSn, connectorId: 2, at: hoursAgo(2) });
    await open('gw', { eventType: 'GATEWAY_OFFLINE', deviceType: 'gateway', deviceSn: scope.own.gatewaySn, at: hoursAgo(3) });
    await open('beta', { eventType: 'OVER_VOLTAGE', companyCode: 'BETA', stationId: t.b.stationId, deviceSn: 'BETA000000000001', at: hoursAgo(1) });
  });
  afterAll(async () => {
    await s?.close();
  });

  const list = (token: string, query = '') => call(s, 'GET', `/sp/event${query}`, token);
  const idsOf = (r: { data: { records: { id: number }[] } }) => r.data.records.map((e) => e.id).sort((a, b) => a - b);

  it('lists HAPPENING events by default, newest first, and reads startTime, eventStatus and serialNum', async () => {
    const all = await list(t.a.adminToken);
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(4);
    expect(all.data.records.map((e: { id: number }) => e.id)).toEqual([ids.ground, ids.far, ids.gw, ids.offline]);
    expect(all.data.records[0]).toMatchObject({
      deviceSn: scope.own.chargerSn,
      deviceType: 'charger',
      stationName: 'ALPHA Central',
      eventType: 'GROUNDING_FAULT',
      eventLevel: 'fault',
      connectorId: 1,
      status: 'HAPPENING',
      repeatCount: 1,
      handler: null,
      processTime: null,
    });
    const since = await list(t.a.adminToken, `?startTime=${encodeURIComponent(hoursAgo(10).toISOString())}`);
    expect(idsOf(since)).toEqual([ids.ground, ids.far, ids.gw].sort((a, b) => a - b));
    const epoch = await list(t.a.adminToken, `?startTime=${Math.floor(hoursAgo(2.5).getTime() / 1000)}`);
    expect(idsOf(epoch)).toEqual([ids.ground, ids.far].sort((a, b) => a - b));
    expect(idsOf(await list(t.a.adminToken, `?serialNum=${scope.other.chargerSn.slice(-6)}`))).toEqual([ids.far]);
    expect(idsOf(await list(t.a.adminToken, '?deviceType=gateway'))).toEqual([ids.gw]);
    expect(idsOf(await list(t.a.adminToken, `?stationId=${scope.other.stationId}`))).toEqual([ids.far]);
    expect(idsOf(await list(t.a.adminToken, '?eventType=CHARGER_OFFLINE&eventType=LEAKAGE'))).toEqual([ids.offline, ids.far].sort((a, b) => a - b));
    expect((await list(t.a.adminToken, '?eventStatus=RECOVERED')).data.total).toBe(0);
    expect((await list(t.a.adminToken, '?sort=deviceSn&order=asc')).data.records[0].deviceSn).toBe(scope.other.chargerSn);
    expect((await list(t.a.adminToken, '?sort=__proto__')).code).toBe(400);
    expect((await list(t.a.adminToken, '?startTime=yesterday')).code).toBe(400);
    expect((await list(t.a.adminToken, `?startTime=${hoursAgo(1).toISOString()}&endTime=${hoursAgo(5).toISOString()}`)).code).toBe(715);
    expect((await list(t.a.adminToken, '?eventStatus=SOMETIMES')).code).toBe(400);
    // The platform administrator sees both companies and filters by one.
    expect((await list(t.admin)).data.total).toBe(5);
    expect(idsOf(await list(t.admin, '?companyCode=BETA'))).toEqual([ids.beta]);
  });

  it('keeps each company and station manager to their own events', async () => {
    expect(idsOf(await list(t.b.adminToken))).toEqual([ids.beta]);
    expect((await list(t.b.adminToken, '?companyCode=ALPHA')).code).toBe(709);
    expect((await call(s, 'GET', `/sp/event/${ids.ground}`, t.b.adminToken)).code).toBe(709);
    expect((await call(s, 'POST', `/sp/event/${ids.ground}/process`, t.b.adminToken, { handleMethod: 'x' })).code).toBe(725);
    // The manager of A's own station: that station's events only.
    expect(idsOf(await list(scope.manager.token))).toEqual([ids.ground, ids.offline, ids.gw].sort((a, b) => a - b));
    expect((await call(s, 'GET', `/sp/event/${ids.far}`, scope.manager.token)).code).toBe(709);
    expect((await call(s, 'POST', `/sp/event/${ids.far}/ignore`, scope.manager.token, {})).code).toBe(725);
    const batch = await call(s, 'POST', '/sp/event/batch', scope.manager.token, { action: 'ignore', ids: [ids.far, ids.beta] });
    expect(batch.data).toEqual({ changed: [], skipped: [ids.far, ids.beta] });
    // Without the Eventes menu: 403.
    expect((await list(t.staff.token)).code).toBe(403);
    expect((await call(s, 'GET', `/sp/event/${ids.ground}`, t.a.adminToken)).data.status).toBe('HAPPENING');
  });

  it('processes with a handle method and the signed-in handler, ignores, and answers 735 the second time', async () => {
    heard.length = 0;
    expect((await call(s, 'POST', `/sp/event/${ids.ground}/process`, t.a.adminToken, { handleMethod: '  ' })).code).toBe(617);
    const done = await call(s, 'POST', `/sp/event/${ids.ground}/process`, t.a.adminToken, { handleMethod: 'RCD reset on site' });
    expect(done.code).toBe(200);
    expect(done.data).toMatchObject({ status: 'PROCESSED', handleMethod: 'RCD reset on site', handler: 'alpha.admin' });
    expect(Date.parse(done.data.processTime)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(s, 'POST', `/sp/event/${ids.ground}/ignore`, t.a.adminToken, {})).code).toBe(735);
    const ignored = await call(s, 'POST', `/sp/event/${ids.gw}/ignore`, scope.manager.token, {});
    expect(ignored.data).toMatchObject({ status: 'IGNORED', handler: 'alpha.lead', handleMethod: null });
    expect(ignored.data.ignoreTime).not.toBeNull();
    expect((await call(s, 'GET', '/sp/event/999999', t.a.adminToken)).code).toBe(734);
    expect(heard).toEqual([
      { eventId: ids.ground, companyCode: 'ALPHA', stationId: scope.own.stationId, change: 'processed' },
      { eventId: ids.gw, companyCode: 'ALPHA', stationId: scope.own.stationId, change: 'ignored' },
    ]);
    const counts = await call(s, 'GET', '/sp/event/counts', t.a.adminToken);
    expect(counts.data).toEqual({ HAPPENING: 2, PROCESSED: 1, IGNORED: 1, RECOVERED: 0 });
    // The bell's notice follows its event.
    const bell = await call(s, 'GET', '/sp/notifications?tab=events', t.a.adminToken);
    expect(bell.data.find((n: { eventId: number | null }) => n.eventId === ids.ground)).toMatchObject({ eventStatus: 'PROCESSED', kind: 'EVENT' });
  });

  it('processes a batch: HAPPENING ones change, the others are skipped', async () => {
    heard.length = 0;
    expect((await call(s, 'POST', '/sp/event/batch', t.a.adminToken, { action: 'process', ids: [ids.offline] })).code).toBe(617);
    const res = await call(s, 'POST', '/sp/event/batch', t.a.adminToken, {
      action: 'process',
      ids: [ids.offline, ids.far, ids.ground, ids.beta],
      handleMethod: 'Dispatched',
    });
    expect(res.code).toBe(200);
    expect(res.data.changed.sort((a: number, b: number) => a - b)).toEqual([ids.offline, ids.far].sort((a, b) => a - b));
    expect(res.data.skipped).toEqual([ids.ground, ids.beta]);
    expect(heard.map((h) => h.change)).toEqual(['processed', 'processed']);
    expect((await list(t.a.adminToken)).data.total).toBe(0);
    expect((await list(t.a.adminToken, '?eventStatus=ALL')).data.total).toBe(4);
    expect((await call(s, 'POST', '/sp/event/batch', t.a.adminToken, { action: 'ignore', ids: [] })).code).toBe(400);
  });

  it("exports the filter as a spreadsheet in the caller's language, formulas neutralised", async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/sp/event/export?eventStatus=ALL',
      headers: { authorization: `Bearer ${t.a.adminToken}`, cookie: 'language=zh' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(5);
    expect(ws.getRow(1).getCell(2).value).toBe('设备序列号');
    const infos = ws.getColumn(12).values.filter(Boolean) as string[];
    expect(infos).toContain('\'=HYPERLINK("x")');
  });

  it('keeps an operator vendor code table', async () => {
    const add = await call(s, 'POST', '/sp/event/vendor-code', t.a.adminToken, {
      vendorId: 'ACME',
      vendorErrorCode: 'E42',
      eventType: 'LEAKAGE',
      remark: 'RCD',
    });
    expect(add.code).toBe(200);
    expect(add.data).toMatchObject({ companyCode: 'ALPHA', vendorId: 'ACME', vendorErrorCode: 'E42', eventType: 'LEAKAGE' });
    expect((await call(s, 'POST', '/sp/event/vendor-code', t.a.adminToken, { vendorId: 'ACME', vendorErrorCode: 'E42', eventType: 'HUMIDITY' })).code).toBe(
      736,
    );
    expect((await call(s, 'POST', '/sp/event/vendor-code', t.a.adminToken, { vendorId: 'ACME', vendorErrorCode: '', eventType: 'HUMIDITY' })).code).toBe(619);
    expect(
      (await call(s, 'POST', '/sp/event/vendor-code', t.a.adminToken, { vendorId: 'ACME', vendorErrorCode: 'E1', eventType: 'CHARGER_OFFLINE' })).code,
    ).toBe(400);
    expect((await call(s, 'GET', '/sp/event/vendor-code', t.b.adminToken)).data).toEqual([]);
    expect((await call(s, 'DELETE', `/sp/event/vendor-code/${add.data.id}`, t.b.adminToken)).code).toBe(725);
    expect((await call(s, 'DELETE', `/sp/event/vendor-code/${add.data.id}`, t.a.adminToken)).code).toBe(200);
    expect((await call(s, 'GET', '/sp/event/vendor-code', t.a.adminToken)).data).toEqual([]);
  });
});
