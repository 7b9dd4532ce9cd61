/**
 * Shared steps of the browser suite: one real server process and one Chromium per file, sign-in
 * through the login form, reading the session from localStorage, and a strict OCPP 1.6J charge
 * point (ocpp-rpc's own client, not the server's code) to run sessions against the server.
 */
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { ocppClient } from '../../sim/client.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { apiClient, startServerProcess, type ApiClient, type ServerProcess } from '../support/server-process.js';
import type { ChargerRecord } from '../../domain/entities/charger.js';

export type ChargePoint = RpcClient;

/** One server, one browser and an admin API client for a test file. */
export interface Stage {
  server: ServerProcess;
  browser: Browser;
  api: ApiClient;
  /** A fresh context and page (own storage), remembered for closing. */
  page(opts?: { language?: 'en' | 'zh'; viewport?: { width: number; height: number } }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/** Starts the server (demo network, no simulated chargers) and Chromium; `readyTimeoutMs`: longest wait for the server (default 120 s). */
export async function stage(env: Record<string, string> = {}, o: number | { readyTimeoutMs?: number } = {}): Promise<Stage> {
  const server = await startServerProcess({ env, ...(typeof o === 'number' ? { readyTimeoutMs: o } : o) });
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await server.stop();
    throw err;
  }
  const api = apiClient(server);
  await api.login();
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    api,
    async page(opts = {}) {
      const context = await newContext(browser, { baseURL: server.baseUrl, ...opts });
      contexts.push(context);
      const page = await context.newPage();
      return { context, page, errors: watchErrors(page) };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

/** Opens the login page and signs in through the form; resolves on the dashboard. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard').waitFor({ state: 'visible' });
}

/** `expect.poll` with the suite's bound (20 s) instead of Vitest's default of 1 s. */
export const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });

/** The value kept under `key` in the page's localStorage. */
export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** The path after `#` (e.g. `/Dashboard/Dashboard`), query included. */
export function hashPath(page: Page): string {
  const u = new URL(page.url());
  return u.hash.replace(/^#/, '');
}

/** Waits until `fn` returns a truthy value (polling every 250 ms, at most `timeoutMs`). */
export async function until<T>(fn: () => Promise<T>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** A strict OCPP 1.6J charge point for `identity` (every answer is validated against the schemas), with its Basic-auth `password` if any. */
export async function connectChargePoint(ocppUrl: string, identity: string, password?: string): Promise<ChargePoint> {
  const cli = ocppClient({ url: ocppUrl, identity, callTimeoutMs: 15_000, ...(password !== undefined ? { password } : {}) });
  await cli.connect();
  return cli;
}

/** The demo operator VOLTA's chargers, in SN order. */
export function voltaChargers(s: Stage): Promise<{ records: ChargerRecord[]; total: number }> {
  return s.api.get('charger?size=500&sort=serialNum&order=asc&companyCode=VOLTA');
}

/** `n` active VOLTA chargers that no charge point is connected as (a test drives them itself). */
export async function idleVoltaChargers(s: Stage, n = 1): Promise<ChargerRecord[]> {
  const idle = (await voltaChargers(s)).records.filter((c) => c.lifeStatus === 'ACTIVE' && !c.online).slice(0, n);
  if (idle.length < n) throw new Error('not enough idle demo chargers of VOLTA');
  return idle;
}

/** What a full session leaves behind. */
export interface SessionResult {
  transactionId: number;
  meterStart: number;
  meterStop: number;
  /** (meterStop − meterStart) / 1000 with 3 decimals, as the console shows it. */
  energyKwh: string;
}

/**
 * Runs one full OCPP session on connector 1: BootNotification, StatusNotification, Authorize,
 * StartTransaction, MeterValues, StopTransaction. Asserts the central system's answers.
 */
export async function runSession(
  cli: ChargePoint,
  o: { idTag: string; meterStart: number; meterStop: number; startedAt: Date; minutes: number },
): Promise<SessionResult> {
  const boot = (await cli.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'E2E-1', firmwareVersion: '9.9.9' })) as {
    status: string;
    interval: number;
  };
  expect(boot.status).toBe('Accepted');
  expect(boot.interval).toBeGreaterThan(0);
  const status = (connectorId: number, s: string) =>
    cli.call('StatusNotification', {
      connectorId,
      errorCode: 'NoError',
      status: s,
      timestamp: new Date().toISOString(),
    });
  await status(0, 'Available');
  await status(1, 'Available');
  const auth = (await cli.call('Authorize', { idTag: o.idTag })) as { idTagInfo: { status: string } };
  expect(auth.idTagInfo.status).toBe('Accepted');
  await status(1, 'Preparing');
  const start = (await cli.call('StartTransaction', {
    connectorId: 1,
    idTag: o.idTag,
    meterStart: o.meterStart,
    timestamp: o.startedAt.toISOString(),
  })) as { transactionId: number; idTagInfo: { status: string } };
  expect(start.idTagInfo.status).toBe('Accepted');
  await status(1, 'Charging');
  const steps = 3;
  for (let i = 1; i <= steps; i += 1) {
    const wh = Math.round(o.meterStart + ((o.meterStop - o.meterStart) * i) / (steps + 1));
    await cli.call('MeterValues', {
      connectorId: 1,
      transactionId: start.transactionId,
      meterValue: [
        {
          timestamp: new Date(o.startedAt.getTime() + (o.minutes * 60_000 * i) / (steps + 1)).toISOString(),
          sampledValue: [
            { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
            { value: '7200', measurand: 'Power.Active.Import', unit: 'W', context: 'Sample.Periodic' },
          ],
        },
      ],
    });
  }
  const stop = (await cli.call('StopTransaction', {
    transactionId: start.transactionId,
    idTag: o.idTag,
    meterStop: o.meterStop,
    timestamp: new Date(o.startedAt.getTime() + o.minutes * 60_000).toISOString(),
    reason: 'Local',
  })) as { idTagInfo?: { status: string } };
  if (stop.idTagInfo) expect(stop.idTagInfo.status).toBe('Accepted');
  await status(1, 'Finishing');
  await status(1, 'Available');
  return {
    transactionId: start.transactionId,
    meterStart: o.meterStart,
    meterStop: o.meterStop,
    energyKwh: ((o.meterStop - o.meterStart) / 1000).toFixed(3),
  };
}
