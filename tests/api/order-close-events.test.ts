/**
 * The settlement's custom events when an operator closes a stuck order (`PUT /sp/order/:id/close`,
 * requirements R13.5, R13.7): a close whose deduction the ledger cannot save still closes the order
 * (unpaid) and raises "company income save failure", heard on the `event` bus after the commit;
 * asking to close an order that is already paid answers 724 and raises "order already paid" once
 * (a second ask repeats it); an unpaid or free order that is not charging raises nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aCard, aFailingLedger, aFlatTariff, aNetwork } from '../support/builders.js';
import { chargeOrder, charger, event, meterValue } from '../../server/db/schema.js';
import { changeBalance } from '../../server/modules/balance/ledger.js';
import type { BusEvents } from '../../server/bus.js';
import { call } from '../support/tenants.js';

describe.each(backends())('events of closing an order on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let net: Awaited<ReturnType<typeof aNetwork>>;
  let refuseLedgerOf: (cardId: number) => Promise<void>;
  const heard: BusEvents['event'][] = [];
  let txId = 700_000;

  beforeAll(async () => {
    s = await build(backend);
    s.app.bus.on('event', (e) => heard.push(e));
    net = await aNetwork(s.database.db);
    await aFlatTariff(s.database.db, net.company.code, net.station.id);
    refuseLedgerOf = await aFailingLedger(s.database.db);
    // An offline charger: its open orders may be closed by hand.
    await s.database.db.update(charger).set({ online: false }).where(eq(charger.id, net.charger.id));
    admin = await s.login();
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A card funded through the ledger, and an order of it CHARGING for an hour with 4 kWh read (1.40 at 0.35). */
  const aChargingOrder = async () => {
    const card = await aCard(s.database.db, net.company.code, { balance: '0' });
    await changeBalance(s.database.db, { holderType: 'CARD', holderId: card.id, changeType: 'GIFT', amount: '20.00' });
    const transactionId = ++txId;
    const startedAt = new Date(Date.now() - 3_600_000);
    const [o] = await s.database.db
      .insert(chargeOrder)
      .values({
        orderNo: `CLOSE${transactionId}`,
        companyCode: net.company.code,
        stationId: net.station.id,
        chargerId: net.charger.id,
        chargerSn: net.charger.serialNum,
        connectorId: 1,
        transactionId,
        idTag: card.cardNumber,
        idTagStatus: 'Accepted',
        cardUserId: card.id,
        chargerStartTime: startedAt,
        serverStartTime: startedAt,
        meterStart: 0,
        currency: 'EUR',
      })
      .returning();
    await s.database.db.insert(meterValue).values({
      chargerId: net.charger.id,
      connectorId: 1,
      transactionId,
      timestamp: new Date(Date.now() - 600_000),
      measurand: 'Energy.Active.Import.Register',
      value: '4000',
      unit: 'Wh',
    });
    return { order: o, card };
  };
  const eventsOfOrder = (orderId: number) => s.database.db.select().from(event).where(eq(event.orderId, orderId)).orderBy(event.id);
  const close = (id: number) => call(s, 'PUT', `/sp/order/${id}/close`, admin);

  it('a close whose deduction cannot be saved closes the order unpaid and raises "company income save failure"', async () => {
    const { order, card } = await aChargingOrder();
    await refuseLedgerOf(card.id);
    const res = await close(order.id);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ status: 'CLOSED', totalAmount: '1.40', paid: false });
    const rows = await eventsOfOrder(order.id);
    expect(rows).toMatchObject([
      { eventType: 'INCOME_SAVE_FAILED', status: 'HAPPENING', deviceSn: net.charger.serialNum, connectorId: 1, companyCode: net.company.code },
    ]);
    expect(heard.filter((h) => h.eventId === rows[0]!.id)).toEqual([
      { eventId: rows[0]!.id, companyCode: net.company.code, stationId: net.station.id, change: 'opened' },
    ]);
  });

  it('a close of an order already paid answers 724 and raises "order already paid", a second ask repeating it', async () => {
    const { order } = await aChargingOrder();
    const first = await close(order.id);
    expect(first.data).toMatchObject({ status: 'CLOSED', totalAmount: '1.40', paid: true });
    expect(await eventsOfOrder(order.id)).toEqual([]);
    const again = await close(order.id);
    expect(again.code).toBe(724);
    expect(again.data).toEqual({ reason: 'NOT_CHARGING' });
    const rows = await eventsOfOrder(order.id);
    expect(rows).toMatchObject([{ eventType: 'ORDER_ALREADY_PAID', status: 'HAPPENING', connectorId: 1, repeatCount: 1 }]);
    expect(rows[0]!.info).toContain('admin');
    expect(heard.filter((h) => h.eventId === rows[0]!.id).map((h) => h.change)).toEqual(['opened']);
    expect((await close(order.id)).code).toBe(724);
    const repeated = await eventsOfOrder(order.id);
    expect(repeated).toMatchObject([{ id: rows[0]!.id, repeatCount: 2 }]);
    expect(heard.filter((h) => h.eventId === rows[0]!.id)).toHaveLength(1);
  });

  it('a close of an unpaid order that is not charging raises nothing', async () => {
    const { order } = await aChargingOrder();
    await s.database.db.update(chargeOrder).set({ status: 'FINISHED', paid: false, totalAmount: '1.40' }).where(eq(chargeOrder.id, order.id));
    expect((await close(order.id)).code).toBe(724);
    expect(await eventsOfOrder(order.id)).toEqual([]);
  });
});
