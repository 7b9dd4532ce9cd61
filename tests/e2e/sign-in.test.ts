/**
 * Browser suite — signing in and out (requirements §2 access rules, §3 session, §5 login validation):
 * the real server (child process, demo network) and the built console in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPath, poll, signIn, stage, storageItem, type Stage } from './helpers.js';

/** A bounce to login takes a handful of navigations; a redirect loop takes thousands. */
const MAX_NAVIGATIONS = 20;

/** Counts the page's main-frame navigations (hash changes included) from now on. */
function countNavigations(page: Page): () => number {
  let n = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) n += 1;
  });
  return () => n;
}

describe('sign in and sign out', () => {
  let s: Stage;
  beforeAll(async () => {
    s = await stage();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows the spec messages for empty fields and does not call the server', async () => {
    const { page } = await s.page();
    await page.goto('/#/login');
    await page.getByTestId('login-form').waitFor();
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/sp/login')) calls += 1;
    });
    await page.getByTestId('login-submit').click();
    await poll(() => page.getByText('User name cannot be empty').isVisible()).toBe(true);
    expect(await page.getByText('Password cannot be empty').isVisible()).toBe(true);
    // Only the password missing: only its message.
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-submit').click();
    await poll(() => page.getByText('User name cannot be empty').count()).toBe(0);
    expect(await page.getByText('Password cannot be empty').isVisible()).toBe(true);
    expect(calls).toBe(0);
    expect(await storageItem(page, 'token')).toBeNull();
  });

  it('answers a wrong password with "Wrong user name or password" and stays on login', async () => {
    const { page } = await s.page();
    await page.goto('/#/login');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    const error = page.getByTestId('login-error');
    await error.waitFor({ state: 'visible' });
    expect((await error.innerText()).trim()).toBe('Wrong user name or password');
    expect(hashPath(page)).toMatch(/^\/login/);
    expect(await storageItem(page, 'token')).toBeNull();
  });

  it('sends a signed-out visitor to login with the wanted path, and back there after signing in', async () => {
    const { page } = await s.page();
    const navigations = countNavigations(page);
    await page.goto('/#/Operations/Orders');
    await page.getByTestId('login-form').waitFor();
    // One bounce to login, not a redirect loop.
    expect(navigations()).toBeLessThan(MAX_NAVIGATIONS);
    expect(hashPath(page)).toMatch(/^\/login\?/);
    expect(decodeURIComponent(hashPath(page))).toContain('redirect=/Operations/Orders');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(s.server.adminPassword);
    await page.getByTestId('login-submit').click();
    await poll(() => hashPath(page)).toMatch(/^\/Operations\/Orders/);
  });

  it('signs in to the dashboard, keeps the token, and sends a signed-in user away from login', async () => {
    const { page, errors } = await s.page();
    await signIn(page, 'admin', s.server.adminPassword);
    expect(hashPath(page)).toBe('/Dashboard/Dashboard');
    await poll(() => page.title()).toBe('Dashboard - ChargeDesk');
    const token = await storageItem(page, 'token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(JSON.parse((await storageItem(page, 'user')) ?? '{}')).toMatchObject({ userName: 'admin' });
    await page.goto('/#/login');
    await poll(() => hashPath(page)).toBe('/Dashboard/Dashboard');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  it('signs a demo operator account in, with its own menu only', async () => {
    const { page } = await s.page();
    await signIn(page, 'volta.staff', 'demo1234');
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('menu-operations').count()).toBe(1);
    expect(await page.getByTestId('menu-system').count()).toBe(0);
    expect(await page.getByTestId('menu-systemUsers').count()).toBe(0);
  });

  it('signs out to the login page, revokes the token and guards the console again', async () => {
    const { page } = await s.page();
    await signIn(page, 'admin', s.server.adminPassword);
    const token = await storageItem(page, 'token');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('login-form').waitFor();
    expect(hashPath(page)).toMatch(/^\/login/);
    await poll(() => storageItem(page, 'token')).toBeNull();
    // The server no longer accepts the old token.
    const res = await fetch(`${s.server.baseUrl}/sp/user/info`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    const navigations = countNavigations(page);
    await page.goto('/#/Dashboard/Dashboard');
    await page.getByTestId('login-form').waitFor();
    expect(hashPath(page)).toMatch(/^\/login/);
    expect(navigations()).toBeLessThan(MAX_NAVIGATIONS);
  });
});
