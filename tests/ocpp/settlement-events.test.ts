/**
 * The settlement's custom events on every path that settles an order over OCPP (requirements
 * R13.5, R13.7): "company income duplication" when the ledger already holds the order's deduction,
 * "company income save failure" when the ledger cannot be written, "order already paid" when a late
 * Stop settles an order paid at its close — raised by a StopTransaction, by a new Start that
 * supersedes the open order, by a stale order closed after a reboot and by a late Stop reconciling
 * a close by hand; each is stored on the order's charger and connector and heard once on the
 * `event` bus topic after the commit. The OCPP answers stay what they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { aBootNotification, aCard, aFailingLedger, aMeterValues, aStartTransaction, aStatusNotification, aStopTransaction } from '../support/builders.js';
import { balanceRecord, event } from '../../server/db/schema.js';
import { closeOrder } from '../../server/modules/order/close.js';
import type { BusEvents } from '../../server/bus.js';
import { eventually, pricedSuite, type PricedSuite } from './helpers.js';

type StartConf = { transactionId: number; idTagInfo: { status: string } };

describe.each(backends())('settlement events over OCPP on %s', (backend) => {
  const suite = pricedSuite(backend);
  const { aChargePoint, aFundedCard, orderOf } = suite;
  let s: TestServer;
  let net: PricedSuite['net'];
  const heard: BusEvents['event'][] = [];
  let refuseLedgerOf: (cardId: number) => Promise<void>;

  beforeAll(async () => {
    ({ s, net } = suite);
    s.app.bus.on('event', (e) => heard.push(e));
    refuseLedgerOf = await aFailingLedger(s.database.db);
  });

  /** The events raised about order `orderId`. */
  const eventsOfOrder = (orderId: number) => s.database.db.select().from(event).where(eq(event.orderId, orderId)).orderBy(event.id);
  /** The bus changes heard for `ids`, waiting a moment for the announcement after the answer. */
  const heardFor = async (ids: number[]) => {
    await new Promise((r) => setTimeout(r, 50));
    return heard.filter((h) => ids.includes(h.eventId)).map((h) => [h.eventId, h.change]);
  };
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  it('a Stop whose deduction the ledger already holds raises "company income duplication", announced once', async () => {
    const { ch, cp } = await aChargePoint();
    const card = await aFundedCard('20.00');
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0, timestamp: minutesAgo(30) }))) as StartConf;
    const open = await orderOf(start.transactionId);
    // The company income of this order is already there (a second settlement of the same order).
    await s.database.db.insert(balanceRecord).values({
      companyCode: net.company.code,
      holderType: 'CARD',
      holderId: card.id,
      changeType: 'DEDUCT',
      deductType: 'CARD',
      changeAmount: '-1.00',
      oldBalance: '21.00',
      newBalance: '20.00',
      relevanceId: open.id,
      remark: open.orderNo,
    });
    expect(await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 4000, timestamp: minutesAgo(1) }))).toEqual({});
    expect(await orderOf(start.transactionId)).toMatchObject({ status: 'FINISHED', totalAmount: '1.40', paid: false });
    const rows = await eventsOfOrder(open.id);
    expect(rows).toMatchObject([
      {
        eventType: 'INCOME_DUPLICATED',
        eventLevel: 'custom',
        status: 'HAPPENING',
        deviceSn: ch.serialNum,
        connectorId: 1,
        stationId: net.station.id,
        companyCode: net.company.code,
      },
    ]);
    expect(rows[0]!.info).toContain(open.orderNo);
    expect(await heardFor([rows[0]!.id])).toEqual([[rows[0]!.id, 'opened']]);
  });

  it('a Stop whose deduction cannot be saved raises "company income save failure"', async () => {
    const { cp } = await aChargePoint();
    const card = await aFundedCard('20.00');
    await refuseLedgerOf(card.id);
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0, timestamp: minutesAgo(30) }))) as StartConf;
    expect(await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 2000, timestamp: minutesAgo(1) }))).toEqual({});
    const o = await orderOf(start.transactionId);
    expect(o).toMatchObject({ status: 'FINISHED', paid: false });
    const rows = await eventsOfOrder(o.id);
    expect(rows.map((e) => e.eventType)).toEqual(['INCOME_SAVE_FAILED']);
    expect(await heardFor([rows[0]!.id])).toEqual([[rows[0]!.id, 'opened']]);
  });

  it('a Start superseding the open order announces the income event of its settlement', async () => {
    const { ch, cp } = await aChargePoint();
    const card = await aFundedCard('20.00');
    await refuseLedgerOf(card.id);
    const first = (await cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0, timestamp: minutesAgo(30) }))) as StartConf;
    await cp.call('MeterValues', aMeterValues({ transactionId: first.transactionId, energyWh: 1000, timestamp: minutesAgo(20) }));
    const other = await aCard(s.database.db, net.company.code, { balance: '10.00' });
    const second = (await cp.call('StartTransaction', aStartTransaction({ idTag: other.cardNumber, meterStart: 1500 }))) as StartConf;
    expect(second.idTagInfo.status).toBe('Accepted');
    const superseded = await orderOf(first.transactionId);
    expect(superseded).toMatchObject({ status: 'CLOSED', flags: ['SUPERSEDED'], totalAmount: '0.35', paid: false });
    const rows = await eventsOfOrder(superseded.id);
    expect(rows).toMatchObject([{ eventType: 'INCOME_SAVE_FAILED', deviceSn: ch.serialNum, connectorId: 1, status: 'HAPPENING' }]);
    expect(await heardFor([rows[0]!.id])).toEqual([[rows[0]!.id, 'opened']]);
  });

  it('a stale order closed after a reboot announces the income event of its settlement', async () => {
    const { cp } = await aChargePoint();
    const card = await aFundedCard('20.00');
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0, timestamp: minutesAgo(30) }))) as StartConf;
    await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 2000, timestamp: minutesAgo(20) }));
    const open = await orderOf(start.transactionId);
    await s.database.db.insert(balanceRecord).values({
      companyCode: net.company.code,
      holderType: 'CARD',
      holderId: card.id,
      changeType: 'DEDUCT',
      deductType: 'CARD',
      changeAmount: '-0.70',
      oldBalance: '20.70',
      newBalance: '20.00',
      relevanceId: open.id,
      remark: open.orderNo,
    });
    await cp.call('BootNotification', aBootNotification());
    expect(await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available' }))).toEqual({});
    await eventually(async () => ((await orderOf(start.transactionId)).status === 'CLOSED' ? true : undefined));
    const rows = await eventsOfOrder(open.id);
    expect(rows.map((e) => e.eventType)).toEqual(['INCOME_DUPLICATED']);
    expect(await eventually(async () => ((await heardFor([rows[0]!.id])).length ? heardFor([rows[0]!.id]) : undefined))).toEqual([[rows[0]!.id, 'opened']]);
  });

  it('a late Stop for an order paid at its close raises "order already paid"; a correction the ledger cannot save raises "company income save failure"', async () => {
    const { ch, cp } = await aChargePoint();
    const card = await aFundedCard('50.00');
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0, timestamp: minutesAgo(120) }))) as StartConf;
    await cp.call('MeterValues', aMeterValues({ transactionId: start.transactionId, energyWh: 5000, timestamp: minutesAgo(90) }));
    const open = await orderOf(start.transactionId);
    expect(await closeOrder(s.database.db, open.id, 'operator')).toBe(true);
    expect(await orderOf(start.transactionId)).toMatchObject({ status: 'CLOSED', totalAmount: '1.75', paid: true });
    expect(await eventsOfOrder(open.id)).toEqual([]);
    await refuseLedgerOf(card.id);
    expect(await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 30_000, timestamp: minutesAgo(5) }))).toEqual({});
    const o = await orderOf(start.transactionId);
    expect(o).toMatchObject({ status: 'FINISHED', totalAmount: '10.50', paid: false });
    expect((o.breakdown as { reconcile: { code: number } }).reconcile.code).toBe(722);
    const rows = await eventsOfOrder(open.id);
    expect(rows.map((e) => [e.eventType, e.connectorId, e.deviceSn])).toEqual([
      ['ORDER_ALREADY_PAID', 1, ch.serialNum],
      ['INCOME_SAVE_FAILED', 1, ch.serialNum],
    ]);
    expect(rows[0]!.info).toContain('1.75 → 10.50');
    expect(await heardFor(rows.map((e) => e.id))).toEqual(rows.map((e) => [e.id, 'opened']));
    // A retried late Stop settles nothing again and opens nothing new (the order is paid no more).
    await cp.call('StopTransaction', aStopTransaction({ transactionId: start.transactionId, meterStop: 30_000, timestamp: minutesAgo(5) }));
    expect(
      await s.database.db
        .select()
        .from(event)
        .where(and(eq(event.orderId, open.id))),
    ).toHaveLength(2);
  });
});
