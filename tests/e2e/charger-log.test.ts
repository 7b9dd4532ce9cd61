/**
 * Browser suite — Events → Charger Log against the real server, in English and in Chinese: a
 * charge point run by the test sends heartbeats and authorisations; the log filtered by its
 * serial number and an action shows those frames only (calls paired with their answers), the
 * direction filter halves them, a row opens its payload as JSON, a start in the future is refused
 * (715 rule) before any request, and the refused handshake of an unknown charger is in the second tab.
 * Events → Diagnosis: a charger and a time are required (602 / 615 messages under the fields);
 * chosen, it shows the connector's readings and asks the server again every 3 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connectChargePoint, poll, signIn, stage, type ChargePoint, type Stage, idleVoltaChargers } from './helpers.js';

describe('charger log', () => {
  let s: Stage;
  let cp: ChargePoint | undefined;
  let sn = '';

  beforeAll(async () => {
    s = await stage();
    sn = (await idleVoltaChargers(s))[0].serialNum;
    const ocpp = `${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`;
    cp = await connectChargePoint(ocpp, sn);
    await cp.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'E2E-1' });
    for (let i = 0; i < 3; i++) await cp.call('Heartbeat', {});
    for (const idTag of ['E2ELOGCARD000001', 'E2ELOGCARD000002']) await cp.call('Authorize', { idTag });
    await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available', timestamp: new Date().toISOString() });
    await cp.call('MeterValues', {
      connectorId: 1,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: '7400', measurand: 'Power.Active.Import', unit: 'W' },
            { value: '123456', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
          ],
        },
      ],
    });
    // an unknown identity is refused at the handshake
    await expect(connectChargePoint(ocpp, 'E2EGHOST00000001')).rejects.toThrow();
  });
  afterAll(async () => {
    await cp?.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  const rows = (page: Page) => page.getByTestId('log-row');
  const attrs = (page: Page, name: string) => rows(page).evaluateAll((els, n) => els.map((e) => e.getAttribute(n)), name);

  for (const lang of ['en', 'zh'] as const) {
    it(`filters by charger, action and direction, shows a payload, refuses a future start (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'admin', s.server.adminPassword);
      await page.goto('/#/Events/ChargerLog');
      await page.getByTestId('log-table').waitFor();

      await page.getByTestId('log-filter-charger').fill(sn);
      await page.getByTestId('log-filter-charger').press('Tab');
      await page.getByTestId('log-filter-action').fill('Authorize');
      await page.getByTestId('log-filter-action').press('Tab');
      await poll(async () => (await attrs(page, 'data-action')).join(',')).toBe('Authorize,Authorize,Authorize,Authorize');
      // each call shows its answer's type
      await poll(() => rows(page).filter({ hasText: 'CALLRESULT ·' }).count()).toBe(2);

      await page.getByTestId('log-filter-direction').click();
      await page.getByRole('option', { name: lang === 'en' ? 'From charger' : '来自充电桩' }).click();
      await poll(async () => (await attrs(page, 'data-direction')).join(',')).toBe('IN,IN');

      await rows(page).first().click();
      await poll(() => page.getByTestId('log-detail-payload').innerText()).toContain('"idTag": "E2ELOGCARD00000');
      expect(await page.getByTestId('log-detail-pair').innerText()).toContain('"status"');
      await page.keyboard.press('Escape');

      // a start in the future: the field says so and nothing is applied
      await page.getByTestId('log-filter-start').fill('2099-01-01 00:00');
      await poll(() => page.getByTestId('log-apply').isDisabled()).toBe(true);
      await poll(() => page.getByText(lang === 'en' ? /Query time interval error/ : /查询时间区间错误/).isVisible()).toBe(true);
      await page.getByTestId('log-filter-start').fill('');

      await page.getByTestId('log-tab-attempts').click();
      await page.getByTestId('attempt-table').waitFor();
      await poll(() => page.getByTestId('attempt-table').innerText()).toContain('E2EGHOST00000001');
      expect(errors).toEqual([]);
    });
  }

  for (const lang of ['en', 'zh'] as const) {
    it(`Diagnosis needs a charger and a time, shows readings and refreshes every 3 s (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'admin', s.server.adminPassword);
      await page.goto('/#/Events/Diagnosis');
      await page.getByTestId('diagnosis-start').fill('');
      await page.getByTestId('diagnosis-show').click();
      await poll(() => page.getByText(lang === 'en' ? 'Charger cannot be empty' : '充电桩不能为空').isVisible()).toBe(true);
      await poll(() => page.getByText(lang === 'en' ? 'Time cannot be empty' : '时间不能为空').isVisible()).toBe(true);

      const asked: number[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/sp/diagnosis?')) asked.push(Date.now());
      });
      await page.getByTestId('diagnosis-charger').fill(sn);
      await page.getByRole('option', { name: sn }).click();
      const start = new Date(Date.now() - 3_600_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      await page
        .getByTestId('diagnosis-start')
        .fill(`${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())} ${pad(start.getHours())}:${pad(start.getMinutes())}`);
      await page.getByTestId('diagnosis-show').click();
      await poll(() => page.getByTestId('reading-power').innerText()).toContain('7.4 kW');
      expect(await page.getByTestId('reading-energy').innerText()).toContain('123.456 kWh');
      // Every reading says when it was taken (issue #26 item 2).
      expect(await page.getByTestId('reading-power').getByTestId('reading-age').innerText()).toMatch(lang === 'en' ? /ago|just now|now/i : /前|刚刚/);
      // three more requests after the first, about 3 s apart
      await poll(() => asked.length, 20_000).toBeGreaterThanOrEqual(4);
      const gaps = asked.slice(1).map((t, i) => t - asked[i]);
      expect(gaps.every((g) => g > 2_000 && g < 6_000)).toBe(true);
      expect(errors).toEqual([]);
    });
  }
});
