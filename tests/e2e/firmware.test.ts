/**
 * Browser suite — device management (requirements §15), in English and in 中文: the Device Version
 * list (the demo's public versions), a new version created with an uploaded .bin (its SHA-256
 * shown), and an upgrade sent from a gateway's remote-upgrade view (`?GatewaySN=`) to a simulated
 * charger that downloads, installs and reboots with the new version: the campaign shows "all
 * upgraded successfully" and the charger's new version. Issue #26 item 3: the charger's station page
 * lists that campaign though it was started from the gateway, and the campaigns overview (from the
 * station and from Device Version) shows its state, progress and who started it.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ChargePoint } from '../../sim/charge-point.js';
import { aBinImage } from '../support/firmware.js';
import { poll, signIn, stage, type Stage } from './helpers.js';

interface GatewayDetail {
  id: number;
  serialNum: string;
  chargers: { id: number; serialNum: string }[];
}

const TEXT = {
  en: { model: 'Device model', outcome: 'All upgraded successfully', updated: 'Update completed' },
  zh: { model: '设备型号', outcome: '全部升级成功', updated: '更新完成' },
} as const;

describe.each([['en'], ['zh']] as const)('device management (%s)', (lang) => {
  let s: Stage;
  let page: Page;
  let errors: string[];
  let sim: ChargePoint | undefined;
  const model = `E2E-SIM-${lang}`;
  const image = aBinImage(30_000, lang === 'en' ? 11 : 12);

  beforeAll(async () => {
    s = await stage();
    ({ page, errors } = await s.page({ language: lang }));
    await signIn(page, 'admin', s.server.adminPassword);
  });
  afterAll(async () => {
    await sim?.stop().catch(() => undefined);
    await s?.close();
  });

  it('lists the device versions', async () => {
    await page.goto('/#/System/DeviceVersion');
    await poll(() => page.getByTestId('firmware-grid').locator('tbody tr').count()).toBeGreaterThanOrEqual(6);
    expect(await page.getByTestId('firmware-grid').locator('thead').innerText()).toContain(TEXT[lang].model);
  });

  it('creates a version from an uploaded .bin and shows its SHA-256', async () => {
    await page.goto('/#/System/DeviceVersion/create');
    await page.getByTestId('firmware-file-input').setInputFiles({ name: `board-${lang}.bin`, mimeType: 'application/octet-stream', buffer: image });
    await poll(() => page.getByTestId('firmware-sha256').textContent()).toBe(createHash('sha256').update(image).digest('hex'));
    // A text file under .bin is refused with the reason in the user's language.
    await page
      .getByTestId('firmware-file-input')
      .setInputFiles({ name: 'notes.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('release notes\n') });
    await poll(() => page.getByTestId('firmware-upload-error').count()).toBe(1);
    // 712 is the caller's mistake, answered with HTTP 400: the browser logs that one refusal, never a 500.
    expect(errors.splice(0).every((e) => e.includes('status of 400'))).toBe(true);
    await page.getByTestId('firmware-file-input').setInputFiles({ name: `board-${lang}.bin`, mimeType: 'application/octet-stream', buffer: image });
    await poll(() => page.getByTestId('firmware-sha256').count()).toBe(1);
    await page.getByTestId('firmware-name').fill(`E2E board ${lang}`);
    await page.getByTestId('firmware-model').fill(model);
    await page.getByTestId('firmware-version').fill('3.0.0');
    await page.getByTestId('firmware-save').click();
    await poll(() => page.getByTestId('firmware-show-version').count()).toBe(1);
    expect(await page.getByTestId('firmware-show-version').innerText()).toBe('3.0.0');
  });

  it('upgrades a charger from the gateway view and shows the outcome live', async () => {
    const company = lang === 'en' ? 'VOLTA' : 'HKEV';
    const list = await s.api.get<{ records: { id: number; serialNum: string }[] }>(`gateway?companyCode=${company}&perPage=5`);
    const gw = await s.api.get<GatewayDetail>(`gateway/${list.records[0].id}`);
    const target = gw.chargers[0];
    sim = new ChargePoint({
      url: `${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`,
      identity: target.serialNum,
      connectors: 1,
      model,
      reconnect: false,
      firmwareStepMs: 200,
    });
    await sim.start();
    await page.goto(`/#/Stations/StationProfile?GatewaySN=${gw.serialNum}`);
    await page.getByTestId('upgrade-open').click();
    await page.getByTestId('upgrade-firmware').locator('[role="combobox"]').click();
    await page.getByRole('option', { name: new RegExp(`${model} · 3\\.0\\.0`) }).click();
    await poll(() => page.locator('[data-testid="upgrade-candidate"][data-eligible="true"]').count()).toBe(1);
    await page.getByTestId('upgrade-send').click();
    await poll(() => page.getByTestId('campaign').first().getAttribute('data-outcome'), 60_000).toBe('ALL_SUCCEEDED');
    expect(await page.getByTestId('campaign-outcome').first().innerText()).toBe(TEXT[lang].outcome);
    expect(await page.getByTestId('campaign-charger').first().innerText()).toContain(TEXT[lang].updated);
    expect(sim.firmwareVersion).toBe('3.0.0');
    expect(errors).toEqual([]);
  });

  it('shows the campaign on the station of its charger and in the campaigns overview', async () => {
    const company = lang === 'en' ? 'VOLTA' : 'HKEV';
    const list = await s.api.get<{ records: { id: number; serialNum: string }[] }>(`gateway?companyCode=${company}&perPage=5`);
    const gw = await s.api.get<GatewayDetail>(`gateway/${list.records[0].id}`);
    const ch = await s.api.get<{ stationId: number }>(`charger/${gw.chargers[0].id}`);
    await page.goto(`/#/Stations/StationProfile/${ch.stationId}/show`);
    await poll(() => page.getByTestId('campaign').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('upgrade-section').innerText()).not.toContain(lang === 'en' ? 'No firmware upgrade yet' : '暂无固件升级');
    await page.getByTestId('campaign-overview-link').click();
    await page.getByTestId('campaign-overview').waitFor();
    await poll(() => page.getByTestId('campaign-overview-row').count()).toBeGreaterThanOrEqual(1);
    const row = (await page.getByTestId('campaign-overview-row').first().innerText()).replace(/\s+/g, ' ');
    expect(row).toContain(TEXT[lang].outcome);
    expect(row).toContain('admin');
    expect(row).toContain(lang === 'en' ? '1 updated, 0 failed of 1' : '共 1 台：1 台已升级，0 台失败');
    await page.goto('/#/System/DeviceVersion');
    await page.getByTestId('campaign-overview-button').click();
    await poll(() => page.getByTestId('campaign-overview-row').count()).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);
  });
});
