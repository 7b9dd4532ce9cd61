/**
 * Browser suite — access control in the console (requirements §2, §5, §6): an operator's staff member
 * sees only the menus of their role, in English and in Chinese; an administrator grants the role
 * another menu on the permission tree and the staff member sees it after signing in again; the
 * accounts screen's reset-password dialog keeps its rules (mismatch message, Save only after the
 * confirmation is typed) and the new password works; a menu disabled on the Menu screen leaves
 * the sidebar. Issue #26 items 5 and 8: an order page links its charger, station monitoring and card
 * user; a station manager opening another station's order is told it is outside their stations
 * (not "Element does not exist"), in English and in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../src/i18n/en.js';
import zh from '../../src/i18n/zh.js';
import menuMessages from '../../src/i18n/modules/menu.js';
import { catalogueMessage } from '../../domain/errors.js';
import { fieldMessage } from '../../domain/entities/messages.js';
import { poll, signIn, stage, type Stage } from './helpers.js';
import { apiClient } from '../support/server-process.js';
import { png } from '../support/images.js';

const STAFF = 'volta.staff';
const DEMO_PASSWORD = 'demo1234';

interface Page2<T> {
  records: T[];
  total: number;
}
interface Role {
  id: number;
  code: string;
  name: string;
  description: string;
  enabled: boolean;
  remark: string | null;
  permissions: string[];
}
interface Account {
  id: number;
  username: string;
}

/** Top-level entries every signed-in user has: Notification Preference and Your Account. */
const OPEN_MENUS = ['menu-notificationPreference', 'menu-tourAccount'];
/** The sorted top-level test ids a user with these sections sees (the open entries included). */
const menusWith = (...ids: string[]) => [...ids, ...OPEN_MENUS].sort();

/** The `menu-<key>` test ids of the sidebar's top level (sections and single pages). */
async function topMenus(page: Page): Promise<string[]> {
  await page.getByTestId('sidebar').waitFor();
  const ids = await page
    .locator('[data-testid="sidebar"] nav > [data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.sort();
}

/** A second API client (own token) on the suite's server. */
const apiAs = (st: Stage) => apiClient(st.server);

/** The label shown on a sidebar entry. */
const label = async (page: Page, key: string) => (await page.getByTestId(`menu-${key}`).innerText()).trim();

/** Picks `option` in the MUI select under `testId`. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).getByRole('combobox').click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('access control in the console', () => {
  let s: Stage;
  let role: Role;
  let staff: Account;

  beforeAll(async () => {
    s = await stage();
    const roles = await s.api.get<Page2<Role>>('role?q=VOLTA_STAFF&size=10');
    role = roles.records.find((r) => r.code === 'VOLTA_STAFF') as Role;
    const accounts = await s.api.get<Page2<Account>>(`company/user?q=${STAFF}&size=10`);
    staff = accounts.records.find((a) => a.username === STAFF) as Account;
    expect(role).toBeTruthy();
    expect(staff).toBeTruthy();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('staff see only the menus of their role, in English', async () => {
    // The demo staff role: monitoring and orders.
    expect(role.permissions).toContain('menu:operations:orders');
    expect(role.permissions).not.toContain('menu:stations');
    const { page } = await s.page();
    await signIn(page, STAFF, DEMO_PASSWORD);
    await poll(() => topMenus(page)).toEqual(menusWith('menu-dashboard', 'menu-monitoring', 'menu-operations'));
    expect(await label(page, 'operations')).toBe(en.menu.operations);
    await page.getByTestId('menu-operations').click();
    await page.getByTestId('menu-orders').waitFor();
    expect(await page.getByTestId('menu-statistics').count()).toBe(0);
    // A page outside the role is refused even by its address.
    await page.goto('/#/SystemUsers/Accounts');
    await poll(() => page.getByTestId('accounts-grid').count(), 5_000).toBe(0);
  });

  it('and in Chinese', async () => {
    const { page } = await s.page({ language: 'zh' });
    await signIn(page, STAFF, DEMO_PASSWORD);
    await poll(() => topMenus(page)).toEqual(menusWith('menu-dashboard', 'menu-monitoring', 'menu-operations'));
    expect(await label(page, 'operations')).toBe(zh.menu.operations);
    expect(await label(page, 'monitoring')).toBe(zh.menu.monitoring);
    await page.getByTestId('menu-operations').click();
    expect((await page.getByTestId('menu-orders').innerText()).trim()).toBe(zh.menu.orders);
  });

  it('an administrator grants a menu on the tree; the staff member sees it after signing in again', async () => {
    const { page } = await s.page();
    await signIn(page, 'admin', s.server.adminPassword);
    await page.goto(`/#/SystemUsers/Permissions/${role.id}`);
    const leaf = page.getByTestId('perm-menu:stations:stationgroup');
    await leaf.waitFor();
    expect(await page.getByTestId('perm-node-menu:stations').getAttribute('data-state')).toBe('unchecked');
    await leaf.check();
    expect(await page.getByTestId('perm-node-menu:stations').getAttribute('data-state')).not.toBe('unchecked');
    await page.getByRole('button', { name: en.ra.action.save }).click();
    await poll(async () => (await s.api.get<Role>(`role/${role.id}`)).permissions).toContain('menu:stations:stationgroup');
    const saved = await s.api.get<Role>(`role/${role.id}`);
    expect(saved.permissions).toContain('menu:stations');
    expect(saved.permissions).toContain('menu:operations:orders');

    const { page: again } = await s.page();
    await signIn(again, STAFF, DEMO_PASSWORD);
    await poll(() => topMenus(again)).toEqual(menusWith('menu-dashboard', 'menu-monitoring', 'menu-operations', 'menu-stations'));
    await again.getByTestId('menu-stations').click();
    await again.getByTestId('menu-stationGroup').waitFor();
    expect(await again.getByTestId('menu-stationProfile').count()).toBe(0);
  });

  it("an order links its charger, station and card user; another station's order tells a station manager why it is not shown (en, zh)", async () => {
    interface Order {
      id: number;
      stationId: number | null;
      chargerId: number;
      idTag: string;
      userType: string;
    }
    interface Station {
      id: number;
    }
    const manager = apiAs(s);
    await manager.login('volta.manager', DEMO_PASSWORD);
    const mine = new Set((await manager.get<Page2<Station>>('station?size=500')).records.map((x) => x.id));
    const orders = (await s.api.get<Page2<Order>>('order?companyCode=VOLTA&size=200')).records;
    const card = orders.find((o) => o.userType === 'CARD' && o.stationId !== null)!;
    const outside = orders.find((o) => o.stationId !== null && !mine.has(o.stationId))!;
    expect(card && outside).toBeTruthy();
    {
      const { page, errors } = await s.page({ language: 'en' });
      await signIn(page, 'volta.admin', DEMO_PASSWORD);
      await page.goto(`/#/Operations/Orders/${card.id}/show`);
      await page.getByTestId('order-show').waitFor();
      expect(await page.getByTestId('order-charger-link').getAttribute('href')).toBe(`#/Stations/StationProfile/chargers/${card.chargerId}/show`);
      expect(await page.getByTestId('order-station-link').getAttribute('href')).toBe(`#/Monitoring/StationMonitoring?stationId=${card.stationId}`);
      expect(await page.getByTestId('order-card-user-link').getAttribute('href')).toBe(
        `#/ChargerUsers/CardUsers?filter=${encodeURIComponent(JSON.stringify({ q: card.idTag }))}`,
      );
      expect(errors).toEqual([]);
    }
    for (const lang of ['en', 'zh'] as const) {
      const { page } = await s.page({ language: lang });
      await signIn(page, 'volta.manager', DEMO_PASSWORD);
      await page.goto(`/#/Operations/Orders/${outside.id}/show`);
      const note = page.getByTestId('order-outside-stations');
      await note.waitFor();
      expect(await note.innerText()).toContain(lang === 'en' ? 'outside your stations' : '不在您管理的站点范围内');
      expect(await page.getByText(/Element does not exist|元素不存在/).count()).toBe(0);
    }
  });

  it('a menu disabled on the Menu screen disappears from the sidebar at the next sign-in', async () => {
    const { page } = await s.page();
    await signIn(page, 'admin', s.server.adminPassword);
    await page.goto('/#/System/Menu');
    const row = page.getByTestId('menu-row-orders');
    await row.waitFor();
    await row.locator('[data-testid^="status-toggle-"]').click();
    await page.getByRole('button', { name: en.ra.action.confirm }).click();
    await poll(() => row.getByTestId('enabled-chip').innerText()).toBe(menuMessages.en.resources.menu.values.enabled.false);
    try {
      // Orders was the staff role's only page under Operations: the section goes with it.
      const { page: staffPage } = await s.page();
      await signIn(staffPage, STAFF, DEMO_PASSWORD);
      await poll(() => topMenus(staffPage)).toEqual(menusWith('menu-dashboard', 'menu-monitoring', 'menu-stations'));
    } finally {
      const menus = await s.api.get<Page2<{ id: number; routeKey: string | null }>>('menu?size=200');
      const orders = menus.records.find((m) => m.routeKey === 'orders');
      if (orders) await s.api.call('PUT', `menu/${orders.id}/status`, { enabled: true });
    }
  });

  it('the reset-password dialog: mismatch message, Save only after the confirmation is typed', async () => {
    const { page } = await s.page();
    await signIn(page, 'admin', s.server.adminPassword);
    await page.goto(`/#/SystemUsers/Accounts?filter=${encodeURIComponent(JSON.stringify({ q: STAFF }))}`);
    await page.getByTestId(`reset-password-${staff.id}`).click();
    const save = page.getByTestId('reset-save');
    await page.getByTestId('reset-password').fill('fresh-pass-1');
    await page.getByTestId('reset-confirm').fill('fresh-pass-2');
    await poll(() => page.getByTestId('reset-error').innerText()).toBe(en.app.account.inconsistent);
    await page.getByTestId('reset-typed').fill(STAFF);
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('reset-confirm').fill('fresh-pass-1');
    expect(await page.getByTestId('reset-error').count()).toBe(0);
    expect(await save.isEnabled()).toBe(true);
    await page.getByTestId('reset-typed').fill('volta');
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('reset-typed').fill(STAFF);
    await save.click();
    await page.getByTestId('reset-password-dialog').waitFor({ state: 'detached' });
    // The new password works; the old one does not.
    await s.api.login(STAFF, 'fresh-pass-1');
    await expect(s.api.login(STAFF, DEMO_PASSWORD)).rejects.toThrow(/700/);
    await s.api.login();
  });

  it('operators and accounts are created through their forms (900 checked before sending)', async () => {
    const { page } = await s.page();
    await signIn(page, 'admin', s.server.adminPassword);
    await page.goto('/#/System/Operators/create');
    await page.getByTestId('operator-name').fill('Tram Charging Lisbon');
    await page.getByTestId('operator-code').fill('TRAM');
    await choose(page, 'operator-currency', 'EUR');
    await page.getByTestId('operator-address').fill('Rua Augusta 1, Lisboa');
    await page.getByTestId('operator-admin-username').fill('tram.admin');
    await page.getByTestId('operator-admin-password').fill('tram-pass-1');
    await page.getByTestId('form-save').click();
    await page.getByTestId('operators-grid').waitFor();
    const ops = await s.api.get<Page2<{ code: string; adminUsername: string | null }>>('company?q=TRAM');
    expect(ops.records.map((o) => [o.code, o.adminUsername])).toEqual([['TRAM', 'tram.admin']]);

    await page.goto('/#/SystemUsers/Accounts/create');
    await choose(page, 'account-company', /\(TRAM\)/);
    await page.getByTestId('account-username').fill('tram.staff');
    await choose(page, 'account-type', en.app.account.user_types.STAFF);
    await page.getByTestId('account-realname').fill('Ana 2');
    await choose(page, 'account-role', /TRAM_ADMIN/);
    await page.getByTestId('account-phone').fill('+351 21 000 0000');
    await page.getByTestId('account-email').fill('staff@tram.example');
    await page.getByTestId('account-password').fill('tram-pass-2');
    await page.getByTestId('account-confirm').fill('tram-pass-2');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/sp/company/user')) posts += 1;
    });
    await page.getByTestId('form-save').click();
    await poll(() => page.getByText(catalogueMessage(900, 'en')).count()).toBeGreaterThan(0);
    expect(posts).toBe(0);
    await page.getByTestId('account-realname').fill('Ana Silva');
    await page.getByTestId('form-save').click();
    await page.getByTestId('accounts-grid').waitFor();
    await poll(async () =>
      (await s.api.get<Page2<Account & { companyCode: string; userType: string }>>('company/user?q=tram.staff')).records.map((a) => [
        a.username,
        a.companyCode,
        a.userType,
      ]),
    ).toEqual([['tram.staff', 'TRAM', 'STAFF']]);
    expect(posts).toBe(1);
  });

  it('own account: digits in the real name and an oversized avatar are refused with the catalogue messages', async () => {
    const { page } = await s.page({ language: 'zh' });
    await signIn(page, 'hkev.staff', DEMO_PASSWORD);
    await page.goto('/#/TourAccount/TourAccount');
    await page.getByTestId('profile-realName').fill('Ka Ho 9');
    await page.getByTestId('profile-save').click();
    await poll(() => page.getByText(catalogueMessage(900, 'zh')).count()).toBeGreaterThan(0);
    await page.getByTestId('profile-avatar-file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(400, 400) });
    await poll(() => page.getByTestId('profile-avatar-error').innerText()).toBe(catalogueMessage(714, 'zh'));
    await page.getByTestId('profile-avatar-file').setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: png(120, 120) });
    await poll(
      async () =>
        (await page
          .getByTestId('profile-avatar')
          .locator('img')
          .getAttribute('src')
          .catch(() => null)) ?? '',
      10_000,
    ).toMatch(/\/sp\/files\/avatar\//);
    await page.getByTestId('profile-realName').fill('Ka Ho Ng');
    await page.getByTestId('profile-save').click();
    const api = apiAs(s);
    await api.login('hkev.staff', DEMO_PASSWORD);
    await poll(async () => (await api.get<{ realName: string; avatar: string | null }>('user/profile')).avatar ?? '').toMatch(/avatar/);
  });

  it('navbar Change password: current password checked by the server (marked under its field), entries must match', async () => {
    const { page } = await s.page();
    await signIn(page, 'hkev.manager', DEMO_PASSWORD);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('change-password').click();
    await page.getByTestId('old-password').fill('not-the-password');
    await page.getByTestId('new-password').fill('manager-pass-1');
    await page.getByTestId('confirm-password').fill('manager-pass-2');
    await page.getByTestId('save-password').click();
    await poll(() => page.getByText(en.app.account.inconsistent).count()).toBeGreaterThan(0);
    await page.getByTestId('confirm-password').fill('manager-pass-1');
    await page.getByTestId('save-password').click();
    await poll(() => page.getByText(fieldMessage('validation.currentPassword', 'en')).count()).toBeGreaterThan(0);
    await page.getByTestId('old-password').fill(DEMO_PASSWORD);
    await page.getByTestId('save-password').click();
    await page.getByTestId('old-password').waitFor({ state: 'detached' });
    const api = apiAs(s);
    await api.login('hkev.manager', 'manager-pass-1');
  });
});
