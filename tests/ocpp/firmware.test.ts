import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { charger } from '../../server/db/schema.js';
import { ChargePoint } from '../../sim/charge-point.js';
import { build, type TestServer } from '../support/app.js';
import { companyUser, caller, type Call } from '../support/assets.js';
import { aCharger, aCompany, aStation } from '../support/builders.js';
import { backends } from '../support/db.js';
import { aBinImage, aFirmware } from '../support/firmware.js';
import { connect, eventually } from './helpers.js';

const PERMS = ['menu:system:deviceversion', 'menu:stations:stationprofile', 'menu:monitoring:chargermonotoring'];

describe.each(backends())('firmware upgrade campaigns with simulated chargers on %s', (backend) => {
  let s: TestServer;
  let token: string;
  let api: Call;
  let stationId: number;
  const sims: ChargePoint[] = [];
  const CO = 'FWCAMP';

  beforeAll(async () => {
    s = await build(backend, { firmwareSilenceS: 4 });
    // The API is called in-process (inject): chargers fetch from the listening address.
    s.app.config.publicUrl = s.baseUrl;
    await aCompany(s.database.db, { code: CO });
    stationId = (await aStation(s.database.db, CO)).id;
    token = await companyUser(s, CO, PERMS);
    api = caller(s, token);
  });
  afterAll(async () => {
    await Promise.allSettled(sims.map((c) => c.stop()));
    await s?.close();
  });

  /** A registered charger driven by the simulator (model SIM-AC22, firmware sim-1.0.0), booted. */
  async function simCharger(o: { failInstall?: boolean } = {}) {
    const row = await aCharger(s.database.db, CO, { stationId });
    const cp = new ChargePoint({
      url: s.ocppUrl,
      identity: row.serialNum,
      connectors: 1,
      reconnect: false,
      firmwareStepMs: 30,
      ...(o.failInstall ? { failInstall: () => true } : {}),
    });
    sims.push(cp);
    await cp.start();
    await eventually(async () => (await s.database.db.select().from(charger).where(eq(charger.id, row.id)))[0]?.runStatus === 'Available');
    return { id: row.id, sn: row.serialNum, cp };
  }

  const campaign = async (id: number) => (await api('GET', `/sp/firmware-campaign/${id}`)).data;
  const settled = (id: number, status = 'FINISHED') =>
    eventually(async () => {
      const c = await campaign(id);
      return c.status === status ? c : null;
    }, 300);

  it('upgrades idle chargers, refuses a charging one (726), and ends "partial" when one install fails', async () => {
    const fw = await aFirmware(s, token, { deviceModel: 'SIM-AC22', version: '2.0.0', name: 'Sim board' }, aBinImage(20_000), 'sim-2.0.0.bin');
    expect(fw.code).toBe(200);
    const ok = await simCharger();
    const failing = await simCharger({ failInstall: true });
    const busy = await simCharger();
    await busy.cp.sendStatus(1, 'Charging');
    await eventually(async () => (await api('GET', `/sp/firmware-campaign/candidates?chargerIds=${busy.id}`)).data?.[0]?.refusal === 726);

    const res = await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [ok.id, failing.id, busy.id], retries: 1, retryInterval: 1 });
    expect(res.code).toBe(200);
    expect(res.data.refused).toEqual([{ chargerId: busy.id, serialNum: busy.sn, code: 726, reason: 'busy' }]);
    expect(res.data.chargers.map((c: { chargerId: number }) => c.chargerId).sort()).toEqual([ok.id, failing.id].sort());

    const done = await settled(res.data.id);
    expect(done.outcome).toBe('PARTIAL');
    const byId = new Map(done.chargers.map((c: { chargerId: number }) => [c.chargerId, c]));
    expect(byId.get(ok.id)).toMatchObject({ status: 'UPDATED', previousVersion: 'sim-1.0.0', reportedVersion: '2.0.0' });
    expect(byId.get(failing.id)).toMatchObject({ status: 'FAILED', failure: 'InstallationFailed' });
    const [row] = await s.database.db.select().from(charger).where(eq(charger.id, ok.id));
    expect(row.firmwareVersion).toBe('2.0.0');
    expect(ok.cp.firmwareVersion).toBe('2.0.0');
    const [failed] = await s.database.db.select().from(charger).where(eq(charger.id, failing.id));
    expect(failed.firmwareVersion).toBe('sim-1.0.0');

    // Reset: the failed charger waits again, the updated one stays updated; sending again repeats the failure.
    const reset = await api('POST', `/sp/firmware-campaign/${res.data.id}/reset`);
    expect(reset.data.status).toBe('RESET');
    expect(reset.data.counts).toMatchObject({ updated: 1, pending: 1, failed: 0 });
    expect((await api('POST', `/sp/firmware-campaign/${res.data.id}/send`)).code).toBe(200);
    const again = await settled(res.data.id);
    expect(again.outcome).toBe('PARTIAL');
    expect(again.counts).toMatchObject({ updated: 1, failed: 1 });

    // Everything refused: the request fails with the refusal's code and no campaign is stored.
    const none = await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [busy.id] });
    expect(none.code).toBe(726);
  });

  it('refuses a charger of another model (740) and a firmware the caller cannot see (809)', async () => {
    const fw = await aFirmware(s, token, { deviceModel: 'OTHER-MODEL', version: '1.0.0' });
    const c = await simCharger();
    expect((await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [c.id] })).code).toBe(740);
    expect((await api('POST', '/sp/firmware-campaign', { firmwareId: 999999, chargerIds: [c.id] })).code).toBe(809);
    expect((await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [] })).code).toBe(602);
  });

  it('staged rollout: stops after the first wave when its success rate is below the threshold', async () => {
    const fw = await aFirmware(s, token, { deviceModel: 'SIM-AC22', version: '2.1.0' });
    const first = [await simCharger(), await simCharger({ failInstall: true })];
    const rest = [await simCharger(), await simCharger()];
    const res = await api('POST', '/sp/firmware-campaign', {
      firmwareId: fw.data.id,
      chargerIds: [...first, ...rest].map((c) => c.id),
      waveSize: 2,
      successThreshold: 80,
    });
    expect(res.code).toBe(200);
    expect(
      res.data.chargers
        .filter((c: { wave: number }) => c.wave === 1)
        .map((c: { chargerId: number }) => c.chargerId)
        .sort(),
    ).toEqual(first.map((c) => c.id).sort());
    const paused = await settled(res.data.id, 'PAUSED');
    expect(paused.pauseReason).toBe('THRESHOLD');
    expect(paused.counts).toMatchObject({ updated: 1, failed: 1, pending: 2 });
    for (const c of rest) expect(c.cp.firmwareVersion).toBe('sim-1.0.0');
  });

  it('staged rollout: a first wave above the threshold releases the rest; the failure limit pauses', async () => {
    const fw = await aFirmware(s, token, { deviceModel: 'SIM-AC22', version: '2.2.0' });
    const all = [await simCharger(), await simCharger(), await simCharger()];
    const res = await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: all.map((c) => c.id), waveSize: 1, successThreshold: 100 });
    const done = await settled(res.data.id);
    expect(done.outcome).toBe('ALL_SUCCEEDED');
    for (const c of all) expect(c.cp.firmwareVersion).toBe('2.2.0');

    const fw2 = await aFirmware(s, token, { deviceModel: 'SIM-AC22', version: '2.3.0' });
    const bad = [await simCharger({ failInstall: true }), await simCharger(), await simCharger()];
    const limited = await api('POST', '/sp/firmware-campaign', {
      firmwareId: fw2.data.id,
      chargerIds: bad.map((c) => c.id),
      waveSize: 1,
      successThreshold: 0,
      failureLimit: 1,
    });
    const paused = await settled(limited.data.id, 'PAUSED');
    expect(paused.pauseReason).toBe('FAILURES');
    expect(paused.counts).toMatchObject({ failed: 1, pending: 2 });
  });

  it('fails a charger that reports nothing within the silence limit', async () => {
    const fw = await aFirmware(s, token, { deviceModel: 'MUTE-1', version: '1.0.1' });
    const row = await aCharger(s.database.db, CO, { stationId });
    const mute = await connect(s.ocppUrl, row.serialNum);
    mute.handle('UpdateFirmware', async () => ({}));
    await mute.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'MUTE-1', firmwareVersion: '1.0.0' });
    await mute.call('StatusNotification', { connectorId: 0, status: 'Available', errorCode: 'NoError' });
    await mute.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    const res = await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [row.id] });
    expect(res.data.chargers[0].status).toBe('SENT');
    const done = await settled(res.data.id);
    expect(done.outcome).toBe('ALL_FAILED');
    expect(done.chargers[0]).toMatchObject({ status: 'FAILED', failure: 'SILENT' });
    await mute.close({ force: true });
  });

  it('upgrades a charger that reports only its connectors, and asks a charger with no status at all for it', async () => {
    const fw = await aFirmware(s, token, { deviceModel: 'NOZERO-1', version: '1.0.1' });
    // OCPP 1.6 does not oblige a charger to report connector 0: all its connectors Available is idle.
    const row = await aCharger(s.database.db, CO, { stationId });
    const cp = await connect(s.ocppUrl, row.serialNum);
    const updates: unknown[] = [];
    cp.handle('UpdateFirmware', async ({ params }) => {
      updates.push(params);
      return {};
    });
    await cp.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'NOZERO-1', firmwareVersion: '1.0.0' });
    await cp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    await cp.call('StatusNotification', { connectorId: 2, status: 'Available', errorCode: 'NoError' });
    const res = await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [row.id] });
    expect(res.code).toBe(200);
    expect(res.data.refused).toEqual([]);
    await eventually(async () => updates.length === 1);

    // A connector in use still blocks it.
    const busy = await aCharger(s.database.db, CO, { stationId });
    const busyCp = await connect(s.ocppUrl, busy.serialNum);
    await busyCp.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'NOZERO-1', firmwareVersion: '1.0.0' });
    await busyCp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    const refusedBusy = await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [busy.id] });
    expect(refusedBusy.code).toBe(726);
    expect(refusedBusy.data.refused[0]).toMatchObject({ reason: 'busy' });

    // No status at all: refused, and the charger is asked for its statuses (TriggerMessage).
    const silent = await aCharger(s.database.db, CO, { stationId });
    const silentCp = await connect(s.ocppUrl, silent.serialNum);
    const triggers: { requestedMessage: string }[] = [];
    silentCp.handle('TriggerMessage', async ({ params }) => {
      triggers.push(params as { requestedMessage: string });
      return { status: 'Accepted' };
    });
    silentCp.handle('UpdateFirmware', async () => ({}));
    await silentCp.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'NOZERO-1', firmwareVersion: '1.0.0' });
    const refused = await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [silent.id] });
    expect(refused.code).toBe(726);
    expect(refused.data.refused[0]).toMatchObject({ reason: 'no_status' });
    await eventually(async () => triggers.length === 1);
    expect(triggers[0].requestedMessage).toBe('StatusNotification');
    // Once it answered with its connector's status, the next attempt goes out.
    await silentCp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    expect((await api('POST', '/sp/firmware-campaign', { firmwareId: fw.data.id, chargerIds: [silent.id] })).code).toBe(200);
    await Promise.all([cp, busyCp, silentCp].map((c) => c.close({ force: true })));
  });

  it('lists campaigns by charger and by the station of their chargers, and refuses another company (709)', async () => {
    const list = await api('GET', '/sp/firmware-campaign?perPage=50');
    expect(list.data.total).toBeGreaterThanOrEqual(4);
    // The station's page shows every campaign that touched its chargers, though none was started there (issue #26 item 3).
    expect((await api('GET', `/sp/firmware-campaign?perPage=50&stationId=${stationId}`)).data.total).toBe(list.data.total);
    const elsewhere = await aStation(s.database.db, CO);
    expect((await api('GET', `/sp/firmware-campaign?perPage=50&stationId=${elsewhere.id}`)).data.total).toBe(0);
    const first = list.data.records[list.data.records.length - 1];
    await aCompany(s.database.db, { code: 'FWOTHER' });
    const other = caller(s, await companyUser(s, 'FWOTHER', PERMS));
    expect((await other('GET', `/sp/firmware-campaign/${first.id}`)).code).toBe(709);
    expect((await other('GET', '/sp/firmware-campaign')).data.total).toBe(0);
  });
});
