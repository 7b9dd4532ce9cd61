/**
 * Browser suite — map monitoring (requirements §14) against the real server, a strict OCPP charge
 * point driving one demo charger: its station's marker turns red when the charger faults and
 * green again when it recovers, without a reload, and the popup lists the charger and links to
 * station monitoring; in English and in Chinese.
 * Issue #26 items 4 and 8: remote stop is off on an idle charger and, while a session runs, names the
 * session it stops; a search hit and the charger page lead to the station's monitoring.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal, formatEnergy } from '../../src/utils/number.js';
import { aMeterValues, aStartTransaction } from '../support/builders.js';
import { connectChargePoint, hashPath, poll, signIn, stage, type ChargePoint, type Stage, voltaChargers } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}
interface Card {
  cardNumber: string;
  companyCode: string;
  active: boolean;
  balance: string;
}
interface Charger {
  id: number;
  serialNum: string;
  stationId: number | null;
  lifeStatus: string;
  online: boolean;
}

describe('map monitoring', () => {
  let s: Stage;
  let cp: ChargePoint | undefined;
  let ch: Charger;
  const status = (connectorId: number, st: string, errorCode = 'NoError') =>
    cp!.call('StatusNotification', { connectorId, errorCode, status: st, timestamp: new Date().toISOString() });

  beforeAll(async () => {
    s = await stage();
    const chargers = await voltaChargers(s);
    // A station whose chargers are all offline: the one driven here decides its colour (offline is the mildest).
    const byStation = new Map<number, Charger[]>();
    for (const c of chargers.records) if (c.stationId) byStation.set(c.stationId, [...(byStation.get(c.stationId) ?? []), c]);
    const found = [...byStation.values()].find((list) => list.every((c) => !c.online) && list.some((c) => c.lifeStatus === 'ACTIVE'));
    if (!found) throw new Error('no offline demo station of VOLTA');
    ch = found.find((c) => c.lifeStatus === 'ACTIVE')!;
    cp = await connectChargePoint(`${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`, ch.serialNum);
    await cp.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'E2E-1' });
    await status(0, 'Available');
    await status(1, 'Available');
  });
  afterAll(async () => {
    await cp?.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`turns the station's marker red on a fault and green on recovery (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'volta.admin', 'demo1234');
      await page.goto(`/#/Monitoring/MapMonitoring?focus=${ch.stationId}`);
      const marker = page.locator(`.cd-station-marker[data-station="${ch.stationId}"]`);
      const state = () => marker.locator('.cd-pin').getAttribute('data-state');
      await poll(state).toBe('available');
      // No map tiles here (as offline): a notice says so and every pin is labelled with its station's name.
      await poll(() => page.getByTestId('map-no-tiles').innerText()).toContain(lang === 'en' ? 'Map tiles cannot be loaded' : '无法加载地图图块');
      const name = (await s.api.get<{ name: string }>(`station/${ch.stationId}`)).name;
      await poll(() => page.locator('.leaflet-tooltip.cd-station-label').allInnerTexts()).toContain(name);
      // The popup opened on the focused station lists its charger and links to station monitoring.
      const popup = page.getByTestId('map-popup');
      await popup.waitFor();
      expect((await popup.getByTestId('map-popup-charger').allInnerTexts()).join('|')).toContain(ch.serialNum);
      expect(await popup.getByTestId('map-popup-link').innerText()).toBe(lang === 'en' ? 'Open station monitoring' : '打开站点监控');

      await status(1, 'Faulted', 'GroundFailure');
      await poll(state).toBe('faulty');
      await poll(() => popup.getAttribute('data-state')).toBe('faulty');
      await status(1, 'Available');
      await poll(state).toBe('available');
      expect(errors).toEqual([]);
    });
  }

  it("shows a running session's power and energy on station monitoring (en, zh)", async () => {
    const cards = await s.api.get<Page2<Card>>('card-user?companyCode=VOLTA&active=true&size=500');
    const card = cards.records.find((c) => Number(c.balance) > 5);
    if (!card) throw new Error('no funded VOLTA card');
    // Idle: no remote stop on offer, and it says why.
    {
      const { page } = await s.page({ language: 'en' });
      await signIn(page, 'volta.admin', 'demo1234');
      await page.goto(`/#/Monitoring/StationMonitoring?stationId=${ch.stationId}`);
      await page.getByTestId(`charger-commands-${ch.serialNum}`).click();
      const stop = page.getByTestId('command-remote-stop');
      await stop.waitFor();
      expect(await stop.getAttribute('aria-disabled')).toBe('true');
      expect(await stop.innerText()).toContain('No session runs on this charger');
      await page.keyboard.press('Escape');
      // A search hit leads to its station's monitoring; so does the charger page, beside its events.
      await page.goto(`/#/Search/Search?ChargerSN=ChargerSN&Search=${ch.serialNum}`);
      const hit = page.getByTestId('search-hit').filter({ hasText: ch.serialNum }).first();
      await hit.getByTestId('search-hit-monitoring').click();
      await poll(() => hashPath(page)).toBe(`/Monitoring/StationMonitoring?stationId=${ch.stationId}`);
      await page.goto(`/#/Stations/StationProfile/chargers/${ch.id}/show`);
      await page.getByTestId('charger-events-link').waitFor();
      expect(await page.getByTestId('charger-events-link').getAttribute('href')).toBe(`#/Events/Eventes?eventStatus=ALL&serialNum=${ch.serialNum}`);
      await page.getByTestId('charger-station-monitoring-link').click();
      await poll(() => hashPath(page)).toBe(`/Monitoring/StationMonitoring?stationId=${ch.stationId}`);
    }
    await status(1, 'Preparing');
    const start = (await cp!.call('StartTransaction', aStartTransaction({ connectorId: 1, idTag: card.cardNumber, meterStart: 5000 }))) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(start.idTagInfo.status).toBe('Accepted');
    await status(1, 'Charging');
    await cp!.call('MeterValues', aMeterValues({ connectorId: 1, transactionId: start.transactionId, energyWh: 6250, powerW: 11000 }));
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'volta.admin', 'demo1234');
      await page.goto(`/#/Monitoring/StationMonitoring?stationId=${ch.stationId}`);
      const row = page.locator(`[data-testid="connector-row"][data-charger="${ch.serialNum}"][data-connector="1"]`);
      await poll(() => row.getByTestId('session-power').innerText()).toBe('11.000 kW');
      expect(await row.getByTestId('session-energy').innerText()).toBe('1.250 kWh');
      expect(await row.innerText()).toContain(card.cardNumber);
      expect(await row.getByTestId('state-charging').innerText()).toBe(lang === 'en' ? 'Charging' : '充电中');
      // Remote stop names the session it will stop.
      await page.getByTestId(`charger-commands-${ch.serialNum}`).click();
      await page.getByTestId('command-remote-stop').click();
      const target = await page.getByTestId('command-stop-target').innerText();
      expect(target).toContain(String(start.transactionId));
      expect(target).toContain(card.cardNumber);
      expect(target).toContain(lang === 'en' ? 'Stop session' : '充电会话');
      await page.getByTestId('command-close').click();
      expect(errors).toEqual([]);
    }
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`analytics refuses an empty search and switches periods, figures as the API answers them (${lang})`, async () => {
      const stations = await s.api.get<Page2<{ id: number; name: string }>>('station?companyCode=VOLTA&size=1&sort=id&order=asc');
      const name = stations.records[0].name;
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'volta.admin', 'demo1234');
      await page.goto('/#/AnalyTics/AnalyTics');
      await page.getByTestId('analytics-submit').click();
      expect(await page.getByTestId('analytics-search-help').innerText()).toContain(lang === 'en' ? 'Search' : '搜索');
      await page.getByTestId('analytics-search').fill(name);
      await page.getByTestId('analytics-submit').click();
      await page.locator('[data-testid="analytics-result"][data-period="24h"]').waitFor();
      // Every figure's card shows its icon in its tinted square (no empty squares).
      for (const m of ['energyKwh', 'revenue', 'sessions', 'utilisation', 'peakPowerKw', 'faults']) {
        expect(await page.locator(`[data-testid="analytics-${m}-icon"] svg`).count(), m).toBe(1);
      }
      for (const period of ['30d', '1y'] as const) {
        await page.getByTestId(`period-${period}`).click();
        await page.locator(`[data-testid="analytics-result"][data-period="${period}"]`).waitFor();
        const api = await s.api.get<{ totals: { sessions: number; energyKwh: string } }>(
          `analytics?searchType=station&search=${encodeURIComponent(name)}&period=${period}`,
        );
        // Shown with grouped thousands in the page's language (1,271; 39,318.323).
        await poll(() => page.getByTestId('analytics-sessions').innerText()).toBe(formatDecimal(api.totals.sessions, 0, lang));
        expect(await page.getByTestId('analytics-energyKwh').innerText()).toBe(formatEnergy(api.totals.energyKwh, lang));
      }
      expect(errors).toEqual([]);
    });
  }
});
