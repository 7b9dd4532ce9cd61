/**
 * Browser suite — home stations and smart charging (requirements §16), in English and in 中文:
 * a home charger's profile (an empty current refused before sending, a save answered by
 * the charger), the home app users with their levels and the home orders with their column
 * chooser (at 1440 and at 390 px), and a smart-charging schedule: every failing field marked at
 * once (an empty time 615, limits above the station's total 789, naming each value) before any request; then saved,
 * sent to a simulated charger that honours profiles, its answer shown and GetCompositeSchedule
 * drawn as the second line; and the station page's grid limit set and shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '../../src/i18n/index.js';
import { catalogueMessage } from '../../domain/errors.js';
import { ChargePoint } from '../../sim/charge-point.js';
import { E2E_ADMIN_PASSWORD } from '../support/server-process.js';
import { signIn, stage, type Stage } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}
interface Charger {
  id: number;
  serialNum: string;
  stationId: number | null;
  online: boolean;
  lifeStatus: string;
}

type Tree = { [k: string]: string | Tree };
const text = (lang: 'en' | 'zh', key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [k, v]) => s.replace(`%{${k}}`, String(v)),
    key.split('.').reduce<string | Tree>((t, k) => (t as Tree)[k], messages[lang] as unknown as Tree) as string,
  );
const empty = (lang: 'en' | 'zh', labelKey: string) => text(lang, 'app.validation.empty').replace('%{field}', text(lang, labelKey));

const fieldErrors = (page: Page) => page.locator('.MuiFormHelperText-root.Mui-error').allInnerTexts();
/** The page is no wider than its viewport (nothing sticks out sideways). */
const pageFits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('home stations and smart charging in the console', () => {
  let s: Stage;
  let cp: ChargePoint | undefined;
  let target: Charger;
  let requests: string[] = [];

  beforeAll(async () => {
    s = await stage();
    const chargers = await s.api.get<Page2<Charger>>('charger?size=500&sort=serialNum&order=asc&companyCode=VOLTA');
    const homes = await s.api.get<Page2<{ serialNum: string }>>('home-charger?size=100');
    const found = chargers.records.find(
      (c) => c.lifeStatus === 'ACTIVE' && !c.online && c.stationId && !homes.records.some((h) => h.serialNum === c.serialNum),
    );
    if (!found) throw new Error('no idle demo charger of VOLTA at a station');
    target = found;
    // The station's total is 32 A: a schedule there may not go higher.
    await s.api.call('PUT', `station/${target.stationId}/load-balancing`, { gridLimitA: 32, minCurrentA: 6, fallbackCurrentA: 8 });
    cp = new ChargePoint({
      url: `${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`,
      identity: target.serialNum,
      connectors: 1,
      ratedPowerW: 22_000,
      reconnect: false,
    });
    await cp.start();
  });
  afterAll(async () => {
    await cp?.stop().catch(() => undefined);
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`edits a home charger profile: an empty current refused before sending, a save answered by the charger (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang, viewport: { width: 1440, height: 900 } });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.goto('/#/HomeStations/ChargerProfile');
      const grid = page.getByTestId('home-chargers-grid');
      await grid.locator('tbody tr').first().click();
      await page.getByTestId('home-last-answer').waitFor();
      const max = page.getByTestId('home-max-current');
      await max.fill('');
      requests = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT') requests.push(r.url());
      });
      await page.getByTestId('home-save').click();
      await expect.poll(() => fieldErrors(page)).toEqual(expect.arrayContaining([empty(lang, 'resources.home-charger.fields.maxCurrentA')]));
      expect(requests).toEqual([]);
      await max.fill('20');
      await page.getByTestId('home-save').click();
      // The demo's home chargers are not connected: the save stands and the answer says so (720).
      await page.getByText(catalogueMessage(720, lang)).first().waitFor();
      expect(requests).toHaveLength(1);
      expect(errors).toEqual([]);
    });

    it(`lists home app users with their level and the home orders with chosen columns (${lang})`, async () => {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { page, errors } = await s.page({ language: lang, viewport });
        await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
        await page.goto('/#/HomeStations/AppUserses');
        const users = page.getByTestId('home-users-grid');
        await users.locator('tbody tr').first().waitFor();
        const levels = await page.getByTestId('home-level').allInnerTexts();
        expect(levels).toContain(text(lang, 'resources.home-app-user.values.level.OWNER'));
        expect(levels).toContain(text(lang, 'resources.home-app-user.values.level.FAMILY'));
        expect(await pageFits(page)).toBe(true);

        await page.getByTestId('tab-home-orders').click();
        await page.getByTestId('home-orders-grid').locator('tbody tr').first().waitFor();
        expect(await page.getByTestId('home-start-type').first().innerText()).toMatch(
          new RegExp(['RESERVE', 'APP_START', 'SMART_CHARGING', 'CARD_SWIPE'].map((t) => text(lang, `resources.home-order.values.startType.${t}`)).join('|')),
        );
        // Creation and close times are left out by default and can be chosen.
        expect(await page.locator('th.column-createTime').count()).toBe(0);
        expect(await pageFits(page)).toBe(true);
        if (viewport.width === 1440) {
          const fits = await page
            .locator('table.RaDatagrid-table')
            .first()
            .evaluate((el) => {
              const box = el.closest('.RaList-content, .MuiTableContainer-root') ?? el;
              return box.scrollWidth <= box.clientWidth + 1;
            });
          expect(fits).toBe(true);
          await page.getByTestId('select-columns').click();
          await page
            .getByRole('option')
            .filter({ hasText: text(lang, 'resources.home-order.fields.createTime') })
            .locator('label')
            .click();
          await page.locator('th.column-createTime').waitFor();
          await page.keyboard.press('Escape');
        }
        expect(errors).toEqual([]);
      }
    });

    it(`edits a smart-charging schedule: every failing field at once, then sent and read back as a second line (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang, viewport: { width: 1440, height: 900 } });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.goto('/#/HomeStations/SmartCharging/create');
      await page.getByTestId('schedule-chart').waitFor();
      await page.getByTestId('schedule-name').fill(`E2E night ${lang}`);
      await page.locator('#schedule-charger').fill(target.serialNum);
      await page.getByRole('option', { name: target.serialNum }).click();
      await page
        .getByTestId('schedule-cap')
        .filter({ hasText: text(lang, 'resources.charging-schedule.cap.at_most', { max: 32 }) })
        .waitFor();

      // A limit above the station's total, a window without a start, a default above the total.
      await page.getByTestId('window-limit').first().fill('40');
      await page.locator('.button-add-windows').click();
      await page.getByTestId('window-end').nth(1).fill('23:00');
      await page.getByTestId('window-limit').nth(1).fill('8');
      await page.getByTestId('schedule-default-limit').fill('50');
      requests = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('charging-schedule')) requests.push(r.url());
      });
      await page.getByTestId('form-save').click();
      // Each limit above the total says so, naming the value and the total (789), as the server would.
      await expect
        .poll(() => fieldErrors(page))
        .toEqual(
          expect.arrayContaining([
            `${catalogueMessage(789, lang)} (40 A > 32 A)`,
            `${catalogueMessage(789, lang)} (50 A > 32 A)`,
            empty(lang, 'resources.charging-schedule.fields.startTime'),
          ]),
        );
      expect(requests).toEqual([]);
      expect(page.url()).toContain('/HomeStations/SmartCharging/create');

      // Fixed: all day 10 A (the second window removed), 13 A otherwise.
      await page.locator('.button-remove-windows-1').click();
      await page.getByTestId('window-start').first().fill('00:00');
      await page.getByTestId('window-end').first().fill('24:00');
      await page.getByTestId('window-limit').first().fill('10');
      await page.getByTestId('schedule-default-limit').fill('13');
      await page.getByTestId('form-save').click();
      await page.getByTestId('schedule-panel').waitFor();
      expect(page.url()).toMatch(/\/HomeStations\/SmartCharging\/\d+$/);
      await page.getByTestId('schedule-not-sent').waitFor();
      // A change holds Send back until it is saved (the chargers get what is stored).
      const id = Number(/(\d+)$/.exec(page.url())?.[1]);
      await page.getByTestId('schedule-default-limit').fill('12');
      await page.getByTestId('schedule-unsaved').waitFor();
      expect(await page.getByTestId('schedule-send').isDisabled()).toBe(true);
      await page.getByTestId('form-save').click();
      await page.getByTestId('schedule-unsaved').waitFor({ state: 'detached' });
      expect(await s.api.get<{ defaultLimitA: number; windows: unknown[]; chargerId: number }>(`charging-schedule/${id}`)).toMatchObject({
        defaultLimitA: 12,
        chargerId: target.id,
        windows: [{ startTime: '00:00', endTime: '24:00', limitA: 10 }],
      });

      await page.getByTestId('schedule-send').click();
      await page
        .getByTestId('schedule-answer')
        .filter({ hasText: target.serialNum })
        .filter({ hasText: text(lang, 'resources.home-charger.outcome.accepted', { status: 'Accepted' }) })
        .waitFor();
      // After sending, the charger is asked what it will do: 10 A all day, drawn as a second line.
      await page.getByTestId('composite-status').filter({ hasText: 'Accepted' }).waitFor();
      expect(await page.getByTestId('composite-period').allInnerTexts()).toEqual([expect.stringMatching(/\t10 A$/)]);
      await page.getByTestId('schedule-chart').getByText(text(lang, 'resources.charging-schedule.chart.composite')).waitFor();

      // Clearing asks first; the charger then falls back to its own 32 A maximum (22 kW on three phases).
      await page.getByTestId('schedule-clear').click();
      await page.getByRole('button', { name: text(lang, 'ra.action.confirm') }).click();
      await page.getByTestId('schedule-answer').filter({ hasText: 'ClearChargingProfile' }).waitFor();
      await expect.poll(() => page.getByTestId('composite-period').allInnerTexts()).toEqual([expect.stringMatching(/\t31 A$|\t32 A$/)]);
      expect(errors).toEqual([]);
    });
  }

  // After the schedules: saving the limit sends the station's chargers a fallback TxDefaultProfile.
  for (const lang of ['en', 'zh'] as const) {
    it(`shows and sets a station's grid limit on its page (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang, viewport: { width: 390, height: 844 } });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.goto(`/#/Stations/StationProfile/${target.stationId}/show`);
      await page
        .getByTestId('station-grid-limit')
        .filter({ hasText: text(lang, 'resources.station-load.grid_limit', { limit: 32 }) })
        .waitFor();
      await page.getByTestId('station-load-edit').click();
      await page.getByTestId('load-grid-limit').fill('');
      await page.getByTestId('load-save').click();
      await expect.poll(() => fieldErrors(page)).toEqual([empty(lang, 'resources.station-load.fields.gridLimitA')]);
      await page.getByTestId('load-grid-limit').fill('40');
      await page.getByTestId('load-save').click();
      await page
        .getByTestId('station-grid-limit')
        .filter({ hasText: text(lang, 'resources.station-load.grid_limit', { limit: 40 }) })
        .waitFor();
      expect(await pageFits(page)).toBe(true);
      await s.api.call('PUT', `station/${target.stationId}/load-balancing`, { gridLimitA: 32, minCurrentA: 6, fallbackCurrentA: 8 });
      expect(errors).toEqual([]);
    });
  }
});
