/**
 * Browser suite — orders (issue "Charging operations"): filter the orders, export the filtered list
 * to Excel from the console (the file holds exactly the API's rows, headers in the user's
 * language), and download an order's tax invoice, in English and in Chinese.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from '../support/xlsx';
import { anExportSettingBody } from '../support/images';
import { E2E_ADMIN_PASSWORD } from '../support/server-process.js';
import { poll, signIn, stage, type Stage } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}
interface Order {
  id: number;
  orderNo: string;
  paid: boolean;
  status: string;
}

describe('orders: Excel export and tax invoice in the console', () => {
  let s: Stage;

  beforeAll(async () => {
    s = await stage();
    await s.api.call('PUT', 'order-export-setting', anExportSettingBody({ companyCode: 'VOLTA' }));
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`exports the filtered orders to Excel (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      const filter = { companyCode: 'HKEV', paid: 'false' };
      await page.goto(`/#/Operations/Orders?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      await page.getByTestId('order-row').first().waitFor();
      const api = await s.api.get<Page2<Order>>('order?companyCode=HKEV&paid=false&size=500&sort=chargerStartTime&order=desc');
      expect(api.total).toBeGreaterThan(0);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('order-export-excel').click()]);
      const file = await download.path();
      const rows = await readSheet(fs.readFileSync(file!));
      expect(rows[0][0]).toBe(lang === 'en' ? 'Order number' : '订单号');
      const numbers = rows.slice(1).map((r) => r[0]);
      expect(numbers).toHaveLength(api.total);
      expect(numbers.slice(0, api.records.length)).toEqual(api.records.map((o) => o.orderNo));
      expect(errors).toEqual([]);
    });

    it(`shows the totals of every matching order and narrows the dates to hours (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.goto(`/#/Operations/Orders?filter=${encodeURIComponent(JSON.stringify({ companyCode: 'HKEV' }))}`);
      await page.getByTestId('order-row').first().waitFor();
      const all = await s.api.get<Page2<Order> & { totals: { count: number; revenue: { currency: string; totalAmount: string }[] } }>(
        'order?companyCode=HKEV&size=1',
      );
      expect(all.totals.count).toBeGreaterThan(20); // more than one page: the totals are not the page's
      const count = page.getByTestId('order-totals-count');
      await poll(() => count.innerText()).toBe(lang === 'en' ? `${all.totals.count} orders` : `${all.totals.count} 个订单`);
      const hkd = Number(all.totals.revenue[0].totalAmount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      await poll(() => page.getByTestId('order-totals-revenue-HKD').innerText()).toContain(`${hkd} HKD`);

      // A window of hours today (the browser runs in UTC): the totals follow the filter, as the API counts it.
      const from = new Date(Date.now() - 8 * 3_600_000);
      const typed = from.toISOString().slice(0, 16).replace('T', ' ');
      await page.getByTestId('order-filter-start').fill(typed);
      const fromIso = new Date(`${typed}:00Z`).toISOString();
      const windowed = await s.api.get<Page2<Order>>(`order?companyCode=HKEV&size=1&startTime=${encodeURIComponent(fromIso)}`);
      expect(windowed.total).toBeLessThan(all.totals.count);
      await poll(() => count.innerText()).toBe(lang === 'en' ? `${windowed.total} order${windowed.total === 1 ? '' : 's'}` : `${windowed.total} 个订单`);
      await poll(() => page.evaluate(() => location.hash)).toContain(encodeURIComponent(fromIso.slice(0, 16)));
      expect(errors).toEqual([]);
    });

    it(`downloads the tax invoice of a paid order (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      const paid = await s.api.get<Page2<Order>>('order?companyCode=VOLTA&paid=true&status=FINISHED&size=1');
      const order = paid.records[0];
      await page.goto(`/#/Operations/Orders/${order.id}/show`);
      await page.getByTestId('order-show').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('order-invoice').click()]);
      const pdf = fs.readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(download.suggestedFilename()).toContain(order.orderNo);
      expect(errors).toEqual([]);
    });
  }
});
