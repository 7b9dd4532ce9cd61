/**
 * The simulator against the real central system: sessions become FINISHED orders with energy,
 * remote commands are answered sensibly, and `startSimulation` attaches only what it is given.
 */
import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { aCard, aCharger, aNetwork } from '../support/builders.js';
import { charger, chargeOrder, gateway, meterValue } from '../../server/db/schema.js';
import { ChargePoint } from '../../sim/charge-point.js';
import { startNetwork } from '../../sim/network.js';
import { startSimulation } from '../../sim/attach.js';
import { eventually, serverSuite } from './helpers.js';

describe.each(backends())('simulator on %s', (backend) => {
  const ctx = serverSuite(backend);

  it('runs sessions that become FINISHED orders with metered energy', async () => {
    const net = await aNetwork(ctx.s.database.db);
    const second = await aCharger(ctx.s.database.db, net.company.code, { stationId: net.station.id });
    const sns = [net.charger.serialNum, second.serialNum];
    const network = await startNetwork({
      url: ctx.s.ocppUrl,
      idTags: [net.card.cardNumber],
      meterIntervalMs: 100,
      idleMs: [100, 300],
      sessionMs: [600, 900],
      chargers: sns.map((identity) => ({ identity, connectors: 2, ratedPowerW: 22_000 })),
    });
    try {
      await eventually(async () => {
        const rows = await ctx.s.database.db.select().from(chargeOrder).where(inArray(chargeOrder.chargerSn, sns));
        return rows.filter((r) => r.status === 'FINISHED').length >= 3;
      }, 400);
    } finally {
      await network.stop();
    }
    const orders = await ctx.s.database.db.select().from(chargeOrder).where(inArray(chargeOrder.chargerSn, sns));
    // stop() ends every running session with a StopTransaction.
    expect(orders.every((o) => o.status === 'FINISHED')).toBe(true);
    expect(orders.every((o) => o.idTagStatus === 'Accepted')).toBe(true);
    // Sessions that ran their course delivered energy (one cut short by stop() may not have).
    const completed = orders.filter((o) => o.stopReason === 'EVDisconnected');
    expect(completed.length).toBeGreaterThanOrEqual(3);
    expect(completed.every((o) => Number(o.energyKwh) > 0)).toBe(true);
    const samples = await ctx.s.database.db.select().from(meterValue).where(eq(meterValue.transactionId, completed[0].transactionId));
    expect(new Set(samples.map((v) => v.measurand))).toEqual(
      new Set(['Energy.Active.Import.Register', 'Power.Active.Import', 'Current.Import', 'Voltage', 'SoC']),
    );
    await eventually(async () => sns.every((sn) => !ctx.s.app.ocpp.isConnected(sn)));
    const [row] = await ctx.s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
    expect(row.vendor).toBe('ChargeDesk');
  });

  it('follows physics: energy ≤ rated power × duration, power ≤ rated, energy = ∫ power over the samples', async () => {
    const net = await aNetwork(ctx.s.database.db);
    const sn = net.charger.serialNum;
    const ratedW = 22_000;
    const network = await startNetwork({
      url: ctx.s.ocppUrl,
      idTags: [net.card.cardNumber],
      meterIntervalMs: 100,
      idleMs: [50, 100],
      sessionMs: [1_500, 2_000],
      chargers: [{ identity: sn, connectors: 1, ratedPowerW: ratedW }],
    });
    try {
      await eventually(
        async () =>
          (
            await ctx.s.database.db
              .select()
              .from(chargeOrder)
              .where(and(eq(chargeOrder.chargerSn, sn), eq(chargeOrder.stopReason, 'EVDisconnected')))
          ).length >= 2,
        400,
      );
    } finally {
      await network.stop();
    }
    const orders = await ctx.s.database.db.select().from(chargeOrder).where(eq(chargeOrder.chargerSn, sn));
    for (const o of orders) {
      const wh = o.meterStop! - o.meterStart;
      const hours = (o.chargerStopTime!.getTime() - o.chargerStartTime.getTime()) / 3_600_000;
      // A 22 kW charger cannot deliver more than 22 kW × the session's duration.
      expect(wh, o.orderNo).toBeLessThanOrEqual(ratedW * hours);
      const samples = await ctx.s.database.db
        .select()
        .from(meterValue)
        .where(and(eq(meterValue.transactionId, o.transactionId), eq(meterValue.chargerId, o.chargerId!)))
        .orderBy(asc(meterValue.timestamp));
      const power = samples.filter((v) => v.measurand === 'Power.Active.Import');
      const energy = samples.filter((v) => v.measurand === 'Energy.Active.Import.Register');
      for (const p of power) expect(Number(p.value)).toBeLessThanOrEqual(ratedW);
      // Between two readings the register grows by the power of the interval × its length (Wh; ±1 Wh rounding).
      for (let i = 1; i < energy.length; i++) {
        const dh = (energy[i].timestamp.getTime() - energy[i - 1].timestamp.getTime() + 5) / 3_600_000;
        expect(Number(energy[i].value) - Number(energy[i - 1].value)).toBeLessThanOrEqual(Number(power[i].value) * dh + 1);
      }
    }
  });

  it('answers remote commands sent through the central system', async () => {
    const net = await aNetwork(ctx.s.database.db);
    const sn = net.charger.serialNum;
    const cp = new ChargePoint({ url: ctx.s.ocppUrl, identity: sn, connectors: 2, meterIntervalMs: 100, reconnect: false });
    await cp.start();
    try {
      expect(await ctx.s.app.ocpp.call(sn, 'RemoteStartTransaction', { connectorId: 1, idTag: net.card.cardNumber })).toEqual({ status: 'Accepted' });
      const order = await eventually(async () => {
        const [o] = await ctx.s.database.db.select().from(chargeOrder).where(eq(chargeOrder.chargerSn, sn));
        return o;
      });
      // The connector is busy now: a second remote start there is refused (719).
      await expect(ctx.s.app.ocpp.call(sn, 'RemoteStartTransaction', { connectorId: 1, idTag: net.card.cardNumber })).rejects.toMatchObject({ code: 719 });
      expect(await ctx.s.app.ocpp.call(sn, 'RemoteStopTransaction', { transactionId: order.transactionId })).toEqual({ status: 'Accepted' });
      const done = await eventually(async () => {
        const [o] = await ctx.s.database.db.select().from(chargeOrder).where(eq(chargeOrder.id, order.id));
        return o.status === 'FINISHED' ? o : undefined;
      });
      expect(done.stopReason).toBe('Remote');
      const config = await ctx.s.app.ocpp.call<{ configurationKey: { key: string; value: string }[] }>(sn, 'GetConfiguration', { key: ['HeartbeatInterval'] });
      expect(config.configurationKey).toEqual([{ key: 'HeartbeatInterval', readonly: false, value: String(ctx.s.app.config.heartbeatInterval) }]);
      await expect(ctx.s.app.ocpp.call(sn, 'ChangeConfiguration', { key: 'NoSuchKey', value: '1' })).rejects.toMatchObject({ code: 719 });
      expect(await ctx.s.app.ocpp.call(sn, 'ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({ status: 'Accepted' });
      expect(await ctx.s.app.ocpp.call(sn, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).toEqual({ status: 'Accepted' });
      expect(await ctx.s.app.ocpp.call(sn, 'UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    } finally {
      await cp.stop();
    }
  });

  it("attaches the requested number of active chargers and their stations' gateways, and stops cleanly", async () => {
    const db = ctx.s.database.db;
    const net = await aNetwork(db);
    await aCard(db, net.company.code);
    // The simulation picks the lowest-id active charger; its station's active gateway comes along.
    const [first] = await db
      .select()
      .from(charger)
      .where(and(eq(charger.lifeStatus, 'ACTIVE'), isNull(charger.ocppPasswordHash)))
      .orderBy(asc(charger.id))
      .limit(1);
    const [gw] = await db
      .insert(gateway)
      .values({
        companyCode: first.companyCode,
        stationId: first.stationId,
        serialNum: `SIMGW${backend.slice(0, 2).toUpperCase()}00000001`,
        firmwareVersion: 'gw-7.1',
      })
      .returning();
    await db.insert(gateway).values({
      companyCode: first.companyCode,
      stationId: first.stationId,
      serialNum: `SIMGW${backend.slice(0, 2).toUpperCase()}00000002`,
      lifeStatus: 'INACTIVE',
    });
    const sim = await startSimulation({ db, url: ctx.s.ocppUrl, chargers: 1, log: { info: () => undefined } });
    try {
      await eventually(async () => ctx.s.app.ocpp.connected().length === 2);
      expect(ctx.s.app.ocpp.connected()).toEqual(expect.arrayContaining([first.serialNum, gw.serialNum]));
      const row = await eventually(async () =>
        (await db.select().from(gateway).where(eq(gateway.id, gw.id)))[0]?.model === 'SIM-GW'
          ? (await db.select().from(gateway).where(eq(gateway.id, gw.id)))[0]
          : null,
      );
      expect(row).toMatchObject({ online: true, vendor: 'ChargeDesk', firmwareVersion: 'gw-7.1' });
      expect(await ctx.s.app.ocpp.call(gw.serialNum, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).toEqual({ status: 'Accepted' });
    } finally {
      await sim.stop();
    }
    await eventually(async () => ctx.s.app.ocpp.connected().length === 0);
    await eventually(async () => !(await db.select().from(gateway).where(eq(gateway.id, gw.id)))[0].online);
  });
});
