/**
 * Browser suite — every hand-built page against error answers: the page's API calls are answered
 * with 401, 403, 500 (the catalogue envelope) or fail (network). The page never throws (no page
 * error, never blank): a 403 / 500 / network failure shows the message (toast or the page's error
 * state) with the page still there; a 401 shows "Authentication exception" and leads to sign-in.
 * Statistics used to throw `e.series is not iterable` on a 401. English and Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import en from '../../src/i18n/en.js';
import zh from '../../src/i18n/zh.js';
import { hashPath, poll, signIn, stage, type Stage } from './helpers.js';

type Failure = 401 | 403 | 500 | 'network';
const MSG: Record<'en' | 'zh', Record<Exclude<Failure, 'network'>, string>> = {
  en: { 401: 'Authentication exception', 403: 'No permission', 500: 'System error' },
  zh: { 401: '认证异常', 403: '无权限', 500: '系统错误' },
};

/** Hand-built pages and the API paths their data comes from. */
const PAGES: [string, RegExp, string][] = [
  ['/Operations/Statistics', /\/sp\/statistics/, 'statistics-page'],
  ['/Dashboard/Dashboard', /\/sp\/dashboard/, ''],
  ['/Operations/StationIndights', /\/sp\/station-insights/, ''],
  ['/Search/Search?ChargerSN=ChargerSN&Search=VOLTA', /\/sp\/search/, ''],
  ['/Notifications', /\/sp\/notifications/, 'notifications-page'],
  ['/Monitoring/ChargerMonitoring', /\/sp\/charger\?/, ''],
  ['/TourAccount/TourAccount', /\/sp\/user\/profile/, ''],
  ['/NotificationPreference/NotificationPreference', /\/sp\/user\/notification-preference/, ''],
];

describe('pages against error answers', () => {
  let s: Stage;
  beforeAll(async () => {
    s = await stage();
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`every hand-built page survives 401, 403, 500 and a network failure (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'admin', s.server.adminPassword);
      const network = (lang === 'en' ? en : zh).app.error.network;
      for (const [path, api, testId] of PAGES) {
        for (const failure of [403, 500, 'network', 401] as Failure[]) {
          const handler = (route: Route) =>
            failure === 'network'
              ? route.abort('connectionrefused')
              : route.fulfill({
                  status: failure,
                  contentType: 'application/json',
                  body: JSON.stringify({ code: failure, msg: MSG[lang][failure], data: null }),
                });
          await page.route(api, handler);
          await page.goto(`/#${path}`);
          await page.reload(); // a fresh load: nothing cached from the previous answer
          const expected = failure === 'network' ? network : MSG[lang][failure];
          await expect.poll(() => visibleText(page), { timeout: 20_000, message: `${path} ${failure}` }).toContain(expected);
          if (failure === 401) {
            await poll(() => hashPath(page)).toMatch(/^\/login/);
            await page.unroute(api, handler);
            await signIn(page, 'admin', s.server.adminPassword);
          } else {
            if (testId) expect(await page.getByTestId(testId).count(), `${path} ${failure}`).toBe(1);
            expect((await visibleText(page)).replace(expected, '').trim().length).toBeGreaterThan(20);
            await page.unroute(api, handler);
          }
          expect(
            errors.filter((e) => e.startsWith('pageerror')),
            `${path} ${failure}`,
          ).toEqual([]);
        }
      }
    });
  }
});

async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}
