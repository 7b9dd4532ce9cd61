/**
 * Billing end to end over OCPP: a card session is priced by its station's time-of-use template
 * at StopTransaction and deducted from the card (deduct type CARD), once; a card that cannot pay
 * leaves the order unpaid with 721; an app user pays from their balance (deduct type BALANCE). A
 * long session is priced from the running split its MeterValues kept, with the figures of its full
 * history; a reading out of time order drops the split and the readings price the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCard, aMeterValues, aNetwork, aStartTransaction, aStopTransaction, aTwoWindowTariff } from '../support/builders.js';
import { appUser, balanceRecord, cardUser, chargeOrder, notification, rateTax } from '../../server/db/schema.js';
import { ledgerSum } from '../../server/modules/balance/ledger.js';
import { priceFinishedOrder } from '../../server/modules/billing/price-order.js';
import { connect } from './helpers.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';

type StartConf = { transactionId: number; idTagInfo: { status: string } };

/** `HH:mm` of yesterday (UTC) as ISO: recent enough for the charger clock window (domain/clock.ts). */
const DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const at = (hhmm: string) => `${DAY}T${hhmm}:00Z`;

describe.each(backends())('billing at StopTransaction on %s', (backend) => {
  let s: TestServer;
  let net: Awaited<ReturnType<typeof aNetwork>>;
  let cp: RpcClient;

  beforeAll(async () => {
    s = await build(backend);
    const db = s.database.db;
    net = await aNetwork(db, { card: { balance: '50.00' } });
    const templateId = await aTwoWindowTariff(db, net.company.code, net.station.id, { modelName: 'TOU', am: '0.20', pm: '0.40', servicePerKwh: '0.10' });
    await db.insert(rateTax).values({ templateId, taxName: 'VAT', taxPercentage: '19' });
    cp = await connect(s.ocppUrl, net.charger.serialNum);
  });
  afterAll(async () => {
    await cp?.close();
    await s?.close();
  });

  const session = async (idTag: string, startIso: string, stopIso: string, meterStart: number, meterStop: number, mid?: { at: string; wh: number }) => {
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag, meterStart, timestamp: startIso }))) as StartConf;
    if (mid) await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: mid.wh, timestamp: mid.at }));
    const stop = aStopTransaction({ transactionId: start.transactionId, meterStop, timestamp: stopIso });
    await cp.call('StopTransaction', stop);
    const [order] = await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, start.transactionId));
    return { order, stop, start };
  };

  it('prices a card session across two windows and deducts it once', async () => {
    // 11:00–13:00 UTC, 4 kWh before noon and 6 kWh after (sampled at 12:00).
    const { order, stop } = await session(net.card.cardNumber, at('11:00'), at('13:00'), 1000, 11_000, { at: at('12:00'), wh: 5000 });
    // electricity 4 × 0.20 + 6 × 0.40 = 3.20; service 10 × 0.10 = 1.00; cost 4.20; VAT 19 % = 0.798 → 0.80; total 4.998 → 5.00
    expect(order).toMatchObject({
      energyKwh: '10.000',
      electricityFee: '3.20',
      serviceFee: '1.00',
      cost: '4.20',
      taxAmount: '0.80',
      totalAmount: '5.00',
      paid: true,
      status: 'FINISHED',
    });
    const [card] = await s.database.db.select().from(cardUser).where(eq(cardUser.id, net.card.id));
    expect(card.balance).toBe('45.00');
    const deductions = await s.database.db
      .select()
      .from(balanceRecord)
      .where(and(eq(balanceRecord.relevanceId, order.id), eq(balanceRecord.changeType, 'DEDUCT')));
    expect(deductions).toHaveLength(1);
    expect(deductions[0]).toMatchObject({ deductType: 'CARD', changeAmount: '-5.00', oldBalance: '50.00', newBalance: '45.00' });
    // A retried Stop bills once.
    await cp.call('StopTransaction', stop);
    const [again] = await s.database.db.select().from(cardUser).where(eq(cardUser.id, net.card.id));
    expect(again.balance).toBe('45.00');
    expect(await ledgerSum(s.database.db, 'CARD', net.card.id)).toBe('-5.00'); // the opening 50.00 was set directly, not through the ledger
    const breakdown = order.breakdown as { windows: { energyKwh: string }[]; settlement: { rule: string } };
    expect(breakdown.windows.map((w) => w.energyKwh)).toEqual(['4', '6']);
    expect(breakdown.settlement.rule).toBe('DEDUCTED');
  });

  it('leaves the order unpaid with 721 when the card cannot pay', async () => {
    const poor = await aCard(s.database.db, net.company.code, { balance: '1.00' });
    const { order } = await session(poor.cardNumber, at('01:00'), at('02:00'), 0, 20_000);
    expect(order.paid).toBe(false);
    expect(order.totalAmount).toBe('7.14'); // 20 × 0.20 + 20 × 0.10 = 6.00; VAT 1.14
    expect((order.breakdown as { settlement: { code: number } }).settlement.code).toBe(721);
    const [card] = await s.database.db.select().from(cardUser).where(eq(cardUser.id, poor.id));
    expect(card.balance).toBe('1.00');
    const notes = await s.database.db.select().from(notification).where(eq(notification.serialNum, net.charger.serialNum));
    // Stored as data: one ORDER_UNPAID problem for the card (domain/notices.ts).
    expect(notes.find((n) => n.kind === 'ORDER_UNPAID')).toMatchObject({
      params: { orderNo: order.orderNo, code: 721, cardNumber: poor.cardNumber },
      repeatCount: 1,
    });
  });

  it('deducts an app session from the app balance', async () => {
    const [u] = await s.database.db.insert(appUser).values({ companyCode: net.company.code, nickname: 'ev', idTag: 'APPBILL1', balance: '20.00' }).returning();
    const { order } = await session('APPBILL1', at('14:00'), at('15:00'), 0, 5_000);
    // 5 × 0.40 + 0.50 = 2.50; × 1.19 = 2.975 → 2.98
    expect(order).toMatchObject({ totalAmount: '2.98', paid: true, userType: 'APP' });
    const [after] = await s.database.db.select().from(appUser).where(eq(appUser.id, u.id));
    expect(after.balance).toBe('17.02');
    const [rec] = await s.database.db.select().from(balanceRecord).where(eq(balanceRecord.relevanceId, order.id));
    expect(rec).toMatchObject({ holderType: 'APP', deductType: 'BALANCE', changeAmount: '-2.98' });
  });
  it('prices a long session from its running split with the figures of its full history', async () => {
    const db = s.database.db;
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 0, timestamp: at('09:00') }))) as StartConf;
    // 60 readings every 5 minutes in 12 messages, crossing noon, some lower than the one before (a regression adds nothing).
    for (let m = 0; m < 12; m++) {
      const meterValue = Array.from({ length: 5 }, (_, k) => {
        const i = m * 5 + k + 1;
        const t = new Date(new Date(at('09:00')).getTime() + i * 300_000).toISOString();
        return aMeterValues({ energyWh: i % 7 === 0 ? i * 150 - 400 : i * 150 + (i % 3), timestamp: t }).meterValue[0];
      });
      await cp.call('MeterValues', { connectorId: 1, transactionId: start.transactionId, meterValue });
    }
    const [open] = await db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, start.transactionId));
    expect(open.energySplit).toMatchObject({ lastAt: new Date(at('14:00')).getTime(), highWh: '9000' });
    expect(open.energySplit!.kwh).toHaveLength(2);
    await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 9_500, timestamp: at('14:30') }));
    const [order] = await db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, start.transactionId));
    // The same order priced from every stored reading.
    const full = await priceFinishedOrder(db, {
      chargerId: order.chargerId,
      stationId: order.stationId,
      transactionId: order.transactionId,
      currency: order.currency,
      meterStart: 0,
      meterStop: 9_500,
      chargerStartTime: order.chargerStartTime,
      chargerStopTime: order.chargerStopTime!,
      serverStartTime: order.serverStartTime,
      serverStopTime: order.serverStopTime!,
    });
    expect(order).toMatchObject({
      electricityFee: full.electricityFee,
      serviceFee: full.serviceFee,
      taxAmount: full.taxAmount,
      cost: full.cost,
      totalAmount: full.totalAmount,
    });
    const { settlement: _settled, ...breakdown } = order.breakdown as Record<string, unknown>;
    expect(breakdown).toEqual(full.breakdown);
    expect(order.energySplit).toBeNull();
  });

  it('stops keeping the split when a reading comes out of time order, and still prices from the readings', async () => {
    const db = s.database.db;
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: net.card.cardNumber, meterStart: 0, timestamp: at('10:00') }))) as StartConf;
    await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 4_000, timestamp: at('13:00') }));
    await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 1_000, timestamp: at('11:00') })); // late
    const [open] = await db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, start.transactionId));
    expect(open.energySplit).toBeNull();
    await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 4_000, timestamp: at('14:00') }));
    const [order] = await db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, start.transactionId));
    // 10–11: 1 kWh × 0.20; 11–13: 3 kWh, one hour each side of noon: 1.5 × 0.20 + 1.5 × 0.40
    expect(order.electricityFee).toBe('1.10');
  });
});
