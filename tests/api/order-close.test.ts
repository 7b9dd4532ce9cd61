import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { charger, chargeOrder, connector, meterValue } from '../../server/db/schema.js';
import { demoServer } from '../support/demo.js';

describe.each(backends())('closing a stuck order on %s', (backend) => {
  let s: TestServer;
  let volta: string;
  let hkev: string;
  let ids: number[];
  const close = (token: string, id: number) => s.app.inject({ method: 'PUT', url: `/sp/order/${id}/close`, headers: { authorization: `Bearer ${token}` } });

  /** Turns order `id` back into a running session started `hoursAgo` ago with meterStart 1000 Wh. */
  const reopen = async (id: number, hoursAgo: number) => {
    await s.database.db
      .update(chargeOrder)
      .set({
        status: 'CHARGING',
        chargerStopTime: null,
        serverStopTime: null,
        meterStart: 1000,
        meterStop: null,
        energyKwh: '0',
        chargerStartTime: new Date(Date.now() - hoursAgo * 3_600_000),
        paid: false,
        stopReason: null,
      })
      .where(eq(chargeOrder.id, id));
    const [o] = await s.database.db.select().from(chargeOrder).where(eq(chargeOrder.id, id));
    await s.database.db.delete(meterValue).where(and(eq(meterValue.transactionId, o.transactionId), eq(meterValue.chargerId, o.chargerId)));
    return o;
  };

  beforeAll(async () => {
    ({ s, volta, hkev } = await demoServer(backend));
    const rows = await s.database.db
      .select({ id: chargeOrder.id })
      .from(chargeOrder)
      .where(and(eq(chargeOrder.companyCode, 'VOLTA'), eq(chargeOrder.status, 'FINISHED')))
      .orderBy(chargeOrder.id)
      .limit(4);
    ids = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('closes an order of an offline charger at its last register reading, priced, in the caller company', async () => {
    const o = await reopen(ids[0], 2);
    await s.database.db.update(charger).set({ online: false }).where(eq(charger.id, o.chargerId));
    const t1 = new Date(Date.now() - 90 * 60_000);
    const t2 = new Date(Date.now() - 60 * 60_000);
    const base = { chargerId: o.chargerId, connectorId: o.connectorId, transactionId: o.transactionId, measurand: 'Energy.Active.Import.Register' };
    await s.database.db.insert(meterValue).values([
      { ...base, timestamp: t1, value: '1500', unit: 'Wh' },
      { ...base, timestamp: t2, value: '3.5', unit: 'kWh' },
      { ...base, timestamp: t2, measurand: 'Power.Active.Import', value: '7000', unit: 'W' },
    ]);
    const res = await close(volta, o.id);
    expect(res.json().code).toBe(200);
    const rec = res.json().data;
    expect(rec).toMatchObject({
      id: o.id,
      status: 'CLOSED',
      meterStop: 3500,
      energyKwh: '2.500',
      chargerStopTime: t2.toISOString(),
      stopReason: 'ClosedByOperator',
    });
    expect(rec.serverStopTime).toBeTruthy();
    expect(rec.totalAmount).toMatch(/^\d+(\.\d+)?$/);
    expect(rec.breakdown).toMatchObject({ closedBy: 'volta.staff' });
    // The list shows it closed.
    const list = await s.app.inject({ method: 'GET', url: `/sp/order?q=${rec.orderNo}&status=CLOSED`, headers: { authorization: `Bearer ${volta}` } });
    expect(list.json().data.total).toBe(1);
  });

  it('answers 724 when the order is not charging any more', async () => {
    const again = await close(volta, ids[0]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(724);
    expect(again.json().data).toEqual({ reason: 'NOT_CHARGING' });
    const finished = await close(volta, ids[3]);
    expect(finished.json().code).toBe(724);
  });

  /** Sets the connector's last StatusNotification. */
  const connectorStatus = async (chargerId: number, connectorId: number, status: string) => {
    await s.database.db
      .insert(connector)
      .values({ chargerId, connectorId, status, statusAt: new Date() })
      .onConflictDoUpdate({ target: [connector.chargerId, connector.connectorId], set: { status, statusAt: new Date() } });
  };

  it('refuses a recent order of an online charger whose connector charges (724) and closes it once it is older than the limit', async () => {
    const o = await reopen(ids[1], 1);
    await s.database.db.update(charger).set({ online: true }).where(eq(charger.id, o.chargerId));
    await connectorStatus(o.chargerId, o.connectorId, 'Charging');
    const res = await close(volta, o.id);
    expect(res.json().code).toBe(724);
    expect(res.json().data).toEqual({ reason: 'CHARGER_ONLINE' });
    await reopen(ids[1], 13);
    const later = await close(volta, o.id);
    expect(later.json().code).toBe(200);
    // No register reading: stopped now with no energy.
    expect(later.json().data.energyKwh).toBe('0.000');
    expect(later.json().data.meterStop).toBe(1000);
    expect(Date.now() - Date.parse(later.json().data.chargerStopTime)).toBeLessThan(60_000);
    await s.database.db.update(charger).set({ online: false }).where(eq(charger.id, o.chargerId));
  });

  it('closes a recent order of an online charger whose connector is not in a transaction (Available)', async () => {
    const o = await reopen(ids[1], 1);
    await s.database.db.update(charger).set({ online: true }).where(eq(charger.id, o.chargerId));
    await connectorStatus(o.chargerId, o.connectorId, 'Charging');
    expect((await close(volta, o.id)).json().code).toBe(724);
    await connectorStatus(o.chargerId, o.connectorId, 'Available');
    const res = await close(volta, o.id);
    expect(res.json().code).toBe(200);
    expect(res.json().data.status).toBe('CLOSED');
    await s.database.db.update(charger).set({ online: false }).where(eq(charger.id, o.chargerId));
  });

  it('keeps companies apart (725) and answers 400 for an unknown order', async () => {
    const o = await reopen(ids[2], 20);
    const res = await close(hkev, o.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(725);
    const [still] = await s.database.db.select({ status: chargeOrder.status }).from(chargeOrder).where(eq(chargeOrder.id, o.id));
    expect(still.status).toBe('CHARGING');
    const missing = await close(volta, 99_999_999);
    expect(missing.json().code).toBe(400);
  });
});
