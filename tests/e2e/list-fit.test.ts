/**
 * Browser suite — every list fits the screen (issue 26 items 9 and 10): each list route of the
 * console, in English and in Chinese, at 1440×900 with the sidebar open (the page never scrolls
 * sideways and the table is no wider than its container: wide lists hide columns behind the column
 * chooser) and at 390×844 (no sideways scroll; lists built from a field declaration show react-admin's
 * `SimpleList` cards with their key field instead of the table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD } from '../support/server-process.js';
import { signIn, stage, type Stage } from './helpers.js';

/** Every list route of the console. */
const LIST_ROUTES = [
  '/Operations/Orders', '/Stations/StationProfile', '/Stations/StationProfile/chargers', '/Stations/StationProfile/gateways',
  '/Stations/StationProfile/rate-templates', '/Stations/StationGroup', '/ChargerUsers/CardUsers', '/ChargerUsers/AppUsers',
  '/Monitoring/ChargerMonitoring', '/SystemUsers/Accounts', '/SystemUsers/Permissions', '/System/Operators', '/Events/Eventes',
  '/System/Menu', '/System/DeviceVersion', '/HomeStations/ChargerProfile', '/HomeStations/AppUserses', '/HomeStations/SmartCharging',
  '/ReportTickets/ReportTickets',
];

/** Lists built from a field declaration: their phone card shows this key field (a value of the first record). */
const CARD_LISTS: Record<string, string> = {
  '/Stations/StationGroup': 'name',
  '/System/DeviceVersion': 'name',
};

/** Waits for the list (a table, cards or the empty state) and for the data to settle. */
async function listReady(page: Page) {
  await page.locator('table tbody tr, [data-testid="list-cards"], [data-testid="empty-state"]').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** Widths in px: the document against the viewport, and each table against its container. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement.scrollWidth - window.innerWidth;
    const tables = [...document.querySelectorAll('main table')].map((t) => {
      const box = t.parentElement as HTMLElement;
      return Math.round(t.getBoundingClientRect().width - box.getBoundingClientRect().width);
    });
    return { doc, table: Math.max(0, ...tables) };
  });
}

describe('every list fits the screen', () => {
  let s: Stage;
  beforeAll(async () => { s = await stage({}, { readyTimeoutMs: 450_000 }); }, 480_000);
  afterAll(async () => { await s?.close(); });

  for (const lang of ['en', 'zh'] as const) {
    it(`at 1440×900 with the sidebar open (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang, viewport: { width: 1440, height: 900 } });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      const wide: string[] = [];
      for (const route of LIST_ROUTES) {
        await page.goto(`/#${route}`);
        await listReady(page);
        const o = await overflow(page);
        if (o.doc > 0 || o.table > 1) wide.push(`${route}: page +${o.doc}px, table +${o.table}px`);
      }
      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
    }, 600_000);

    it(`at 390×844 (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang, viewport: { width: 390, height: 844 } });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      const wide: string[] = [];
      for (const route of LIST_ROUTES) {
        await page.goto(`/#${route}`);
        await listReady(page);
        const o = await overflow(page);
        if (o.doc > 0) wide.push(`${route}: page +${o.doc}px`);
        const key = CARD_LISTS[route];
        if (key) {
          const cards = page.getByTestId('list-cards');
          await cards.waitFor();
          expect(await page.locator('main table').count(), route).toBe(0);
          const first = await s.api.get<{ records: Record<string, unknown>[] }>(`/${route === '/System/DeviceVersion' ? 'firmware' : 'station-group'}?page=1&size=1&sort=${route === '/System/DeviceVersion' ? 'createdAt&order=desc' : 'name&order=asc'}`);
          const value = String(first.records[0]?.[key] ?? '');
          expect(await cards.innerText(), route).toContain(value);
        }
      }
      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
    }, 600_000);
  }
});
