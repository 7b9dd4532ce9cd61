/**
 * Browser suite — live charger state against the real server, a strict OCPP charge point driving
 * one demo charger through states:
 * - Charger Monitoring: the state chips always equal the states of the live rows (one refresh for
 *   both), as the charger comes online, charges, faults and drops off, without a reload;
 * - the charger page: its run status is the one derived state (never "Available" beside
 *   "Charging"), and once offline its connectors read "unknown since <last seen>" — on the charger
 *   page and on the monitoring row — in English and in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DASHBOARD_SPLIT } from '../../domain/enums.js';
import { connectChargePoint, poll, signIn, stage, type ChargePoint, type Stage, idleVoltaChargers, voltaChargers } from './helpers.js';

interface Charger {
  id: number;
  serialNum: string;
  companyCode: string;
  lifeStatus: string;
  online: boolean;
}

/** Chip counts and row states of the monitoring page, read from the screen. */
async function chipsAndRows(page: Page): Promise<{ chips: Record<string, number>; rows: Record<string, number> }> {
  const chips: Record<string, number> = {};
  const rows: Record<string, number> = {};
  for (const s of DASHBOARD_SPLIT) {
    const label = await page.getByTestId(`state-${s}`).innerText();
    chips[s] = Number(/·\s*(\d+)/.exec(label)?.[1] ?? NaN);
    rows[s] = await page.getByTestId('charger-row').getByTestId(`state-cell-${s}`).count();
  }
  return { chips, rows };
}

describe('live charger state', () => {
  let s: Stage;
  let cp: ChargePoint | undefined;
  let ch: Charger;
  const status = (connectorId: number, st: string, errorCode = 'NoError') =>
    cp!.call('StatusNotification', { connectorId, errorCode, status: st, timestamp: new Date().toISOString() });

  beforeAll(async () => {
    s = await stage();
    [ch] = await idleVoltaChargers(s);
    expect((await voltaChargers(s)).total).toBeLessThanOrEqual(50);
  });
  afterAll(async () => {
    await cp?.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  it('keeps the monitoring chips equal to the live rows while the charger changes state (en)', async () => {
    const { page, errors } = await s.page({ language: 'en' });
    await signIn(page, 'volta.admin', 'demo1234');
    await page.goto(`/#/Monitoring/ChargerMonitoring?perPage=50&sort=serialNum&order=ASC`);
    await page.getByTestId('charger-row').first().waitFor();
    const agree = async () => {
      const { chips, rows } = await chipsAndRows(page);
      return JSON.stringify(chips) === JSON.stringify(rows) ? chips : null;
    };
    const start = await poll(agree).not.toBeNull().then(agree);
    const expectChips = async (delta: Partial<Record<string, number>>) => {
      const want = { ...start! };
      for (const [k, v] of Object.entries(delta)) want[k] += v!;
      await poll(agree).toEqual(want);
    };

    cp = await connectChargePoint(`${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`, ch.serialNum);
    await cp.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'E2E-1' });
    await status(0, 'Available');
    await status(1, 'Available');
    await expectChips({ offline: -1, available: +1 });
    await status(1, 'Charging');
    await expectChips({ offline: -1, charging: +1 });
    await status(1, 'Faulted', 'GroundFailure');
    await expectChips({ offline: -1, faulty: +1 });
    await status(1, 'Charging');
    await expectChips({ offline: -1, charging: +1 });
    expect(errors).toEqual([]);
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`shows one state on the charger page, and "unknown since" once offline (${lang})`, async () => {
      if (!cp) {
        cp = await connectChargePoint(`${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`, ch.serialNum);
        await cp.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'E2E-1' });
      }
      // Connector 0 reports Available while connector 1 charges: the charger is charging.
      await status(0, 'Available');
      await status(1, 'Charging');
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'volta.admin', 'demo1234');
      await page.goto(`/#/Stations/StationProfile/chargers/${ch.id}/show`);
      const show = page.getByTestId('charger-show');
      await show.waitFor();
      const charging = lang === 'en' ? 'Charging' : '充电中';
      await poll(() => page.getByTestId('charger-state').innerText()).toBe(charging);
      // No second, contradicting status (connector 0's "Available") beside the state.
      const runStatus = await show.getByTestId('run-status').allInnerTexts();
      expect(runStatus.filter((t) => t !== charging)).toEqual([]);
      expect(await page.getByTestId('connector-1').innerText()).toContain('#1');

      await cp.close({ force: true });
      cp = undefined;
      const unknown = lang === 'en' ? /^Unknown since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ : /^未知（最后在线 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/;
      await page.reload();
      await poll(async () => (await page.getByTestId('charger-show').getByTestId('unknown-since').allInnerTexts()).join('|')).toMatch(unknown);
      expect(await page.getByTestId('connector-1').count()).toBe(0);

      await page.goto(`/#/Monitoring/ChargerMonitoring?perPage=50&filter=${encodeURIComponent(JSON.stringify({ q: ch.serialNum }))}`);
      const row = page.getByTestId('charger-row').filter({ hasText: ch.serialNum });
      await row.waitFor();
      expect(await row.getByTestId('unknown-since').innerText()).toMatch(unknown);
      expect(await row.getByTestId('connector-1').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});
