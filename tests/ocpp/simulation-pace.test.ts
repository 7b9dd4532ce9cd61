/**
 * The built-in simulation continues the demo's history (issue 11 item 7): its session rate per
 * company equals the seeded history's daily rate (so charts do not spike on the last day), and
 * card holders top up when their balance runs low, so most new orders get paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { and, count, eq, gte } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { DEMO_COMPANY_CODES, loadDemoIfEmpty } from '../../fake-db/index.js';
import { balanceRecord, cardUser, chargeOrder } from '../../server/db/schema.js';
import { HISTORY_DAYS, sessionRates, spreadOverCompanies, startSimulation, topUpIfLow, topUpRule } from '../../sim/attach.js';
import { eventually } from './helpers.js';

describe('simulation pace (pure parts)', () => {
  it("splits each company's history rate over its attached chargers, by their own share", () => {
    const history = [
      { chargerId: 1, companyCode: 'A', orders: 30 },
      { chargerId: 2, companyCode: 'A', orders: 10 },
      { chargerId: 3, companyCode: 'A', orders: 30 },
      { chargerId: 9, companyCode: 'B', orders: 14 },
    ];
    const rates = sessionRates(
      history,
      [
        { id: 1, companyCode: 'A' },
        { id: 2, companyCode: 'A' },
        { id: 9, companyCode: 'B' },
        { id: 10, companyCode: 'B' },
      ],
      7,
    );
    // A: 70 orders in 7 days = 10 a day, whoever is attached.
    expect(rates.get(1)! + rates.get(2)!).toBeCloseTo(10);
    expect(rates.get(1)!).toBeGreaterThan(rates.get(2)!);
    expect(rates.get(9)! + rates.get(10)!).toBeCloseTo(2);
    expect(sessionRates([], [{ id: 5, companyCode: 'C' }]).get(5)).toBeGreaterThan(0);
  });

  it('takes chargers from every company in turn, and tops up below two sessions by about five', () => {
    const rows = [...Array.from({ length: 5 }, () => ({ companyCode: 'A' })), ...Array.from({ length: 5 }, () => ({ companyCode: 'B' }))];
    expect(spreadOverCompanies(rows, 4).map((r) => r.companyCode)).toEqual(['A', 'B', 'A', 'B']);
    expect(topUpRule('18.40')).toEqual({ below: new Decimal('36.8'), amount: '100' });
    expect(topUpRule('191.2').amount).toBe('960');
  });
});

describe.each(backends())('simulation pace on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build(backend);
    await loadDemoIfEmpty(s.database.db);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('starts as many sessions a day per company as the seeded history shows (~60 each, ~120 in all)', async () => {
    const db = s.database.db;
    const sim = await startSimulation({ db, url: s.ocppUrl, chargers: 32, log: { info: () => undefined } });
    try {
      await eventually(async () => s.app.ocpp.connected().length >= 32);
    } finally {
      await sim.stop();
    }
    const since = new Date(Date.now() - HISTORY_DAYS * 86_400_000);
    let total = 0;
    for (const code of DEMO_COMPANY_CODES) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(chargeOrder)
        .where(and(eq(chargeOrder.companyCode, code), gte(chargeOrder.chargerStartTime, since)));
      const live = [...sim.rates.entries()].filter(([sn]) => sn.startsWith(code)).reduce((a, [, r]) => a + r, 0);
      expect(live, code).toBeCloseTo(Number(n) / HISTORY_DAYS, 6);
      total += live;
    }
    expect(total).toBeGreaterThan(80);
    expect(total).toBeLessThan(180);
  });

  it('tops up a low card before a session (most holders do), leaves a funded card alone', async () => {
    const db = s.database.db;
    const [card] = await db
      .select()
      .from(cardUser)
      .where(and(eq(cardUser.companyCode, 'VOLTA'), eq(cardUser.managerCard, false)))
      .limit(1);
    await db.update(cardUser).set({ balance: '1.00' }).where(eq(cardUser.id, card.id));
    // the demo opens every balance through the ledger: count only the rows the top-up adds
    const rowsOf = async () => (await db.select({ n: count() }).from(balanceRecord).where(eq(balanceRecord.holderId, card.id)))[0].n;
    const before = await rowsOf();
    const rule = topUpRule('20.00');
    expect(await topUpIfLow(db, card.id, rule, 0.95)).toBeNull();
    const row = await topUpIfLow(db, card.id, rule, 0.1);
    expect(row).toMatchObject({ changeType: 'PREPAY', changeAmount: '100.00', newBalance: '101.00' });
    expect(await topUpIfLow(db, card.id, rule, 0.1)).toBeNull();
    expect(await rowsOf()).toBe(before + 1);
  });
});
