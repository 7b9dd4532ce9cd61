/**
 * Money over OCPP against hostile or broken chargers: charger clocks out of any plausible window
 * (priced at server times, flagged, never free), fractional Wh readings billed exactly, absurd
 * meter values refused without half-writes, a late Stop after a close by hand reconciled through
 * the ledger, one open order per connector, stale orders after a reboot, and one session per card.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { aBootNotification, aCard, aMeterValues, aStartTransaction, aStatusNotification, aStopTransaction } from '../support/builders.js';
import { balanceRecord, cardUser, chargeOrder, meterValue } from '../../server/db/schema.js';
import { ledgerSum } from '../../server/modules/balance/ledger.js';
import { closeOrder } from '../../server/modules/order/close.js';
import { eventually, pricedSuite, type PricedSuite } from './helpers.js';

type StartConf = { transactionId: number; idTagInfo: { status: string } };

describe.each(backends())('money against broken chargers on %s', (backend) => {
  const suite = pricedSuite(backend);
  const { aChargePoint, aFundedCard, orderOf } = suite;
  let s: TestServer;
  let net: PricedSuite['net'];
  beforeAll(() => {
    ({ s, net } = suite);
  });

  const balanceOf = async (cardId: number) => {
    const [row] = await s.database.db.select({ balance: cardUser.balance }).from(cardUser).where(eq(cardUser.id, cardId));
    return row.balance;
  };
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  /** A charger and a card funded with `balance`, and the Start it sends (meter in Wh, timestamp ISO). */
  const started = async (balance: string, fields: Parameters<typeof aStartTransaction>[0]) => {
    const point = await aChargePoint();
    const card = await aFundedCard(balance);
    const start = (await point.cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, ...fields }))) as StartConf;
    return { ...point, card, start };
  };

  describe('charger clocks (items 2 and 3)', () => {
    it('a Start dated 1970 and a Stop dated 2126: both clocks kept, priced at server times, flagged CHARGER_CLOCK', async () => {
      const before = Date.now();
      const { cp, card, start } = await started('100.00', { meterStart: 1000, timestamp: '1970-01-01T00:00:00Z' });
      expect(start.idTagInfo.status).toBe('Accepted');
      expect((await orderOf(start.transactionId)).flags).toEqual(['CHARGER_CLOCK']);
      await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 11_000, timestamp: '2126-01-01T00:00:00Z' }));
      const o = await orderOf(start.transactionId);
      expect(o.chargerStartTime.toISOString()).toBe('1970-01-01T00:00:00.000Z');
      expect(o.chargerStopTime?.toISOString()).toBe('2126-01-01T00:00:00.000Z');
      expect(o.serverStartTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(o.serverStopTime!.getTime()).toBeGreaterThanOrEqual(o.serverStartTime.getTime());
      expect(o).toMatchObject({ status: 'FINISHED', energyKwh: '10.000', totalAmount: '3.50', paid: true, flags: ['CHARGER_CLOCK'] });
      expect((o.breakdown as { clock: string }).clock).toBe('SERVER');
      expect(await balanceOf(card.id)).toBe('96.50');
    });

    it('a Stop dated before its Start bills meterStop − meterStart at server times, flagged STOP_BEFORE_START', async () => {
      const { cp, card, start } = await started('100.00', { meterStart: 0, timestamp: minutesAgo(10) });
      await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 30_000, timestamp: minutesAgo(60) }));
      const o = await orderOf(start.transactionId);
      expect(o).toMatchObject({ energyKwh: '30.000', totalAmount: '10.50', paid: true, flags: ['STOP_BEFORE_START'] });
      expect(await balanceOf(card.id)).toBe('89.50');
    });

    it('a Start dated in the future is billed all the same, flagged CHARGER_CLOCK', async () => {
      const { cp, start } = await started('100.00', { meterStart: 0, timestamp: new Date(Date.now() + 5 * 3_600_000).toISOString() });
      await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 30_000 }));
      const o = await orderOf(start.transactionId);
      expect(o).toMatchObject({ energyKwh: '30.000', totalAmount: '10.50', paid: true, flags: ['CHARGER_CLOCK'] });
    });
  });

  describe('decimal readings (item 4)', () => {
    const session = async (stopWh: number, mids: { value: string; unit: string }[]) => {
      const { cp, start } = await started('100.00', { meterStart: 0, timestamp: minutesAgo(30) });
      for (const [i, m] of mids.entries()) {
        await cp.call('MeterValues', {
          connectorId: 1,
          transactionId: start.transactionId,
          meterValue: [{ timestamp: minutesAgo(20 - i), sampledValue: [{ ...m, measurand: 'Energy.Active.Import.Register' }] }],
        });
      }
      await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: stopWh, timestamp: minutesAgo(1) }));
      return orderOf(start.transactionId);
    };

    it('71.25 Wh → 71.35 Wh → 150 Wh at 0.35: 0.0525 rounds to 0.05; 0.15 kWh exactly', async () => {
      const o = await session(150, [
        { value: '71.25', unit: 'Wh' },
        { value: '71.35', unit: 'Wh' },
      ]);
      expect((o.breakdown as { exact: { energyKwh: string; electricityFee: string } }).exact).toMatchObject({ energyKwh: '0.15', electricityFee: '0.0525' });
      expect(o.totalAmount).toBe('0.05');
    });

    it('readings in kWh (0.07125, 0.07135) and 83.3 kWh at 0.35 bill 29.16, not 29.15', async () => {
      const o = await session(83_300, [
        { value: '0.07125', unit: 'kWh' },
        { value: '0.07135', unit: 'kWh' },
      ]);
      expect((o.breakdown as { exact: { electricityFee: string } }).exact.electricityFee).toBe('29.155');
      expect(o.totalAmount).toBe('29.16');
    });
  });

  describe('absurd meter values (item 10)', () => {
    it('refuses a meterStart of 1e19 with PropertyConstraintViolation and stores nothing, retry included', async () => {
      const { ch, cp } = await aChargePoint();
      for (let i = 0; i < 2; i++) {
        await expect(cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 1e19 }))).rejects.toMatchObject({
          rpcErrorCode: 'PropertyConstraintViolation',
        });
      }
      expect(await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.chargerId, ch.id))).toHaveLength(0);
    });

    it('refuses MeterValues with 1e300 Wh and stores none of its values, however often it is retried', async () => {
      const { ch, cp, start } = await started('10.00', { meterStart: 0 });
      const bad = aMeterValues({ transactionId: start.transactionId, energyWh: 1e300 });
      for (let i = 0; i < 3; i++) {
        await expect(cp.call('MeterValues', bad)).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
      }
      expect(await s.database.db.select().from(meterValue).where(eq(meterValue.chargerId, ch.id))).toHaveLength(0);
      expect(await orderOf(start.transactionId)).toMatchObject({ status: 'CHARGING', energyKwh: '0.000' });
    });

    it('ends an order whose meterStop is 9e15 from its last good reading, flagged; a retry changes nothing', async () => {
      const { cp, start } = await started('10.00', { meterStart: 0, timestamp: minutesAgo(30) });
      await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 2000, timestamp: minutesAgo(10) }));
      const stop = aStopTransaction({ transactionId: start.transactionId, meterStop: 9e15 });
      expect(await cp.call('StopTransaction', stop)).toEqual({});
      expect(await cp.call('StopTransaction', stop)).toEqual({});
      const o = await orderOf(start.transactionId);
      expect(o).toMatchObject({ status: 'FINISHED', meterStop: 2000, energyKwh: '2.000', totalAmount: '0.70', flags: ['METER_OUT_OF_RANGE'] });
    });
  });

  describe('a late Stop after a close by hand (item 12)', () => {
    it('keeps the charger figures, re-prices and corrects the balance with a RECONCILE row: Σ ledger = balance', async () => {
      const { cp, card, start } = await started('50.00', { meterStart: 0, timestamp: minutesAgo(120) });
      await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 5000, timestamp: minutesAgo(90) }));
      const open = await orderOf(start.transactionId);
      expect(await closeOrder(s.database.db, open.id, 'operator')).toBe(true);
      const closed = await orderOf(start.transactionId);
      expect(closed).toMatchObject({ status: 'CLOSED', energyKwh: '5.000', totalAmount: '1.75' });
      expect(await balanceOf(card.id)).toBe('48.25');

      // The charger's Stop arrives: 25 kWh more than the operator knew, with its meter samples.
      const late = aStopTransaction({
        transactionId: start.transactionId,
        meterStop: 30_000,
        timestamp: minutesAgo(5),
        reason: 'EVDisconnected',
        transactionData: [{ timestamp: minutesAgo(60), sampledValue: [{ value: '20000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }],
      });
      expect(await cp.call('StopTransaction', late)).toEqual({});
      const o = await orderOf(start.transactionId);
      expect(o).toMatchObject({ status: 'FINISHED', meterStop: 30_000, energyKwh: '30.000', totalAmount: '10.50', stopReason: 'EVDisconnected', paid: true });
      expect(o.flags).toContain('LATE_STOP');
      const samples = await s.database.db
        .select()
        .from(meterValue)
        .where(and(eq(meterValue.transactionId, start.transactionId), eq(meterValue.value, '20000')));
      expect(samples).toHaveLength(1);
      const rows = await s.database.db
        .select()
        .from(balanceRecord)
        .where(and(eq(balanceRecord.holderId, card.id), eq(balanceRecord.changeType, 'RECONCILE')));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ changeAmount: '-8.75', relevanceId: o.id, deductType: 'CARD' });
      expect(rows[0].remark).toContain(o.orderNo);
      expect(await balanceOf(card.id)).toBe('39.50');
      expect(await ledgerSum(s.database.db, 'CARD', card.id)).toBe('39.50');

      // A retried late Stop changes nothing.
      await cp.call('StopTransaction', late);
      expect(await balanceOf(card.id)).toBe('39.50');
      expect(await orderOf(start.transactionId)).toEqual(o);
    });
  });

  describe('a late Stop after a close at 0.00 (issue 24, item 3)', () => {
    /** The charger's real Stop: 7 kWh (2.45 at 0.35), with a sample, after a close at 0.00 before any reading. */
    const lateStop = (transactionId: number) =>
      aStopTransaction({
        transactionId,
        meterStop: 7000,
        timestamp: minutesAgo(2),
        reason: 'EVDisconnected',
        transactionData: [{ timestamp: minutesAgo(10), sampledValue: [{ value: '3000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }],
      });
    const reconcileRows = (cardId: number) =>
      s.database.db
        .select()
        .from(balanceRecord)
        .where(and(eq(balanceRecord.holderId, cardId), eq(balanceRecord.holderType, 'CARD'), eq(balanceRecord.changeType, 'RECONCILE')));
    /** The three ways an order is closed at 0.00 before its charger's Stop; each answers the closed order's transactionId. */
    const closesAtZero: [string, (cp: RpcClient, idTag: string) => Promise<number>][] = [
      [
        'closed by hand',
        async (cp, idTag) => {
          const start = (await cp.call('StartTransaction', aStartTransaction({ idTag, meterStart: 0, timestamp: minutesAgo(30) }))) as StartConf;
          expect(await closeOrder(s.database.db, (await orderOf(start.transactionId)).id, 'operator')).toBe(true);
          return start.transactionId;
        },
      ],
      [
        'superseded by a new Start',
        async (cp, idTag) => {
          const start = (await cp.call('StartTransaction', aStartTransaction({ idTag, meterStart: 0, timestamp: minutesAgo(30) }))) as StartConf;
          await cp.call('StartTransaction', aStartTransaction({ idTag: `OTHER${start.transactionId}`, meterStart: 0 }));
          return start.transactionId;
        },
      ],
      [
        'closed after a reboot',
        async (cp, idTag) => {
          const start = (await cp.call('StartTransaction', aStartTransaction({ idTag, meterStart: 0, timestamp: minutesAgo(30) }))) as StartConf;
          await cp.call('BootNotification', aBootNotification());
          await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available' }));
          await eventually(async () => ((await orderOf(start.transactionId)).status === 'CLOSED' ? true : undefined));
          return start.transactionId;
        },
      ],
    ];

    it.each(closesAtZero)(
      '%s: the real Stop is re-priced and taken from the balance by a RECONCILE row; Σ ledger = balance, paid',
      async (_how, closeAtZero) => {
        const { cp } = await aChargePoint();
        const card = await aFundedCard('20.00');
        const transactionId = await closeAtZero(cp, card.cardNumber);
        expect(await orderOf(transactionId)).toMatchObject({ status: 'CLOSED', totalAmount: '0.00', paid: true });
        expect(await balanceOf(card.id)).toBe('20.00');

        expect(await cp.call('StopTransaction', lateStop(transactionId))).toEqual({});
        const o = await orderOf(transactionId);
        expect(o).toMatchObject({ status: 'FINISHED', meterStop: 7000, energyKwh: '7.000', totalAmount: '2.45', stopReason: 'EVDisconnected', paid: true });
        expect(o.flags).toContain('LATE_STOP');
        const rows = await reconcileRows(card.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ changeAmount: '-2.45', oldBalance: '20.00', newBalance: '17.55', relevanceId: o.id, deductType: 'CARD' });
        expect(rows[0]!.remark).toContain(o.orderNo);
        expect((o.breakdown as { reconcile: { ledgerRecordId: number } }).reconcile.ledgerRecordId).toBe(rows[0]!.id);
        expect(await balanceOf(card.id)).toBe('17.55');
        expect(await ledgerSum(s.database.db, 'CARD', card.id)).toBe('17.55');

        // A retried Stop takes nothing more.
        expect(await cp.call('StopTransaction', lateStop(transactionId))).toEqual({});
        expect(await balanceOf(card.id)).toBe('17.55');
        expect(await reconcileRows(card.id)).toHaveLength(1);
      },
    );

    it('a balance too low for the correction leaves the order unpaid with 721, the balance and Σ ledger untouched', async () => {
      const { cp } = await aChargePoint();
      const card = await aFundedCard('1.00');
      const transactionId = await closesAtZero[0]![1](cp, card.cardNumber);
      expect(await cp.call('StopTransaction', lateStop(transactionId))).toEqual({});
      const o = await orderOf(transactionId);
      expect(o).toMatchObject({ status: 'FINISHED', totalAmount: '2.45', paid: false });
      expect((o.breakdown as { reconcile: { code: number } }).reconcile.code).toBe(721);
      expect(await reconcileRows(card.id)).toHaveLength(0);
      expect(await balanceOf(card.id)).toBe('1.00');
      expect(await ledgerSum(s.database.db, 'CARD', card.id)).toBe('1.00');
    });

    it('a manager card is re-priced but not charged, and stays paid', async () => {
      const { cp } = await aChargePoint();
      const card = await aFundedCard('5.00', { managerCard: true });
      const transactionId = await closesAtZero[0]![1](cp, card.cardNumber);
      await cp.call('StopTransaction', lateStop(transactionId));
      expect(await orderOf(transactionId)).toMatchObject({ status: 'FINISHED', totalAmount: '2.45', paid: true });
      expect(await reconcileRows(card.id)).toHaveLength(0);
      expect(await balanceOf(card.id)).toBe('5.00');
    });
  });

  describe('one open order per connector (item 13)', () => {
    it('a new Start on a busy connector closes the stale order as SUPERSEDED', async () => {
      const { cp } = await aChargePoint();
      const card = await aFundedCard('20.00');
      const first = (await cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0, timestamp: minutesAgo(30) }))) as StartConf;
      await cp.call('MeterValues', aMeterValues({ transactionId: first.transactionId, energyWh: 1000, timestamp: minutesAgo(20) }));
      const second = (await cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 1500 }))) as StartConf;
      expect(second.idTagInfo.status).toBe('Accepted');
      expect(await orderOf(first.transactionId)).toMatchObject({
        status: 'CLOSED',
        stopReason: 'Superseded',
        meterStop: 1000,
        totalAmount: '0.35',
        flags: ['SUPERSEDED'],
      });
      expect(await orderOf(second.transactionId)).toMatchObject({ status: 'CHARGING' });
    });

    it('50 pipelined Starts on one connector leave one open order', async () => {
      const { ch, cp } = await aChargePoint();
      const base = Date.now() - 60_000;
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          cp.call('StartTransaction', aStartTransaction({ idTag: `FLOOD${i}`, meterStart: i, timestamp: new Date(base + i).toISOString() })),
        ),
      );
      const open = await s.database.db
        .select()
        .from(chargeOrder)
        .where(and(eq(chargeOrder.chargerId, ch.id), eq(chargeOrder.status, 'CHARGING')));
      expect(open).toHaveLength(1);
      const all = await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.chargerId, ch.id));
      expect(all).toHaveLength(50);
      expect(all.filter((o) => o.flags.includes('SUPERSEDED'))).toHaveLength(49);
    });
  });

  describe('stale orders after a reboot (item 14)', () => {
    it('a connector reported Available after a BootNotification closes its old order from the last reading, flagged', async () => {
      const { cp, start } = await started('20.00', { meterStart: 0, timestamp: minutesAgo(30) });
      await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 2000, timestamp: minutesAgo(20) }));
      // Available without a reboot: the session may be in a pause; nothing changes.
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available', timestamp: minutesAgo(15) }));
      expect((await orderOf(start.transactionId)).status).toBe('CHARGING');
      await cp.call('BootNotification', aBootNotification());
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available' }));
      const o = await eventually(async () => {
        const row = await orderOf(start.transactionId);
        return row.status === 'CLOSED' ? row : undefined;
      });
      expect(o).toMatchObject({ stopReason: 'StaleAfterReboot', meterStop: 2000, totalAmount: '0.70', paid: true, flags: ['STALE_AFTER_REBOOT'] });
    });
  });

  describe('a Start the charger dropped (issue 24, item 18)', () => {
    it('a refused Start whose connector then reports Available, with no meter value and no Stop, is closed and flagged DROPPED_BY_CHARGER', async () => {
      const { ch, cp } = await aChargePoint();
      const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: 'NOSUCHCARD0001', meterStart: 500, timestamp: minutesAgo(2) }))) as StartConf;
      expect(start.idTagInfo.status).toBe('Invalid');
      // The charger refuses the session and drops it: no MeterValues, no StopTransaction, the connector is free again.
      expect(await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available', timestamp: minutesAgo(1) }))).toEqual({});
      const o = await orderOf(start.transactionId);
      expect(o).toMatchObject({
        status: 'CLOSED',
        stopReason: 'DroppedByCharger',
        meterStop: 500,
        energyKwh: '0.000',
        totalAmount: '0.00',
        paid: false,
        flags: ['DROPPED_BY_CHARGER'],
      });
      const open = await s.database.db
        .select()
        .from(chargeOrder)
        .where(and(eq(chargeOrder.chargerId, ch.id), eq(chargeOrder.status, 'CHARGING')));
      expect(open).toHaveLength(0);
    });

    it('an accepted Start dropped the same way is closed at 0.00; its Stop, if it ever comes, is reconciled and charged', async () => {
      const { cp, card, start } = await started('20.00', { meterStart: 0, timestamp: minutesAgo(3) });
      expect(start.idTagInfo.status).toBe('Accepted');
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Preparing', timestamp: minutesAgo(3) }));
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available', timestamp: minutesAgo(2) }));
      expect(await orderOf(start.transactionId)).toMatchObject({
        status: 'CLOSED',
        stopReason: 'DroppedByCharger',
        totalAmount: '0.00',
        paid: true,
        flags: ['DROPPED_BY_CHARGER'],
      });
      await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 2000, timestamp: minutesAgo(1) }));
      expect(await orderOf(start.transactionId)).toMatchObject({ status: 'FINISHED', totalAmount: '0.70', paid: true });
      expect(await balanceOf(card.id)).toBe('19.30');
      expect(await ledgerSum(s.database.db, 'CARD', card.id)).toBe('19.30');
    });

    it('a session with meter values, or an Available dated before the Start, stays open', async () => {
      const { cp, start } = await started('20.00', { meterStart: 0, timestamp: minutesAgo(10) });
      // An Available sent before the Start but handled after it (out of order) is not the session's end.
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available', timestamp: minutesAgo(11) }));
      expect((await orderOf(start.transactionId)).status).toBe('CHARGING');
      await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 1000, timestamp: minutesAgo(5) }));
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available', timestamp: minutesAgo(4) }));
      expect((await orderOf(start.transactionId)).status).toBe('CHARGING');
    });
  });

  describe('one session per card (item 17)', () => {
    it("answers ConcurrentTx to a second Start with a card already charging (Authorize: the card's own status); a manager card may charge twice", async () => {
      const a = await aChargePoint();
      const b = await aChargePoint();
      const card = await aFundedCard('20.00');
      const first = (await a.cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0 }))) as StartConf;
      expect(first.idTagInfo.status).toBe('Accepted');
      const second = (await b.cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0 }))) as StartConf;
      expect(second.idTagInfo.status).toBe('ConcurrentTx');
      // OCPP 1.6: ConcurrentTx is only relevant to StartTransaction; Authorize answers the card's
      // own status, so a card whose Stop was lost is not refused everywhere (issue 24 item 10).
      const auth = (await b.cp.call('Authorize', { idTag: card.cardNumber })) as { idTagInfo: { status: string } };
      expect(auth.idTagInfo.status).toBe('Accepted');
      // After its Stop the card may start again.
      await a.cp.call('StopTransaction', aStopTransaction({ transactionId: first.transactionId, meterStop: 0 }));
      const third = (await b.cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0, connectorId: 2 }))) as StartConf;
      expect(third.idTagInfo.status).toBe('Accepted');

      const manager = await aCard(s.database.db, net.company.code, { managerCard: true, balance: '0' });
      const m1 = (await a.cp.call('StartTransaction', aStartTransaction({ idTag: manager.cardNumber, meterStart: 0, connectorId: 3 }))) as StartConf;
      const m2 = (await b.cp.call('StartTransaction', aStartTransaction({ idTag: manager.cardNumber, meterStart: 0, connectorId: 3 }))) as StartConf;
      expect([m1.idTagInfo.status, m2.idTagInfo.status]).toEqual(['Accepted', 'Accepted']);
    });
  });
});
