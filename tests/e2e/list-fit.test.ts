/**
 * Browser suite — every list fits the screen (issue 26 items 9 and 10): each list route of the
 * console, in English and in Chinese, at 1440×900 with the sidebar open (the page never scrolls
 * sideways and the table is no wider than its container: wide lists hide columns behind the column
 * chooser; STILL_WIDE names those not there yet) and at 390×844 (the page never scrolls sideways;
 * lists built from a field declaration show react-admin's `SimpleList` cards with their key field
 * instead of the table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD } from '../support/server-process.js';
import { signIn, stage, type Stage } from './helpers.js';

/** Every list route of the console. */
const LIST_ROUTES = [
  '/Operations/Orders',
  '/Stations/StationProfile',
  '/Stations/StationProfile/chargers',
  '/Stations/StationProfile/gateways',
  '/Stations/StationProfile/rate-templates',
  '/Stations/StationGroup',
  '/ChargerUsers/CardUsers',
  '/ChargerUsers/AppUsers',
  '/Monitoring/ChargerMonitoring',
  '/SystemUsers/Accounts',
  '/SystemUsers/Permissions',
  '/System/Operators',
  '/Events/Eventes',
  '/System/Menu',
  '/System/DeviceVersion',
  '/HomeStations/ChargerProfile',
  '/HomeStations/AppUserses',
  '/HomeStations/SmartCharging',
  '/ReportTickets/ReportTickets',
];

/**
 * Lists still wider than their container at 1440 px (they scroll inside it, the page does not):
 * not yet on a field declaration with the column chooser (issue 26 item 9, remaining).
 */
const STILL_WIDE = new Set([
  '/Stations/StationProfile/chargers',
  '/Stations/StationProfile/rate-templates',
  '/ChargerUsers/CardUsers',
  '/ChargerUsers/AppUsers',
  '/Events/Eventes',
  '/System/Menu',
  '/ReportTickets/ReportTickets',
]);

/** Lists built from a field declaration: the first phone card shows the key field of the list's first record (API query, field). */
const CARD_LISTS: Record<string, [query: string, key: string]> = {
  '/Stations/StationGroup': ['station-group?page=1&size=1&sort=name&order=asc', 'name'],
  '/SystemUsers/Accounts': ['company/user?page=1&size=1&sort=createdAt&order=desc', 'username'],
  '/SystemUsers/Permissions': ['role?page=1&size=1&sort=name&order=asc', 'name'],
  '/System/DeviceVersion': ['firmware?page=1&size=1&sort=createdAt&order=desc', 'name'],
  '/HomeStations/ChargerProfile': ['home-charger?page=1&size=1&sort=id&order=desc', 'serialNum'],
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
  beforeAll(async () => {
    s = await stage({}, { readyTimeoutMs: 450_000 });
  }, 480_000);
  afterAll(async () => {
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`at 1440×900 with the sidebar open (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang, viewport: { width: 1440, height: 900 } });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      const wide: string[] = [];
      for (const route of LIST_ROUTES) {
        await page.goto(`/#${route}`);
        await listReady(page);
        const o = await overflow(page);
        if (o.doc > 0 || (o.table > 1 && !STILL_WIDE.has(route))) wide.push(`${route}: page +${o.doc}px, table +${o.table}px`);
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
        const card = CARD_LISTS[route];
        if (card) {
          const cards = page.getByTestId('list-cards');
          await cards.waitFor();
          expect(await page.locator('main table').count(), route).toBe(0);
          const first = await s.api.get<{ records: Record<string, unknown>[] }>(`/${card[0]}`);
          expect(await cards.locator('li').first().innerText(), route).toContain(String(first.records[0]?.[card[1]] ?? ''));
        }
      }
      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
    }, 600_000);
  }
});
