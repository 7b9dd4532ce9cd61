/**
 * Browser suite — the charger page's Device management panel (requirements R15.20–R15.25), in
 * English and in 中文, against a simulated charger: the configuration read (a read-only key, an
 * unknown key) and a key changed (its status shown), a DataTransfer answered, the local list sent and
 * its version read back, a reservation made (Reserved on the charger) and cancelled after the
 * confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ChargePoint } from '../../sim/charge-point.js';
import { idleVoltaChargers, poll, signIn, stage, type Stage } from './helpers.js';

const TEXT = {
  en: { readonly: 'Read-only', unknown: 'Unknown keys', accepted: 'Accepted', reboot: 'applies after a reboot', active: 'Active', cancelled: 'Cancelled' },
  zh: { readonly: '只读', unknown: '未知配置项', accepted: '已接受', reboot: '重启后生效', active: '有效', cancelled: '已取消' },
} as const;

describe.each([['en'], ['zh']] as const)('device management panel (%s)', (lang) => {
  let s: Stage;
  let page: Page;
  let errors: string[];
  let sim: ChargePoint | undefined;
  let chargerId = 0;

  beforeAll(async () => {
    s = await stage();
    ({ page, errors } = await s.page({ language: lang }));
    await signIn(page, 'admin', s.server.adminPassword);
    const [target] = await idleVoltaChargers(s);
    chargerId = target.id;
    sim = new ChargePoint({ url: `${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`, identity: target.serialNum, connectors: 2, reconnect: false });
    await sim.start();
  });
  afterAll(async () => {
    await sim?.stop().catch(() => undefined);
    await s?.close();
  });

  it('reads the configuration and changes a key, showing the charger\'s status', async () => {
    await page.goto(`/#/Stations/StationProfile/chargers/${chargerId}/show`);
    await page.getByTestId('device-config-keys').fill('NumberOfConnectors,WebSocketPingInterval,NoSuchKey');
    await page.getByTestId('device-config-read').click();
    await poll(() => page.getByTestId('device-config-NumberOfConnectors').innerText()).toContain(TEXT[lang].readonly);
    expect(await page.getByTestId('device-config-unknown').innerText()).toContain(`${TEXT[lang].unknown}: NoSuchKey`);
    const row = page.getByTestId('device-config-WebSocketPingInterval');
    await row.getByTestId('device-config-edit').click();
    await row.getByTestId('device-config-value').fill('45');
    await row.getByTestId('device-config-save').click();
    await poll(() => row.getByTestId('device-config-status').innerText()).toContain(TEXT[lang].reboot);
    // A read-only key has no edit button.
    expect(await page.getByTestId('device-config-NumberOfConnectors').getByTestId('device-config-edit').count()).toBe(0);
  });

  it('sends a DataTransfer and shows the reply with its data', async () => {
    await page.getByTestId('device-tab-commands').click();
    await page.getByTestId('device-dt-vendor').fill('ChargeDesk');
    await page.getByTestId('device-dt-message').fill('Echo');
    await page.getByTestId('device-dt-data').fill(`hello-${lang}`);
    await page.getByTestId('device-dt-send').click();
    await poll(() => page.getByTestId('device-reply').innerText()).toContain(`hello-${lang}`);
    expect(await page.getByTestId('device-reply').innerText()).toContain(TEXT[lang].accepted);
  });

  it('sends the local list and reads its version back from the charger', async () => {
    await page.getByTestId('device-tab-local_list').click();
    await page.getByTestId('device-list-full').click();
    await poll(() => page.getByTestId('device-list-version').innerText()).toBe('1');
    await page.getByTestId('device-list-read').click();
    await poll(() => page.getByTestId('device-charger-version').innerText()).toBe('1');
    expect(sim?.localListState.version).toBe(1);
  });

  it('reserves a connector and cancels the reservation after the confirmation', async () => {
    const cards = await s.api.get<{ records: { cardNumber: string; active: boolean; balance: string }[] }>('card-user?companyCode=VOLTA&size=100');
    const card = cards.records.find((c) => c.active && Number(c.balance) > 0);
    if (!card) throw new Error('no usable demo card of VOLTA');
    await page.getByTestId('device-tab-reservations').click();
    await page.getByTestId('device-res-connector').fill('2');
    await page.getByTestId('device-res-idtag').fill(card.cardNumber);
    await page.getByTestId('device-res-reserve').click();
    await poll(() => page.getByTestId('device-res-table').innerText()).toContain(TEXT[lang].active);
    await poll(() => sim?.reservationOn(2)?.idTag).toBe(card.cardNumber);
    await page.getByTestId('device-res-cancel').click();
    await page.locator('.ra-confirm').click();
    await poll(() => page.getByTestId('device-res-table').innerText()).toContain(TEXT[lang].cancelled);
    expect(sim?.reservationOn(2)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
