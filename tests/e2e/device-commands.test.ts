/**
 * Browser suite — the charger page's Device management panel (requirements R15.20–R15.25), in
 * English and in 中文, against a simulated charger: the configuration read (a read-only key, an
 * unknown key) and a key changed (its status shown), a DataTransfer answered, the local list sent and
 * its version read back, a reservation made (Reserved on the charger; connector 0 not offered) and
 * cancelled after the confirmation; charging profiles cleared by purpose and all (R16.9); a remote
 * start carrying the session's limit in W (R16.10); the whole charger reserved where
 * ReserveConnectorZeroSupported is true (R16.11). Screenshots of the dialogs at 1440×900 and
 * 390×844 go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ChargePoint } from '../../sim/charge-point.js';
import { idleVoltaChargers, poll, signIn, stage, type Stage } from './helpers.js';

const TEXT = {
  en: {
    readonly: 'Read-only',
    unknown: 'Unknown keys',
    accepted: 'Accepted',
    reboot: 'applies after a reboot',
    active: 'Active',
    cancelled: 'Cancelled',
    noSuchProfile: 'No such profile',
    watts: 'W (total)',
    limitRange: '0–345000 W',
  },
  zh: {
    readonly: '只读',
    unknown: '未知配置项',
    accepted: '已接受',
    reboot: '重启后生效',
    active: '有效',
    cancelled: '已取消',
    noSuchProfile: '没有该配置',
    watts: 'W（总功率）',
    limitRange: '0–345000 W',
  },
} as const;

describe.each([['en'], ['zh']] as const)('device management panel (%s)', (lang) => {
  let s: Stage;
  let page: Page;
  let errors: string[];
  let sim: ChargePoint | undefined;
  /** A second charger that takes whole-charger reservations. */
  let whole: ChargePoint | undefined;
  let chargerId = 0;

  beforeAll(
    async () => {
      s = await stage();
      ({ page, errors } = await s.page({ language: lang }));
      await signIn(page, 'admin', s.server.adminPassword);
      const [target] = await idleVoltaChargers(s);
      chargerId = target.id;
      sim = new ChargePoint({ url: `${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`, identity: target.serialNum, connectors: 2, reconnect: false });
      await sim.start();
    },
    Number(process.env.E2E_READY_TIMEOUT_MS) + 60_000 || undefined,
  );
  afterAll(async () => {
    await sim?.stop().catch(() => undefined);
    await whole?.stop().catch(() => undefined);
    await s?.close();
  });

  it("reads the configuration and changes a key, showing the charger's status", async () => {
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
    // This charger's ReserveConnectorZeroSupported is false: the whole charger (0) is not offered.
    await page.getByTestId('device-res-connector').click();
    await page.getByTestId('device-res-connector-2').click();
    expect(await page.getByTestId('device-res-connector-0').count()).toBe(0);
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

  it('clears charging profiles by purpose after the confirmation, then all (nothing left: "no such profile")', async () => {
    sim?.profiles.set(
      0,
      {
        chargingProfileId: 77,
        stackLevel: 3,
        chargingProfilePurpose: 'ChargePointMaxProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }] },
      },
      undefined,
    );
    await page.getByTestId('device-tab-commands').click();
    const box = page.getByTestId('device-clear-profile');
    await page.getByTestId('device-cp-purpose').click();
    await page.getByRole('option', { name: 'ChargePointMaxProfile' }).click();
    await page.getByTestId('device-cp-stack').fill('3');
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await box.screenshot({ path: `test-results/clear-profile-${lang}-${viewport.width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('device-cp-send').click();
    await page.locator('.ra-confirm').click();
    await poll(() => box.getByTestId('device-reply').innerText()).toContain(TEXT[lang].accepted);
    expect(sim?.profiles.installed(0, false).max).toEqual([]);
    await page.getByTestId('device-cp-all').check();
    await page.getByTestId('device-cp-send').click();
    await page.locator('.ra-confirm').click();
    await poll(() => box.getByTestId('device-reply').innerText()).toContain(TEXT[lang].noSuchProfile);
    expect(errors).toEqual([]);
  });

  it("remote start with the session's limit: the dialog sends a TxProfile in W and the charger runs under it", async () => {
    const cards = await s.api.get<{ records: { cardNumber: string; active: boolean; balance: string }[] }>('card-user?companyCode=VOLTA&size=100');
    const card = cards.records.find((c) => c.active && Number(c.balance) > 5);
    if (!card || !sim) throw new Error('no usable demo card of VOLTA');
    await page.goto(`/#/Monitoring/ChargerMonitoring?filter=${encodeURIComponent(JSON.stringify({ q: sim.identity }))}`);
    await page.getByTestId(`charger-commands-${sim.identity}`).click();
    await page.getByTestId('command-remote-start').click();
    const dialog = page.getByTestId('command-dialog-remote-start');
    await dialog.getByTestId('command-user').fill(card.cardNumber);
    await page.getByRole('option').filter({ hasText: card.cardNumber }).first().click();
    await dialog.getByTestId('command-limit-session').check();
    await dialog.getByTestId('command-limit-unit').click();
    await page.getByRole('option', { name: TEXT[lang].watts }).click();
    await dialog.getByTestId('command-limit-value').fill('400000');
    await poll(() => dialog.getByTestId('command-form-error').innerText()).toContain(TEXT[lang].limitRange);
    expect(await dialog.getByTestId('command-send').isDisabled()).toBe(true);
    await dialog.getByTestId('command-limit-value').fill('4600');
    await dialog.getByTestId('command-limit-minutes').fill('30');
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await dialog.locator('.MuiDialog-paper').screenshot({ path: `test-results/remote-start-limit-${lang}-${viewport.width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByTestId('command-send').click();
    await dialog.getByTestId('command-success').waitFor();
    // 4600 W on three phases at 230 V: the charger holds the session's TxProfile at 6.7 A.
    await poll(() =>
      [1, 2].map((c) => sim?.profiles.installed(c, true).tx[0]?.chargingSchedule.chargingSchedulePeriod[0]?.limit).find((x) => x !== undefined),
    ).toBe(6.7);
    await dialog.getByTestId('command-close').click();
    expect(errors).toEqual([]);
  });

  it('offers connector 0 where ReserveConnectorZeroSupported is true and reserves the whole charger', async () => {
    const [, other] = await idleVoltaChargers(s, 2);
    whole = new ChargePoint({
      url: `${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`,
      identity: other.serialNum,
      connectors: 2,
      reconnect: false,
      reserveConnectorZero: true,
    });
    await whole.start();
    const cards = await s.api.get<{ records: { cardNumber: string; active: boolean; balance: string }[] }>('card-user?companyCode=VOLTA&size=100');
    // Not the card charging on the first charger since the remote start (729).
    const card = cards.records.filter((c) => c.active && Number(c.balance) > 0).at(-1);
    if (!card) throw new Error('no usable demo card of VOLTA');
    await page.goto(`/#/Stations/StationProfile/chargers/${other.id}/show`);
    await page.getByTestId('device-tab-reservations').click();
    await page.getByTestId('device-res-connector').click();
    await page.getByTestId('device-res-connector-0').click();
    await page.getByTestId('device-res-idtag').fill(card.cardNumber);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.getByTestId('device-commands').screenshot({ path: `test-results/reserve-whole-${lang}-${viewport.width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('device-res-reserve').click();
    await poll(() => whole?.reservationOn(0)?.idTag).toBe(card.cardNumber);
    await poll(() => page.getByTestId('device-res-table').innerText()).toContain(TEXT[lang].active);
    expect(errors).toEqual([]);
  });
});
