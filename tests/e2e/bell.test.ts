/**
 * Browser suite — the notification bell against the real server: a charger refuses one unknown
 * card three times and 60 others once each, so the Problems tab holds more than a page. The bell
 * shows the true unread count and true totals per tab, the repeated card as one row with ×3 in
 * the user's language (no raw code), a click marks it read, "see all" pages through the full list
 * and "mark all read" clears the badge — per account, in English and in Chinese.
 * Live (issue #26 items 1 and 5): a new fault raises a toast within seconds (the live stream, not the
 * 30 s poll) whose "Open" leads to the event, and the badge follows at once; staff, who may not
 * open events, are led to the charger's monitoring row instead of "Access denied".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient } from '../support/server-process.js';
import { connectChargePoint, hashPath, poll, signIn, stage, type ChargePoint, type Stage, idleVoltaChargers } from './helpers.js';

interface Summary {
  all: { total: number; unread: number };
  events: { total: number; unread: number };
  problems: { total: number; unread: number };
}

const badge = async (page: Page) => {
  const el = page.getByTestId('notification-badge').locator('.MuiBadge-badge');
  const invisible = await el.evaluate((e) => e.classList.contains('MuiBadge-invisible'));
  return invisible ? 0 : Number((await el.innerText()).replace(/\D/g, '') || 0);
};

describe('notification bell', () => {
  let s: Stage;
  let cp: ChargePoint | undefined;
  let sn = '';
  const repeated = 'E2EUNKNOWNCARD01';

  beforeAll(async () => {
    s = await stage();
    sn = (await idleVoltaChargers(s))[0].serialNum;
    cp = await connectChargePoint(`${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`, sn);
    await cp.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'E2E-1' });
    for (let i = 0; i < 60; i++) await cp.call('Authorize', { idTag: `E2EUNKNOWN${String(i).padStart(4, '0')}` });
    for (let i = 0; i < 3; i++) {
      const a = (await cp.call('Authorize', { idTag: repeated })) as { idTagInfo: { status: string } };
      expect(a.idTagInfo.status).toBe('Invalid');
    }
  });
  afterAll(async () => {
    await cp?.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  const live = [
    {
      lang: 'en' as const,
      user: 'volta.admin',
      connectorId: 1,
      errorCode: 'GroundFailure',
      text: (sn: string) => `Charger ${sn} connector 1: Grounding fault`,
      target: /^\/Events\/Eventes\/\d+\/show$/,
    },
    {
      lang: 'zh' as const,
      user: 'volta.staff',
      connectorId: 2,
      errorCode: 'OverVoltage',
      text: (sn: string) => `充电桩 ${sn} 2 号枪：过压`,
      target: /^\/Monitoring\/ChargerMonitoring\?filter=/,
    },
  ];
  for (const c of live) {
    it(`toasts a new fault from the live stream and opens what the account may open (${c.lang}, ${c.user})`, async () => {
      const { page, errors } = await s.page({ language: c.lang });
      await signIn(page, c.user, 'demo1234');
      const api = apiClient(s.server);
      await api.login(c.user, 'demo1234');
      const before = (await api.get<Summary>('notifications/summary')).all.unread;
      await poll(() => badge(page)).toBe(Math.min(before, 99));
      await page.waitForTimeout(1500); // the stream is open
      await cp!.call('StatusNotification', { connectorId: c.connectorId, status: 'Faulted', errorCode: c.errorCode, timestamp: new Date().toISOString() });
      // Well inside the 30 s poll: only the live stream can bring these.
      const toast = page.getByTestId('notice-toast').filter({ hasText: c.text(sn) });
      await toast.waitFor({ timeout: 8000 });
      await poll(() => badge(page), 8000).toBe(Math.min(before + 1, 99));
      await toast.getByTestId('notice-toast-open').click();
      await poll(() => hashPath(page)).toMatch(c.target);
      await page.waitForTimeout(500);
      expect(await page.getByText(/Access denied|无权访问/).count()).toBe(0);
      if (c.user === 'volta.staff') await poll(async () => page.getByTestId('charger-row').filter({ hasText: sn }).count()).toBe(1);
      // The bell's row leads to the same page.
      await page.getByTestId('notification-bell').click();
      const row = page
        .getByTestId('notification-panel')
        .getByTestId('notice-row')
        .filter({ hasText: c.text(sn) });
      await row.waitFor();
      expect((await row.getAttribute('href'))!.replace(/^#/, '')).toMatch(c.target);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    });
  }

  for (const lang of ['en', 'zh'] as const) {
    it(`shows true counts, groups repeats, reads on click, pages and marks all read (${lang})`, async () => {
      // One account per language: unread state is per account.
      const user = lang === 'en' ? { name: 'volta.admin', password: 'demo1234' } : { name: 'volta.staff', password: 'demo1234' };
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, user.name, user.password);
      const api = apiClient(s.server);
      await api.login(user.name, user.password);
      const expected = await api.get<Summary>('notifications/summary');
      expect(expected.problems.total).toBeGreaterThan(60);
      expect(expected.all.unread).toBeGreaterThan(50);
      await poll(() => badge(page)).toBe(Math.min(expected.all.unread, 99));

      await page.getByTestId('notification-bell').click();
      const panel = page.getByTestId('notification-panel');
      await panel.waitFor();
      const problemsTab = page.getByTestId('notification-tab-problems');
      await poll(async () => (await problemsTab.innerText()).replace(/\s+/g, ' ')).toContain(String(expected.problems.total));
      await problemsTab.click();
      const row = panel.getByTestId('notice-row').filter({ hasText: repeated });
      await row.waitFor();
      const text = (await row.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('×3');
      if (lang === 'en') expect(text).toContain(`Card ${repeated} not accepted at charger ${sn}: unknown or not valid here`);
      else expect(text).toContain(`卡 ${repeated} 在充电桩 ${sn} 未被接受：未知或在此无效`);
      expect(text).not.toMatch(/\bInvalid\b/);
      expect(await row.getAttribute('data-read')).toBe('false');
      // Opening it marks it read: the badge goes down by one.
      await row.click();
      await poll(() => badge(page)).toBe(Math.min(expected.all.unread - 1, 99));
      expect((await api.get<Summary>('notifications/summary')).problems.unread).toBe(expected.problems.unread - 1);

      // See all: the full list, paged past the first 50.
      await page.goto('/#/Notifications');
      await page.getByTestId('notifications-page').waitFor();
      await page.getByTestId('notices-tab-problems').click();
      await poll(() => page.getByTestId('notice-row').count()).toBe(20);
      await page.getByRole('button', { name: /next page/i }).click();
      await poll(async () => (await page.getByTestId('notice-row').first().innerText()).length > 0).toBe(true);
      const readRow = page.getByTestId('notice-row').filter({ hasText: repeated });
      expect(await readRow.count()).toBe(0); // it is on the first page (newest), not repeated on page 2
      await page.getByTestId('notices-mark-all').click();
      await poll(() => badge(page)).toBe(0);
      await poll(() => page.locator('[data-testid="notice-row"][data-read="false"]').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});
