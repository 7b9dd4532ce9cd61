/**
 * Transactions (requirements §10): orders from StartTransaction → MeterValues → StopTransaction,
 * idempotent retries, ownership of a Stop, refused idTags, and the idTag rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCard, aCharger, aMeterValues, aNetwork, aStartTransaction, aStation, aStopTransaction } from '../support/builders.js';
import { appUser, chargeOrder, meterValue } from '../../server/db/schema.js';
import { connect } from './helpers.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';

type StartConf = { transactionId: number; idTagInfo: { status: string } };

describe.each(backends())('OCPP transactions on %s', (backend) => {
  let s: TestServer;
  let net: Awaited<ReturnType<typeof aNetwork>>;
  let cp: RpcClient;
  beforeAll(async () => {
    s = await build(backend);
    net = await aNetwork(s.database.db);
    cp = await connect(s.ocppUrl, net.charger.serialNum);
  });
  afterAll(async () => {
    await cp?.close();
    await s?.close();
  });

  const orderOf = async (transactionId: number) => {
    const [row] = await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, transactionId));
    return row;
  };

  it('turns a session into a FINISHED order with its energy in kWh', async () => {
    const auth = (await cp.call('Authorize', { idTag: net.card.cardNumber })) as { idTagInfo: { status: string } };
    expect(auth.idTagInfo.status).toBe('Accepted');
    const t0 = new Date(Date.now() - 3_600_000);
    const start = (await cp.call(
      'StartTransaction',
      aStartTransaction({ idTag: net.card.cardNumber, meterStart: 1200, timestamp: t0.toISOString() }),
    )) as StartConf;
    expect(start.idTagInfo.status).toBe('Accepted');
    expect(start.transactionId).toBeGreaterThan(0);
    expect(start.transactionId).toBeLessThan(2 ** 31);
    // Persisted before the answer.
    const open = await orderOf(start.transactionId);
    expect(open).toMatchObject({
      status: 'CHARGING',
      meterStart: 1200,
      idTagStatus: 'Accepted',
      companyCode: net.company.code,
      stationId: net.station.id,
      currency: 'EUR',
      cardUserId: net.card.id,
    });
    expect(open.orderNo).toMatch(/^CD\d{8}\d{8}$/);
    expect(open.chargerStartTime.toISOString()).toBe(t0.toISOString());

    for (const [i, wh] of [3000, 9000].entries()) {
      expect(
        await cp.call(
          'MeterValues',
          aMeterValues({ transactionId: start.transactionId, energyWh: wh, timestamp: new Date(t0.getTime() + (i + 1) * 600_000).toISOString() }),
        ),
      ).toEqual({});
    }
    // While charging, the order shows the energy so far.
    expect(await orderOf(start.transactionId)).toMatchObject({ status: 'CHARGING', energyKwh: '7.800' });
    const t1 = new Date(t0.getTime() + 1_800_000);
    const stop = (await cp.call(
      'StopTransaction',
      aStopTransaction({
        transactionId: start.transactionId,
        idTag: net.card.cardNumber,
        meterStop: 13_657,
        timestamp: t1.toISOString(),
        reason: 'EVDisconnected',
        transactionData: [
          {
            timestamp: t1.toISOString(),
            sampledValue: [{ value: '13657', measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Transaction.End' }],
          },
        ],
      }),
    )) as { idTagInfo?: { status: string } };
    expect(stop.idTagInfo?.status).toBe('Accepted');
    const done = await orderOf(start.transactionId);
    expect(done).toMatchObject({ status: 'FINISHED', meterStop: 13_657, energyKwh: '12.457', stopReason: 'EVDisconnected', cost: '0.00', currency: 'EUR' });
    expect(done.chargerStopTime?.toISOString()).toBe(t1.toISOString());
    expect(done.serverStopTime).toBeInstanceOf(Date);
    const values = await s.database.db.select().from(meterValue).where(eq(meterValue.transactionId, start.transactionId));
    // 2 × (energy + power) + the Transaction.End reading
    expect(values).toHaveLength(5);
  });

  it('answers a retried Start with the same transactionId and stores one order', async () => {
    const req = aStartTransaction({ idTag: net.card.cardNumber, meterStart: 500, connectorId: 2 });
    const a = (await cp.call('StartTransaction', req)) as StartConf;
    const b = (await cp.call('StartTransaction', req)) as StartConf;
    expect(b.transactionId).toBe(a.transactionId);
    const rows = await s.database.db
      .select()
      .from(chargeOrder)
      .where(and(eq(chargeOrder.chargerId, net.charger.id), eq(chargeOrder.connectorId, 2)));
    expect(rows).toHaveLength(1);
    // A different start is a different transaction with an unrelated id.
    const c = (await cp.call(
      'StartTransaction',
      aStartTransaction({ idTag: net.card.cardNumber, meterStart: 500, connectorId: 2, timestamp: new Date(Date.now() + 1000).toISOString() }),
    )) as StartConf;
    expect(c.transactionId).not.toBe(a.transactionId);
  });

  it('changes nothing on a retried Stop', async () => {
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 1000, connectorId: 3 }))) as StartConf;
    const stopReq = aStopTransaction({ transactionId: start.transactionId, meterStop: 3500 });
    await cp.call('StopTransaction', stopReq);
    const first = await orderOf(start.transactionId);
    expect(first.energyKwh).toBe('2.500');
    // The retry carries another reading: it must not be applied.
    await cp.call('StopTransaction', { ...stopReq, meterStop: 9999, timestamp: new Date().toISOString() });
    const second = await orderOf(start.transactionId);
    expect(second).toEqual(first);
  });

  it('honours a Stop only from the charger that owns the transaction', async () => {
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 0, connectorId: 4 }))) as StartConf;
    const other = await aCharger(s.database.db, net.company.code, { stationId: net.station.id });
    const intruder = await connect(s.ocppUrl, other.serialNum);
    try {
      const conf = (await intruder.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 50_000 }))) as {
        idTagInfo?: { status: string };
      };
      expect(conf.idTagInfo?.status).toBe('Invalid');
      const unknown = (await intruder.call('StopTransaction', aStopTransaction({ transactionId: 7, meterStop: 1 }))) as { idTagInfo?: { status: string } };
      expect(unknown.idTagInfo?.status).toBe('Invalid');
    } finally {
      await intruder.close();
    }
    expect(await orderOf(start.transactionId)).toMatchObject({ status: 'CHARGING', meterStop: null, energyKwh: '0.000' });
  });

  it('still makes an order for a refused idTag, flagged with its status', async () => {
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: 'NOBODY-KNOWS', meterStart: 10, connectorId: 5 }))) as StartConf;
    expect(start.idTagInfo.status).toBe('Invalid');
    expect(start.transactionId).toBeGreaterThan(0);
    expect(await orderOf(start.transactionId)).toMatchObject({ idTagStatus: 'Invalid', status: 'CHARGING', cardUserId: null });
  });

  it('keeps late and out-of-order meter values', async () => {
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 0, connectorId: 6 }))) as StartConf;
    const t = Date.now();
    await cp.call(
      'MeterValues',
      aMeterValues({ connectorId: 6, transactionId: start.transactionId, energyWh: 5000, timestamp: new Date(t + 20_000).toISOString() }),
    );
    await cp.call(
      'MeterValues',
      aMeterValues({ connectorId: 6, transactionId: start.transactionId, energyWh: 2000, timestamp: new Date(t + 10_000).toISOString() }),
    );
    // Lower than the previous reading in time: kept (and logged).
    await cp.call(
      'MeterValues',
      aMeterValues({ connectorId: 6, transactionId: start.transactionId, energyWh: 4000, timestamp: new Date(t + 30_000).toISOString() }),
    );
    const rows = await s.database.db
      .select()
      .from(meterValue)
      .where(and(eq(meterValue.transactionId, start.transactionId), eq(meterValue.measurand, 'Energy.Active.Import.Register')));
    expect(rows.map((r) => r.value).sort()).toEqual(['2000', '4000', '5000']);
  });

  describe('the idTag rule', () => {
    const status = async (idTag: string) => ((await cp.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status;

    it('blocks a deactivated card and one without balance, but not a manager card', async () => {
      const inactive = await aCard(s.database.db, net.company.code, { active: false });
      const broke = await aCard(s.database.db, net.company.code, { balance: '0' });
      const manager = await aCard(s.database.db, net.company.code, { balance: '0', managerCard: true });
      expect(await status(inactive.cardNumber)).toBe('Blocked');
      expect(await status(broke.cardNumber)).toBe('Blocked');
      expect(await status(manager.cardNumber)).toBe('Accepted');
    });

    it('refuses a card of another company and a card scoped to other stations', async () => {
      const elsewhere = await aNetwork(s.database.db);
      expect(await status(elsewhere.card.cardNumber)).toBe('Invalid');
      const otherStation = await aStation(s.database.db, net.company.code);
      const scoped = await aCard(s.database.db, net.company.code, { scope: 'STATIONS', stationIds: [otherStation.id] });
      const here = await aCard(s.database.db, net.company.code, { scope: 'STATIONS', stationIds: [net.station.id] });
      expect(await status(scoped.cardNumber)).toBe('Invalid');
      expect(await status(here.cardNumber)).toBe('Accepted');
    });

    it('accepts an active app user idTag of the same company with a balance', async () => {
      await s.database.db.insert(appUser).values({ companyCode: net.company.code, nickname: 'ev', idTag: 'APPTAG1', balance: '10.00' });
      await s.database.db.insert(appUser).values({ companyCode: net.company.code, nickname: 'ev3', idTag: 'APPTAG3', balance: '0' });
      await s.database.db.insert(appUser).values({ companyCode: net.company.code, nickname: 'ev2', idTag: 'APPTAG2', active: false });
      expect(await status('APPTAG1')).toBe('Accepted');
      expect(await status('APPTAG2')).toBe('Blocked');
      expect(await status('APPTAG3')).toBe('Blocked');
    });

    it("answers Expired after a card's or app user's expiry date, and sends the date as idTagInfo.expiryDate (issue 24, item 23)", async () => {
      const info = async (idTag: string) => ((await cp.call('Authorize', { idTag })) as { idTagInfo: { status: string; expiryDate?: string } }).idTagInfo;
      const past = new Date(Date.now() - 60_000);
      const future = new Date(Date.now() + 86_400_000);
      const expired = await aCard(s.database.db, net.company.code, { expiryDate: past });
      const valid = await aCard(s.database.db, net.company.code, { expiryDate: future });
      const manager = await aCard(s.database.db, net.company.code, { managerCard: true, expiryDate: past });
      expect(await info(expired.cardNumber)).toEqual({ status: 'Expired', expiryDate: past.toISOString() });
      expect(await info(valid.cardNumber)).toEqual({ status: 'Accepted', expiryDate: future.toISOString() });
      expect(await info(manager.cardNumber)).toEqual({ status: 'Expired', expiryDate: past.toISOString() });
      // Without an expiry nothing is added.
      const plain = await aCard(s.database.db, net.company.code);
      expect(await info(plain.cardNumber)).toEqual({ status: 'Accepted' });
      // Another company's card learns nothing of its expiry.
      const elsewhere = await aNetwork(s.database.db, { card: { expiryDate: future } });
      expect(await info(elsewhere.card.cardNumber)).toEqual({ status: 'Invalid' });

      await s.database.db.insert(appUser).values({ companyCode: net.company.code, nickname: 'ev4', idTag: 'APPTAG4', balance: '5', expiryDate: past });
      expect(await info('APPTAG4')).toEqual({ status: 'Expired', expiryDate: past.toISOString() });

      // StartTransaction answers the same, and the order keeps the refusal.
      const refused = (await cp.call('StartTransaction', aStartTransaction({ connectorId: 7, idTag: expired.cardNumber, meterStart: 0 }))) as {
        transactionId: number;
        idTagInfo: { status: string; expiryDate?: string };
      };
      expect(refused.idTagInfo).toEqual({ status: 'Expired', expiryDate: past.toISOString() });
      expect(await orderOf(refused.transactionId)).toMatchObject({ idTagStatus: 'Expired', cardUserId: expired.id });
      const accepted = (await cp.call('StartTransaction', aStartTransaction({ connectorId: 8, idTag: valid.cardNumber, meterStart: 0 }))) as {
        idTagInfo: { status: string; expiryDate?: string };
      };
      expect(accepted.idTagInfo).toEqual({ status: 'Accepted', expiryDate: future.toISOString() });
    });
  });
});
