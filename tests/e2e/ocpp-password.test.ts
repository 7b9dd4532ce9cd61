/**
 * Browser suite — the charger page's OCPP password card (requirements R10.25), in English and in
 * 中文: for a charger that is not connected the confirmation explains that the password is set by
 * hand and the dialog shows it once; once the charger is connected with it, "Generate password"
 * sends a new key over OCPP (the charge point receives ChangeConfiguration AuthorizationKey and
 * accepts), the dialog says until when the old password works and shows no key, and the charge
 * point reconnects with the new key. Screenshots of both confirmations and the result dialog are
 * written to `SCREENSHOT_DIR` when it is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connectChargePoint, idleVoltaChargers, poll, signIn, stage, type ChargePoint, type Stage } from './helpers.js';

const TEXT = {
  en: { offline: 'is not connected', rotate: 'sent to it over OCPP', accepted: 'accepted its new password', grace: 'still accepted until' },
  zh: { offline: '充电桩未连接', rotate: '通过 OCPP', accepted: '已接受新密码', grace: '之前仍被接受' },
} as const;

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
};

describe.each([['en'], ['zh']] as const)('OCPP password card (%s)', (lang) => {
  let s: Stage;
  let page: Page;
  let errors: string[];
  let cp: ChargePoint | undefined;
  let target: { id: number; serialNum: string };
  let password = '';

  beforeAll(async () => {
    s = await stage({}, { readyTimeoutMs: 300_000 });
    ({ page, errors } = await s.page({ language: lang }));
    await signIn(page, 'admin', s.server.adminPassword);
    [target] = await idleVoltaChargers(s);
  }, 330_000); // a cold start of the demo server on a busy machine
  afterAll(async () => {
    await cp?.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  const ocppUrl = () => `${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`;

  it('sets a password by hand for a charger that is not connected, and says why', async () => {
    await page.goto(`/#/Stations/StationProfile/chargers/${target.id}/show`);
    await page.getByTestId('ocpp-password-generate').click();
    await poll(() => page.getByRole('dialog').innerText()).toContain(TEXT[lang].offline);
    await shot(page, `ocpp-password-offline-${lang}`);
    await page.getByRole('dialog').getByRole('button').last().click();
    password = await page.getByTestId('ocpp-password-value').inputValue();
    expect(password.length).toBeGreaterThanOrEqual(16);
    await page.getByTestId('ocpp-password-close').click();
  });

  it('sends a new key to the connected charger, which accepts it and reconnects with it', async () => {
    const seen: { key: string; value: string }[] = [];
    cp = await connectChargePoint(ocppUrl(), target.serialNum, password);
    cp.handle('ChangeConfiguration', async ({ params }) => {
      seen.push(params as { key: string; value: string });
      return { status: 'Accepted' };
    });
    await cp.call('BootNotification', { chargePointVendor: 'E2E', chargePointModel: 'Key' });
    await page.reload();
    await poll(() => page.getByTestId('charger-show').getByTestId('online-dot').first().getAttribute('data-online')).toBe('true');
    await page.getByTestId('ocpp-password-generate').click();
    await poll(() => page.getByRole('dialog').innerText()).toContain(TEXT[lang].rotate);
    await shot(page, `ocpp-password-rotate-confirm-${lang}`);
    await page.getByRole('dialog').getByRole('button').last().click();
    await poll(() => page.getByTestId('ocpp-rotation-status').innerText()).toContain(TEXT[lang].accepted);
    expect(await page.getByTestId('ocpp-rotation-grace').innerText()).toContain(TEXT[lang].grace);
    await shot(page, `ocpp-password-rotated-${lang}`);
    expect(seen).toHaveLength(1);
    expect(seen[0].key).toBe('AuthorizationKey');
    expect(await page.getByTestId('ocpp-rotation-dialog').innerText()).not.toContain(seen[0].value);
    await page.getByTestId('ocpp-rotation-close').click();
    await cp.close();
    cp = await connectChargePoint(ocppUrl(), target.serialNum, seen[0].value);
    expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime');
    expect(errors).toEqual([]);
  });
});
