/**
 * Browser suite — wide lists at 1440×900 with the sidebar open (issue 11 item 5): the key columns
 * are on screen without horizontal scrolling (Orders: Status and Paid; Charger Monitoring:
 * Firmware and Last seen; Accounts, Operators and Menu: their actions), and the columns a user
 * chooses (react-admin's column chooser) survive a reload, per user. In English and in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../fake-db/index.js';
import { E2E_ADMIN_PASSWORD } from '../support/server-process.js';
import { signIn, stage, type Stage } from './helpers.js';

const VIEWPORT = { width: 1440, height: 900 };
const USER_TYPE = { en: 'User type', zh: '用户类型' };

/** The element lies inside the viewport (its whole box). */
async function onScreen(l: Locator): Promise<boolean> {
  await l.waitFor({ state: 'visible' });
  const box = await l.boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= VIEWPORT.width + 0.5 && box.width > 0;
}

/** The list's table needs no horizontal scroll. */
async function fitsWithoutScroll(page: Page, table: string): Promise<boolean> {
  return page
    .locator(table)
    .first()
    .evaluate((el) => {
      const box = el.closest('.RaList-content, .MuiTableContainer-root') ?? el;
      return box.scrollWidth <= box.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth + 0.5;
    });
}

describe('wide lists at 1440 px with the sidebar open', () => {
  let s: Stage;
  beforeAll(async () => {
    s = await stage();
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`keeps the key columns and actions on screen (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang, viewport: VIEWPORT });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      expect(
        await page
          .getByTestId('sidebar')
          .boundingBox()
          .then((b) => b?.width ?? 0),
      ).toBeGreaterThan(150);

      await page.goto('/#/Operations/Orders');
      await page.getByTestId('order-row').first().waitFor();
      for (const col of ['status', 'paid', 'orderNo', 'totalAmount']) expect(await onScreen(page.locator(`th.column-${col}`)), col).toBe(true);
      expect(await fitsWithoutScroll(page, '[data-testid="orders-grid"] table, table.RaDatagrid-table')).toBe(true);

      await page.goto('/#/Monitoring/ChargerMonitoring');
      await page.getByTestId('charger-row').first().waitFor();
      for (const col of ['firmwareVersion', 'lastSeenAt', 'serialNum']) expect(await onScreen(page.locator(`th.column-${col}`)), col).toBe(true);
      expect(await fitsWithoutScroll(page, 'table.RaDatagrid-table')).toBe(true);

      await page.goto('/#/SystemUsers/Accounts');
      await page.getByTestId('accounts-grid').locator('tbody tr').first().waitFor();
      expect(await onScreen(page.getByTestId('accounts-grid').locator('tbody tr').first().locator('td').first())).toBe(true);
      expect(await fitsWithoutScroll(page, 'table.RaDatagrid-table')).toBe(true);

      await page.goto('/#/System/Operators');
      await page.getByTestId('operators-grid').locator('tbody tr').first().waitFor();
      expect(await onScreen(page.getByTestId('operators-grid').locator('tbody tr').first().locator('td').first().locator('a, button').first())).toBe(true);
      expect(await fitsWithoutScroll(page, 'table.RaDatagrid-table')).toBe(true);

      await page.goto('/#/System/Menu');
      const edit = page.locator('[data-testid^="menu-edit-"]').first();
      expect(await onScreen(edit)).toBe(true);
      expect(errors).toEqual([]);
    });

    it(`remembers the chosen columns across a reload, per user (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang, viewport: VIEWPORT });
      await signIn(page, 'volta.admin', DEMO_PASSWORD);
      await page.goto('/#/Operations/Orders');
      await page.getByTestId('order-row').first().waitFor();
      const userType = page.locator('th.column-userType');
      expect(await userType.count()).toBe(0);
      await page.getByTestId('select-columns').click();
      await page.getByRole('option').filter({ hasText: USER_TYPE[lang] }).locator('label').click();
      await userType.waitFor();
      await page.keyboard.press('Escape');
      await page.reload();
      await page.getByTestId('order-row').first().waitFor();
      await userType.waitFor();
      expect(await page.locator('th.column-status').count()).toBe(1);
      // Another user on the same browser keeps the default columns.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await page.getByTestId('login-username').waitFor();
      await signIn(page, 'hkev.admin', DEMO_PASSWORD);
      await page.goto('/#/Operations/Orders');
      await page.getByTestId('order-row').first().waitFor();
      expect(await page.locator('th.column-userType').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});
