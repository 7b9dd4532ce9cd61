/**
 * Browser suite — the notification preference offers only the notices the account's menus show
 * (requirements R6.9), in English and in Chinese: the demo staff role (monitoring and orders, no
 * events or report tickets page) gets a note instead of the notice switches; the operator's
 * administrator gets every notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NOTIFY_EVENTS } from '../../domain/entities/notification-preference.js';
import { signIn, stage, type Stage } from './helpers.js';

const DEMO_PASSWORD = 'demo1234';
const NOTE = { en: 'Your menus show no events or report tickets', zh: '您的菜单中没有事件或问题反馈' };
const TICKET = { en: 'Report ticket', zh: '工单' };

async function openPreference(page: Page) {
  await page.goto('/#/NotificationPreference/NotificationPreference');
  await page.getByTestId('notification-preference').waitFor();
}

describe('notification preference by menus', () => {
  let s: Stage;
  beforeAll(async () => {
    s = await stage({}, 300_000);
  }, 360_000);
  afterAll(async () => {
    await s?.close();
  });

  it.each(['en', 'zh'] as const)('staff without the events and report tickets menus are offered nothing (%s)', async (language) => {
    const { page, errors } = await s.page({ language });
    await signIn(page, 'volta.staff', DEMO_PASSWORD);
    await openPreference(page);
    expect(await page.getByTestId('pref-none-offered').innerText()).toContain(NOTE[language]);
    expect(await page.getByTestId('pref-events').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it.each(['en', 'zh'] as const)("the operator's administrator is offered every notice (%s)", async (language) => {
    const { page, errors } = await s.page({ language });
    await signIn(page, 'volta.admin', DEMO_PASSWORD);
    await openPreference(page);
    await page.getByTestId('pref-events').waitFor();
    for (const e of NOTIFY_EVENTS) expect(await page.getByTestId(`pref-event-${e}`).count(), e).toBe(1);
    expect(await page.getByTestId('pref-events').innerText()).toContain(TICKET[language]);
    expect(await page.getByTestId('pref-none-offered').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
