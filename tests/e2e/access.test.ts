/**
 * Browser suite — access control in the console (spec §2, §5, §6): an operator's staff member
 * sees only the menus of their role, in English and in Chinese; an administrator grants the role
 * another menu on the permission tree and the staff member sees it after signing in again; the
 * accounts screen's reset-password dialog keeps its rules (mismatch message, Save only after the
 * confirmation is typed) and the new password works; a menu disabled on the Menu screen leaves
 * the sidebar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../src/i18n/en.js';
import zh from '../../src/i18n/zh.js';
import menuMessages from '../../src/i18n/modules/menu.js';
import { poll, signIn, stage, type Stage } from './helpers.js';

const STAFF = 'volta.staff';
const DEMO_PASSWORD = 'demo1234';

interface Page2<T> { records: T[]; total: number }
interface Role { id: number; code: string; name: string; description: string; enabled: boolean; remark: string | null; permissions: string[] }
interface Account { id: number; username: string }

/** The `menu-<key>` test ids of the sidebar's top level (sections and single pages). */
async function topMenus(page: Page): Promise<string[]> {
  await page.getByTestId('sidebar').waitFor();
  const ids = await page.locator('[data-testid="sidebar"] nav > [data-testid^="menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.sort();
}

/** The label shown on a sidebar entry. */
const label = async (page: Page, key: string) => (await page.getByTestId(`menu-${key}`).innerText()).trim();

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
  afterAll(async () => { await s?.close(); });

  it('staff see only the menus of their role, in English', async () => {
    // The demo staff role: monitoring and orders.
    expect(role.permissions).toContain('menu:operations:orders');
    expect(role.permissions).not.toContain('menu:stations');
    const { page } = await s.page();
    await signIn(page, STAFF, DEMO_PASSWORD);
    await poll(() => topMenus(page)).toEqual(['menu-dashboard', 'menu-monitoring', 'menu-operations']);
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
    await poll(() => topMenus(page)).toEqual(['menu-dashboard', 'menu-monitoring', 'menu-operations']);
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
    await poll(() => topMenus(again)).toEqual(['menu-dashboard', 'menu-monitoring', 'menu-operations', 'menu-stations']);
    await again.getByTestId('menu-stations').click();
    await again.getByTestId('menu-stationGroup').waitFor();
    expect(await again.getByTestId('menu-stationProfile').count()).toBe(0);
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
      await poll(() => topMenus(staffPage)).toEqual(['menu-dashboard', 'menu-monitoring', 'menu-stations']);
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
});
