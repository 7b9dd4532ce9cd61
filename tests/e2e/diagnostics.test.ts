/**
 * Browser suite — a charger's diagnostics (requirements R15.10–R15.14), in English and in 中文: the
 * panel on the charger page (empty at first), the request form refusing a period that ends before
 * it starts (751, in the user's language), then a request to a simulated charger that uploads over
 * HTTP (English) or FTP (中文): the row shows "file received" with the file's name and size, and the
 * download button saves the charger's file.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ChargePoint } from '../../sim/charge-point.js';
import { poll, signIn, stage, type Stage } from './helpers.js';

const TEXT = {
  en: {
    title: 'Diagnostics',
    empty: 'No diagnostics requested yet',
    order: 'The diagnostics period must end after it starts',
    received: 'File received',
    transport: 'HTTP',
  },
  zh: { title: '诊断', empty: '尚未请求诊断', order: '诊断时间段的结束时间必须晚于开始时间', received: '已收到文件', transport: 'FTP' },
} as const;

describe.each([['en'], ['zh']] as const)('charger diagnostics (%s)', (lang) => {
  let s: Stage;
  let page: Page;
  let errors: string[];
  let sim: ChargePoint | undefined;

  beforeAll(async () => {
    s = await stage({ FTP_PORT: '0', FTP_PASV_HOST: '127.0.0.1' });
    ({ page, errors } = await s.page({ language: lang }));
    await signIn(page, 'admin', s.server.adminPassword);
  });
  afterAll(async () => {
    await sim?.stop().catch(() => undefined);
    await s?.close();
  });

  it('asks a simulated charger for diagnostics from its page and downloads the file', async () => {
    const list = await s.api.get<{ records: { id: number; serialNum: string }[] }>(`charger?companyCode=${lang === 'en' ? 'VOLTA' : 'HKEV'}&perPage=3`);
    const target = list.records[0];
    sim = new ChargePoint({ url: s.server.ocppUrl, identity: target.serialNum, connectors: 1, reconnect: false, diagnosticsBytes: 5000 });
    await sim.start();
    await page.goto(`/#/Stations/StationProfile/chargers/${target.id}/show`);
    const section = page.getByTestId('diagnostics-section');
    await poll(() => section.locator('.MuiCardHeader-title').innerText()).toBe(TEXT[lang].title);
    await poll(() => section.getByTestId('empty-state').innerText()).toContain(TEXT[lang].empty);
    await poll(() => page.getByTestId('diagnostics-open').isEnabled()).toBe(true);

    await page.getByTestId('diagnostics-open').click();
    await page.getByTestId('diagnostics-startTime').fill('2026-11-02 10:00');
    await page.getByTestId('diagnostics-stopTime').fill('2026-11-01 10:00');
    await poll(() => page.getByTestId('diagnostics-dialog').innerText()).toContain(TEXT[lang].order);
    await page.getByTestId('diagnostics-preset-24').click();
    await poll(() => page.getByTestId('diagnostics-dialog').innerText()).not.toContain(TEXT[lang].order);
    await page.getByTestId('diagnostics-transport').locator('[role="combobox"]').click();
    await page.getByRole('option', { name: TEXT[lang].transport, exact: true }).click();
    await page.getByTestId('diagnostics-send').click();

    const row = page.getByTestId('diagnostics-row').first();
    await poll(() => row.getAttribute('data-received'), 30_000).toBe('true');
    expect(await row.getByTestId('diagnostics-status').innerText()).toBe(TEXT[lang].received);
    expect(await row.innerText()).toContain(TEXT[lang].transport);
    expect(await row.getByTestId('diagnostics-file').innerText()).toMatch(new RegExp(`^diag-${target.serialNum}-\\d+\\.log$`));

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('diagnostics-download').click()]);
    const file = fs.readFileSync((await download.path())!);
    expect(file.length).toBe(5000);
    expect(file.toString('utf8', 0, 120)).toContain(`diagnostics for ${target.serialNum}`);
    expect(errors).toEqual([]);
  });
});
