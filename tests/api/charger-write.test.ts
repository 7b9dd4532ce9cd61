import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { charger, chargeOrder } from '../../server/db/schema.js';
import { verifyPassword } from '../../server/auth/password.js';
import { backends } from '../support/db.js';
import { aBootNotification, aStation } from '../support/builders.js';
import { aChargerBody, caller, companyUser, twoCompanySuite, expectRefused } from '../support/assets.js';
import { connect, eventually, handshakeStatus } from '../ocpp/helpers.js';

describe.each(backends())('charger registration and edits on %s', (backend) => {
  const A = 'CWACME';
  const B = 'CWBETA';
  let stationA: number;
  let stationA2: number;
  let stationB: number;

  const ctx = twoCompanySuite(backend, A, B, ['menu:stations:stationprofile']);
  beforeAll(async () => {
    const db = ctx.s.database.db;
    stationA = (await aStation(db, A)).id;
    stationA2 = (await aStation(db, A)).id;
    stationB = (await aStation(db, B)).id;
  });

  const refused = (code: number, run: () => Promise<{ code: number }>) => expectRefused(ctx.s.database.db, [charger], code, run);

  it("registers a charger at a station, in the station's company", async () => {
    const res = await ctx.acme(
      'POST',
      '/sp/charger',
      aChargerBody({ serialNum: 'ACME000000000001', stationId: stationA, chargerStationCode: 'A-01', installerName: 'Max Mustermann' }),
    );
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      serialNum: 'ACME000000000001',
      companyCode: A,
      stationId: stationA,
      chargerStationCode: 'A-01',
      phase: 'THREE',
      lifeStatus: 'ACTIVE',
      warrantyYears: 2,
      installationDate: '2024-05-01',
      online: false,
      hasOcppPassword: false,
    });
  });

  it('needs an SN of exactly 16 characters (602 when empty, 400 otherwise)', async () => {
    await refused(602, () => ctx.acme('POST', '/sp/charger', aChargerBody({ serialNum: '' })));
    await refused(400, () => ctx.acme('POST', '/sp/charger', aChargerBody({ serialNum: 'A'.repeat(15) })));
    await refused(400, () => ctx.acme('POST', '/sp/charger', aChargerBody({ serialNum: 'A'.repeat(17) })));
    await refused(400, () => ctx.acme('POST', '/sp/charger', aChargerBody({ serialNum: 'ABCDEFGH/JKLMNOP' })));
  });

  it('requires phase, life status, installation date, warranty (0–3 years) and equipment number (602 when empty)', async () => {
    for (const missing of ['phase', 'lifeStatus', 'installationDate', 'warrantyYears', 'equipmentNumber']) {
      await refused(602, () => ctx.acme('POST', '/sp/charger', aChargerBody({ [missing]: undefined })));
    }
    await refused(400, () => ctx.acme('POST', '/sp/charger', aChargerBody({ warrantyYears: 4 })));
    await refused(400, () => ctx.acme('POST', '/sp/charger', aChargerBody({ installationDate: '2024-02-30' })));
    await refused(900, () => ctx.acme('POST', '/sp/charger', aChargerBody({ installerName: 'R2D2' })));
    expect((await ctx.acme('POST', '/sp/charger', aChargerBody({ warrantyYears: 0, stationId: stationA }))).code).toBe(200);
  });

  it('refuses a duplicate SN (302), charger station code (303) or a gateway identity (302)', async () => {
    await refused(302, () => ctx.acme('POST', '/sp/charger', aChargerBody({ serialNum: 'ACME000000000001' })));
    await refused(303, () => ctx.acme('POST', '/sp/charger', aChargerBody({ chargerStationCode: 'A-01' })));
    expect((await ctx.acme('POST', '/sp/gateway', { serialNum: 'GWAY000000000001', stationId: stationA })).code).toBe(200);
    await refused(302, () => ctx.acme('POST', '/sp/charger', aChargerBody({ serialNum: 'GWAY000000000001' })));
  });

  it('refuses a station (725) or gateway (725) of another company, and unknown ones (801 / 802)', async () => {
    await refused(725, () => ctx.acme('POST', '/sp/charger', aChargerBody({ stationId: stationB })));
    await refused(801, () => ctx.acme('POST', '/sp/charger', aChargerBody({ stationId: 999999 })));
    expect((await ctx.admin('POST', '/sp/gateway', { serialNum: 'GWBETA0000000001', stationId: stationB })).code).toBe(200);
    await refused(725, () => ctx.acme('POST', '/sp/charger', aChargerBody({ gatewaySn: 'GWBETA0000000001' })));
    await refused(802, () => ctx.acme('POST', '/sp/charger', aChargerBody({ gatewaySn: 'NO-SUCH-GATEWAY' })));
    await refused(725, () => ctx.acme('POST', '/sp/charger', aChargerBody({ companyCode: B })));
  });

  it('edits a charger; a connected one keeps its SN, station, phase and type (717)', async () => {
    const c = await ctx.acme('POST', '/sp/charger', aChargerBody({ stationId: stationA }));
    const up = await ctx.acme('PUT', `/sp/charger/${c.data.id}`, { phase: 'SINGLE', installerCompany: 'Sparks Ltd' });
    expect(up.data).toMatchObject({ phase: 'SINGLE', installerCompany: 'Sparks Ltd' });
    await ctx.s.database.db.update(charger).set({ online: true }).where(eq(charger.id, c.data.id));
    await refused(717, () => ctx.acme('PUT', `/sp/charger/${c.data.id}`, { serialNum: 'RENAMED000000001' }));
    await refused(717, () => ctx.acme('PUT', `/sp/charger/${c.data.id}`, { stationId: stationA2 }));
    await refused(717, () => ctx.acme('PUT', `/sp/charger/${c.data.id}`, { phase: 'THREE' }));
    await refused(717, () => ctx.acme('PUT', `/sp/charger/${c.data.id}`, { type: 'DC' }));
    const ok = await ctx.acme('PUT', `/sp/charger/${c.data.id}`, { installerContact: '+1 555 0100' });
    expect(ok.data.installerContact).toBe('+1 555 0100');
  });

  it('refuses edits of a charger with an unclosed order (716)', async () => {
    const c = await ctx.acme('POST', '/sp/charger', aChargerBody({ stationId: stationA }));
    await ctx.s.database.db.insert(chargeOrder).values({
      orderNo: `O-${c.data.id}`,
      companyCode: A,
      chargerId: c.data.id,
      chargerSn: c.data.serialNum,
      connectorId: 1,
      transactionId: 100000 + c.data.id,
      idTag: 'TAG',
      idTagStatus: 'Accepted',
      chargerStartTime: new Date(),
      meterStart: 0,
      currency: 'EUR',
    });
    await refused(716, () => ctx.acme('PUT', `/sp/charger/${c.data.id}`, { stationId: stationA2 }));
    expect((await ctx.acme('PUT', `/sp/charger/${c.data.id}`, { equipmentNumber: 'EQ-NEW' })).code).toBe(200);
  });

  it('refuses a duplicate on edit (302 / 303) and another company (725), unknown id (800)', async () => {
    const c = await ctx.acme('POST', '/sp/charger', aChargerBody());
    await refused(302, () => ctx.acme('PUT', `/sp/charger/${c.data.id}`, { serialNum: 'ACME000000000001' }));
    await refused(303, () => ctx.acme('PUT', `/sp/charger/${c.data.id}`, { chargerStationCode: 'A-01' }));
    await refused(725, () => ctx.acme('PUT', `/sp/charger/${c.data.id}`, { stationId: stationB }));
    const beta = await ctx.admin('POST', '/sp/charger', aChargerBody({ stationId: stationB }));
    expect(beta.data.companyCode).toBe(B);
    await refused(725, () => ctx.acme('PUT', `/sp/charger/${beta.data.id}`, { equipmentNumber: 'X' }));
    await refused(725, () => ctx.acme('PUT', `/sp/charger/${beta.data.id}/status`, { active: false }));
    await refused(725, () => ctx.acme('POST', `/sp/charger/${beta.data.id}/ocpp-password`));
    await refused(800, () => ctx.acme('PUT', '/sp/charger/999999', { equipmentNumber: 'X' }));
  });

  it('deactivates a charger and announces it on the bus; activates it again', async () => {
    const c = await ctx.acme('POST', '/sp/charger', aChargerBody({ stationId: stationA }));
    await ctx.s.database.db.update(charger).set({ online: true }).where(eq(charger.id, c.data.id));
    const seen: string[] = [];
    const off = ctx.s.app.bus.on('identityDeactivated', (p) => seen.push(p.serialNum));
    try {
      const res = await ctx.acme('PUT', `/sp/charger/${c.data.id}/status`, { active: false });
      expect(res.data.lifeStatus).toBe('INACTIVE');
      expect(seen).toEqual([c.data.serialNum]);
      const on = await ctx.acme('PUT', `/sp/charger/${c.data.id}/status`, { active: true });
      expect(on.data.lifeStatus).toBe('ACTIVE');
      expect(seen).toHaveLength(1);
    } finally {
      off();
    }
    await refused(400, () => ctx.acme('PUT', `/sp/charger/${c.data.id}/status`, { active: 'no' }));
  });

  it('generates an OCPP password shown once, stored hashed, and removes it', async () => {
    const c = await ctx.acme('POST', '/sp/charger', aChargerBody());
    const res = await ctx.acme('POST', `/sp/charger/${c.data.id}/ocpp-password`);
    expect(res.code).toBe(200);
    expect(res.data.username).toBe(c.data.serialNum);
    expect(res.data.password).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const [row] = await ctx.s.database.db.select().from(charger).where(eq(charger.id, c.data.id));
    expect(row.ocppPasswordHash).not.toContain(res.data.password);
    expect(await verifyPassword(res.data.password, row.ocppPasswordHash!)).toBe(true);
    const after = await ctx.acme('PUT', `/sp/charger/${c.data.id}`, { equipmentNumber: 'EQ-2' });
    expect(after.data.hasOcppPassword).toBe(true);
    expect(JSON.stringify(after.data)).not.toContain(row.ocppPasswordHash!);
    expect((await ctx.acme('DELETE', `/sp/charger/${c.data.id}/ocpp-password`)).code).toBe(200);
    const [cleared] = await ctx.s.database.db.select().from(charger).where(eq(charger.id, c.data.id));
    expect(cleared.ocppPasswordHash).toBeNull();
  });

  it('needs the station-profile permission (403)', async () => {
    const other = caller(ctx.s, await companyUser(ctx.s, A, ['menu:monitoring:chargermonotoring']));
    await refused(403, () => other('POST', '/sp/charger', aChargerBody()));
  });

  it('over OCPP: an unregistered SN is refused, registering lets it boot, deactivating disconnects it', async () => {
    const sn = 'OCPPFLOW00000001';
    expect(await handshakeStatus(ctx.s.ocppUrl, sn)).toBe(404);
    const c = await ctx.acme('POST', '/sp/charger', aChargerBody({ serialNum: sn, stationId: stationA }));
    expect(c.code).toBe(200);
    const cp = await connect(ctx.s.ocppUrl, sn);
    let closed = false;
    cp.on('close', () => {
      closed = true;
    });
    const boot = (await cp.call('BootNotification', aBootNotification())) as { status: string };
    expect(boot.status).toBe('Accepted');
    await eventually(async () => (await ctx.acme('GET', `/sp/charger/${c.data.id}`)).data?.online);
    expect((await ctx.acme('PUT', `/sp/charger/${c.data.id}/status`, { active: false })).code).toBe(200);
    await eventually(async () => closed);
    expect(await handshakeStatus(ctx.s.ocppUrl, sn)).toBe(403);
  });

  it('over OCPP: a generated password is required at the handshake', async () => {
    const sn = 'OCPPPASS00000001';
    const c = await ctx.acme('POST', '/sp/charger', aChargerBody({ serialNum: sn, stationId: stationA }));
    const { password } = (await ctx.acme('POST', `/sp/charger/${c.data.id}/ocpp-password`)).data;
    expect(await handshakeStatus(ctx.s.ocppUrl, sn)).toBe(401);
    expect(await handshakeStatus(ctx.s.ocppUrl, sn, { password })).toBe('open');
    await ctx.acme('DELETE', `/sp/charger/${c.data.id}/ocpp-password`);
    expect(await handshakeStatus(ctx.s.ocppUrl, sn)).toBe('open');
  });
});
