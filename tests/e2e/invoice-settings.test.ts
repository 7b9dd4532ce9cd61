/**
 * Browser suite — tax invoices out of the box (issue 11 item 4): the demo operators have order
 * export settings, so a paid order's invoice downloads at once; a company without settings (the
 * server answering 813) gets a button that says what is missing and opens the settings dialog,
 * and the invoice downloads once they are saved. In English and in Chinese.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fake-db/index.js';
import { poll, signIn, stage, type Stage } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}
interface Order {
  id: number;
  orderNo: string;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MISSING = {
  en: { toast: 'A tax invoice needs the order export settings', msg: 'Order export setting not found' },
  zh: { toast: '开具税务发票需要先填写订单导出设置', msg: '订单导出设置不存在' },
};

describe('tax invoice with and without order export settings', () => {
  let s: Stage;
  const paidOf = async (company: string) => (await s.api.get<Page2<Order>>(`order?companyCode=${company}&paid=true&status=FINISHED&size=1`)).records[0];

  beforeAll(async () => {
    s = await stage();
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`downloads a demo order's invoice out of the box (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'hkev.admin', DEMO_PASSWORD);
      const order = await paidOf('HKEV');
      await page.goto(`/#/Operations/Orders/${order.id}/show`);
      await page.getByTestId('order-show').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('order-invoice').click()]);
      expect(
        fs
          .readFileSync((await download.path())!)
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      expect(errors).toEqual([]);
    });

    it(`shows staff the company-wide settings read-only, with no save (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'volta.staff', DEMO_PASSWORD);
      await page.goto('/#/Operations/Orders');
      await page.getByTestId('order-export-settings').click();
      const dialog = page.getByTestId('order-settings-dialog');
      await poll(() => dialog.getByTestId('order-setting-read-only').innerText()).toBe(
        lang === 'en' ? "These settings are company-wide: only your operator's administrators change them." : '这些是公司级设置：只有运营商管理员可以修改。',
      );
      await poll(() => dialog.getByTestId('order-setting-operatorCompanyName').inputValue()).not.toBe('');
      expect(await dialog.getByTestId('order-setting-operatorCompanyName').isEditable()).toBe(false);
      expect(await dialog.getByTestId('order-setting-save').count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it(`without settings says what is missing, opens the settings dialog and downloads after saving (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      // The company has no settings yet: the server answers 813 until the dialog saves them.
      let saved = false;
      await page.route(/\/sp\/order-export-setting(\?|$)/, async (route) => {
        if (route.request().method() === 'PUT') {
          saved = true;
          return route.continue();
        }
        if (saved) return route.continue();
        return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 813, msg: MISSING[lang].msg, data: null }) });
      });
      await signIn(page, 'volta.admin', DEMO_PASSWORD);
      const order = await paidOf('VOLTA');
      await page.goto(`/#/Operations/Orders/${order.id}/show`);
      await page.getByTestId('order-show').waitFor();
      const button = page.getByTestId('order-invoice');
      await button.hover();
      await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 10_000 }).toContain(MISSING[lang].toast);
      await button.click();
      await page.getByTestId('order-settings-dialog').getByTestId('order-setting-missing').waitFor();
      await expect
        .poll(() => page.locator('.MuiSnackbarContent-message, .MuiAlert-message').allTextContents())
        .toEqual(expect.arrayContaining([expect.stringContaining(MISSING[lang].toast)]));
      // The catalogue code is for logs, not for the operator: neither the toast nor the dialog shows it.
      // (The page body may hold 813 inside a meter reading or an order number, so only these are read.)
      for (const text of await page.locator('.MuiSnackbarContent-message, .MuiAlert-message').allTextContents()) expect(text).not.toMatch(/\b813\b/);
      expect(await page.getByTestId('order-settings-dialog').textContent()).not.toMatch(/\b813\b/);
      await page.getByTestId('order-setting-operatorCompanyName').fill('Volta Charging GmbH');
      await page.getByTestId('order-setting-address').fill('Hauptstraße 1, 10115 Berlin');
      await page.getByTestId('order-setting-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('order-setting-logo-preview').waitFor();
      await page.getByTestId('order-setting-electricityFeeTitle').fill('Electricity');
      await page.getByTestId('order-setting-serviceFeeTitle').fill('Service fee');
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('order-setting-save').click()]);
      expect(download.suggestedFilename()).toContain(order.orderNo);
      expect(saved).toBe(true);
      await page.getByTestId('order-settings-dialog').waitFor({ state: 'hidden' });
      // The browser logs the (intended) 404 answers; nothing else may fail.
      expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    });
  }
});
