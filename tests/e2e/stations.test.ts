/**
 * Browser suite — the Stations area (issue "Network assets and pricing"), in English and in
 * 中文: build a charged rate template with three windows in the hand-built editor (the timeline
 * shows a gap before it is fixed), create a station placed on the map with that template, add a
 * charger (16-character SN) and a gateway from the station's view, see them on it, edit the
 * station's template from its form (station context: the add-tax button stops at 4 rows) and
 * create a new one there that the form then chooses, and find the
 * charger from the navbar's global search (which opens the Search page in a new tab). Map tiles
 * point at a closed local port: the page works offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { catalogueMessage } from '../../domain/errors.js';
import { connectChargePoint, hashPath, poll, signIn, stage, type Stage } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}
interface Template {
  id: number;
  modelName: string;
  companyCode: string;
  type: string;
  activated: boolean;
  taxes: { taxName: string; taxPercentage: string }[];
  details: { startTime: string; endTime: string; electricityFeePerKwh: string }[];
}
interface Station {
  id: number;
  name: string;
  rateTemplateId: number | null;
  latitude: number | null;
  longitude: number | null;
  chargers?: { serialNum: string }[];
  gateways?: { serialNum: string }[];
}

/** Picks an option of a MUI select whose visible control carries `testId`. */
async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).locator('[role="combobox"]').click();
  await page.getByRole('option', { name: option }).first().click();
}

describe.each([['en'], ['zh']] as const)('stations area (%s)', (lang) => {
  let s: Stage;
  let page: Page;
  let errors: string[];
  const tag = lang === 'en' ? 'E' : 'Z';
  const sn = `E2ESTATION0000${tag}1`;
  const gw = `E2E-GW-${tag}`;
  const model = `E2E three windows ${lang}`;
  const stationName = `E2E station ${lang}`;

  beforeAll(async () => {
    s = await stage({ MAP_TILE_URL: 'http://127.0.0.1:1/{z}/{x}/{y}.png' });
    ({ page, errors } = await s.page({ language: lang }));
    await signIn(page, 'admin', s.server.adminPassword);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('builds a charged rate template with three windows, told of the gap before saving', async () => {
    await page.goto('/#/Stations/StationProfile/rate-templates/create');
    await page.getByTestId('rt-model-name').fill(model);
    await choose(page, 'rt-company', /VOLTA/);
    await page.getByTestId('rt-row-split-0').click();
    await page.getByTestId('rt-row-split-1').click();
    await expect.poll(() => page.getByTestId('rt-row').count()).toBe(3);
    await page.getByTestId('rt-row-fee-0').fill('0.2');
    await page.getByTestId('rt-row-fee-1').fill('0.4');
    await page.getByTestId('rt-row-fee-2').fill('0.3');
    await page.getByTestId('rt-row-end-0').fill('07:00');
    // 07:00–12:00 is now uncovered: the timeline shows it and the rule's message is the server's.
    await expect.poll(() => page.getByTestId('timeline-gap').count()).toBe(1);
    expect(await page.getByTestId('rt-problem').innerText()).toContain(catalogueMessage(703, lang));
    await page.getByTestId('rt-row-start-1').fill('07:00');
    await page.getByTestId('rt-ok').waitFor();
    expect(await page.getByTestId('timeline-window').count()).toBe(3);
    await page.getByTestId('rt-save').click();
    await page.getByTestId('rate-templates-grid').waitFor();
    const list = await s.api.get<Page2<Template>>(`rate-template?q=${encodeURIComponent(model)}`);
    expect(list.records).toHaveLength(1);
    expect(list.records[0].details.map((d) => `${d.startTime}-${d.endTime}`)).toEqual(['00:00-07:00', '07:00-18:00', '18:00-24:00']);
  });

  it('creates a station placed on the map and priced with the template', async () => {
    await page.goto('/#/Stations/StationProfile/create');
    await choose(page, 'station-company', /VOLTA/);
    await page.getByTestId('station-name').fill(stationName);
    await page.getByTestId('station-maintainer').fill('Erika Muster');
    await page.getByTestId('station-maintainer-mobile').fill('+49 30 1234567');
    await page.getByTestId('station-address').fill('Teststrasse 1');
    await choose(page, 'station-country', lang === 'en' ? 'Germany' : '德国');
    await page.getByTestId('station-latitude').fill('52.52');
    await page.getByTestId('station-longitude').fill('13.405');
    // Clicking the map moves the marker and the coordinates (offline: no tiles, still works).
    const map = page.getByTestId('station-map').locator('.leaflet-container');
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('no map');
    // The map may still be panning to the typed coordinates, or a select's popover may be closing:
    // click again (bounded) until the marker has moved.
    await page.keyboard.press('Escape');
    let moved = false;
    for (let attempt = 0; attempt < 6 && !moved; attempt++) {
      await page.waitForTimeout(500);
      await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40);
      for (let i = 0; i < 10 && !moved; i++) {
        moved = (await page.getByTestId('station-latitude').inputValue()) !== '52.52';
        if (!moved) await page.waitForTimeout(200);
      }
    }
    expect(moved).toBe(true);
    const lat = Number(await page.getByTestId('station-latitude').inputValue());
    const lng = Number(await page.getByTestId('station-longitude').inputValue());
    expect(lat).toBeLessThan(52.52);
    expect(lng).toBeGreaterThan(13.405);
    await choose(page, 'station-rate-template', new RegExp(model));
    await page.getByTestId('station-save').click();
    await page.getByTestId('station-show').waitFor();
    expect(await page.getByTestId('station-show-name').innerText()).toBe(stationName);
    const found = await s.api.get<Page2<Station>>(`station?q=${encodeURIComponent(stationName)}`);
    expect(found.records).toHaveLength(1);
    expect(found.records[0].latitude).toBeCloseTo(lat, 5);
    const template = (await s.api.get<Page2<Template>>(`rate-template?q=${encodeURIComponent(model)}`)).records[0];
    expect(found.records[0].rateTemplateId).toBe(template.id);
  });

  it("edits the station's template in a dialog up to 4 taxes, then creates one there that the form chooses", async () => {
    const stationId = /\/Stations\/StationProfile\/(\d+)\/show/.exec(hashPath(page))?.[1];
    expect(stationId).toBeTruthy();
    await page.goto(`/#/Stations/StationProfile/${stationId}`);
    const select = page.getByTestId('station-rate-template').locator('[role="combobox"]');
    await poll(() => select.innerText()).toContain(model);
    await page.getByTestId('station-template-edit').click();
    const dialog = page.getByTestId('rt-dialog');
    await dialog.getByTestId('rate-template-editor').waitFor();
    expect(await dialog.getByTestId('rate-template-editor').getAttribute('data-context')).toBe('station');
    const add = dialog.getByTestId('rt-tax-add');
    for (let i = 0; i < 6 && (await add.isEnabled()); i++) await add.click();
    expect(await add.isDisabled()).toBe(true);
    expect(await dialog.getByTestId('rt-tax-row').count()).toBe(4);
    for (let i = 1; i < 4; i++) {
      await dialog.getByTestId(`rt-tax-name-${i}`).fill(`Tax ${i}`);
      await dialog.getByTestId(`rt-tax-percentage-${i}`).fill(String(i));
    }
    const renamed = `${model} 4 taxes`;
    await dialog.getByTestId('rt-model-name').fill(renamed);
    await dialog.getByTestId('rt-ok').waitFor();
    await dialog.getByTestId('rt-save').click();
    await dialog.waitFor({ state: 'detached' });
    const edited = (await s.api.get<Page2<Template>>(`rate-template?q=${encodeURIComponent(renamed)}`)).records;
    expect(edited).toHaveLength(1);
    expect(edited[0].taxes).toHaveLength(4);
    expect(edited[0].taxes.map((t) => t.taxName)).toEqual(['VAT', 'Tax 1', 'Tax 2', 'Tax 3']);
    await poll(() => select.innerText()).toContain(renamed);

    // A new template from the form: the station's company and type, activated, then chosen.
    const fresh = `E2E from station ${lang}`;
    await page.getByTestId('station-template-new').click();
    await dialog.getByTestId('rt-model-name').fill(fresh);
    await dialog.getByTestId('rt-ok').waitFor();
    await dialog.getByTestId('rt-save').click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => select.innerText()).toContain(fresh);
    const created = (await s.api.get<Page2<Template>>(`rate-template?q=${encodeURIComponent(fresh)}`)).records;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ companyCode: 'VOLTA', type: 'CHARGED', activated: true });
    await page.getByTestId('station-save').click();
    await page.getByTestId('station-show').waitFor();
    expect((await s.api.get<Station>(`station/${stationId}`)).rateTemplateId).toBe(created[0].id);
  });

  it('adds a charger and a gateway from the station view and shows them there', async () => {
    const stationId = /\/Stations\/StationProfile\/(\d+)\/show/.exec(hashPath(page))?.[1];
    expect(stationId).toBeTruthy();
    await page.getByTestId('station-add-gateway').click();
    await page.getByTestId('gateway-sn').fill(gw);
    await page.getByTestId('gateway-save').click();
    await page.getByTestId('gateway-show').waitFor();
    await page.goto(`/#/Stations/StationProfile/${stationId}/show`);
    await page.getByTestId('station-add-charger').click();
    await page.getByTestId('charger-sn').fill(sn.slice(0, 15));
    await page.getByTestId('charger-equipment-number').fill(`EQ-${tag}`);
    await page.getByTestId('charger-installation-date').fill('2026-01-15');
    await page.getByTestId('charger-gateway-sn').fill(gw);
    await page.getByTestId('charger-save').click();
    // 15 characters: refused in the form, nothing saved.
    await page.waitForTimeout(300);
    expect(hashPath(page)).toContain('/chargers/create');
    await page.getByTestId('charger-sn').fill(sn);
    await page.getByTestId('charger-save').click();
    await page.getByTestId('charger-show').waitFor();
    expect(await page.getByTestId('charger-show-sn').innerText()).toBe(sn);
    await page.goto(`/#/Stations/StationProfile/${stationId}/show`);
    await page.getByTestId('station-charger-row').first().waitFor();
    expect(await page.getByTestId('station-chargers').innerText()).toContain(sn);
    expect(await page.getByTestId('station-gateways').innerText()).toContain(gw);
    const detail = await s.api.get<Station>(`station/${stationId}`);
    expect(detail.chargers?.map((c) => c.serialNum)).toEqual([sn]);
    expect(detail.gateways?.map((g) => g.serialNum)).toEqual([gw]);
  });

  it('shows the gateway online, with its firmware, as soon as it connects over OCPP, and offline when it leaves', async () => {
    const list = await s.api.get<Page2<{ id: number; serialNum: string }>>(`gateway?q=${gw}`);
    const id = list.records.find((g) => g.serialNum === gw)?.id;
    expect(id).toBeTruthy();
    await page.goto(`/#/Stations/StationProfile/gateways/${id}/show`);
    const chip = page.getByTestId('gateway-online').getByTestId('online-chip');
    await chip.waitFor();
    expect(await chip.getAttribute('data-online')).toBe('false');
    // The gateway's own connection (its identity is its SN); the page follows the live stream.
    const cp = await connectChargePoint(s.server.ocppUrl, gw);
    try {
      await cp.call('BootNotification', { chargePointVendor: 'E2E', chargePointModel: 'GW-1', firmwareVersion: `E2E-FW-${tag}` });
      await poll(() => chip.getAttribute('data-online'), 30_000).toBe('true');
      await poll(() => page.getByTestId('gateway-firmware').innerText(), 30_000).toContain(`E2E-FW-${tag}`);
      expect(await page.getByTestId('gateway-model').innerText()).toContain('GW-1');
    } finally {
      await cp.close({ force: true });
    }
    await poll(() => chip.getAttribute('data-online'), 30_000).toBe('false');
  });

  it('finds the charger from the navbar search, in a new tab, linking to the charger', async () => {
    await page.getByTestId('global-search-input').fill(sn.slice(0, 12));
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('global-search-input').press('Enter')]);
    await tab.getByTestId('search-hit').first().waitFor({ timeout: 30_000 });
    expect(tab.url()).toContain('Search=');
    const hit = tab.getByTestId('search-hit-link').filter({ hasText: sn });
    await hit.click();
    await tab.getByTestId('charger-show').waitFor();
    expect(await tab.getByTestId('charger-show-sn').innerText()).toBe(sn);
    await tab.close();
    expect(errors.filter((e) => !e.includes('ERR_UNSAFE_PORT') && !e.includes('127.0.0.1:1/'))).toEqual([]);
  });
});
