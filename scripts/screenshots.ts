/**
 * Screenshots of the console (`npm run screenshots`, after `npm run build`): starts the real
 * server like the browser suite does, with the demo network and simulated chargers (SIMULATE=1)
 * so the screens are live, signs in through the login form, and saves PNGs to `screenshots/`:
 * login, dashboard, charger monitoring, orders, one order's show view, analytics, Eventes and one event, report tickets in English and in
 * Chinese at 1440×900 (full page), plus the dashboard on a 390×844 phone; the home station, smart-charging
 * and station load-balancing screens in both languages at both sizes.
 *
 * Options: --out DIR (screenshots) --settle-s S (seconds the simulation runs first, default 20).
 * Everything is bounded; the server is stopped at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../tests/support/browser.js';
import { apiClient, ROOT, startServerProcess, type ServerProcess } from '../tests/support/server-process.js';

const { values: opt } = parseArgs({
  options: {
    out: { type: 'string', default: 'screenshots' },
    'settle-s': { type: 'string', default: '20' },
  },
});
const OUT = path.resolve(ROOT, String(opt.out));
const SETTLE_MS = Math.min(300, Math.max(0, Number(opt['settle-s']) || 0)) * 1000;

const watchdog = setTimeout(() => {
  process.stderr.write('screenshots: not done within 10 minutes, giving up\n');
  process.exit(2);
}, 10 * 60_000);
watchdog.unref();

interface Page2<T> {
  records: T[];
  total: number;
}
interface OrderListItem {
  id: number;
  status: string;
}
interface OrderDetail {
  id: number;
  meterValues?: unknown[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for the screen's marker, then for the network to be quiet and charts to draw. */
async function settle(page: Page, testId: string): Promise<void> {
  // On a phone a generic list shows cards (`list-cards`) instead of its datagrid.
  await page.getByTestId(testId).or(page.getByTestId('list-cards')).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await sleep(800);
}

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  process.stdout.write(`  ${path.relative(ROOT, file)}\n`);
}

/** An order worth showing: finished, with meter values for the chart. */
async function pickOrder(server: ServerProcess): Promise<number> {
  const api = apiClient(server);
  await api.login();
  const list = await api.get<Page2<OrderListItem>>('order?size=60');
  let fallback: number | undefined;
  for (const o of list.records) {
    if (o.status === 'CHARGING') continue;
    fallback ??= o.id;
    const detail = await api.get<OrderDetail>(`order/${o.id}`);
    if ((detail.meterValues?.length ?? 0) > 2) return o.id;
  }
  if (fallback === undefined) throw new Error('no finished order to show');
  return fallback;
}

async function signIn(page: Page, password: string): Promise<void> {
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await settle(page, 'dashboard');
}

async function desktop(browser: Browser, server: ServerProcess, lang: 'en' | 'zh', orderId: number): Promise<void> {
  const context = await newContext(browser, { baseURL: server.baseUrl, language: lang, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto('/#/login');
    await settle(page, 'login-form');
    await shoot(page, `${lang}-login`);
    await signIn(page, server.adminPassword);
    await shoot(page, `${lang}-dashboard`);
    await page.goto('/#/Monitoring/ChargerMonitoring');
    await settle(page, 'charger-row');
    await shoot(page, `${lang}-charger-monitoring`);
    await page.goto('/#/Operations/Orders');
    await settle(page, 'order-row');
    await shoot(page, `${lang}-orders`);
    await page.goto(`/#/Operations/Orders/${orderId}/show`);
    await settle(page, 'order-show');
    await shoot(page, `${lang}-order-show`);
    for (const [route, testId, name] of DEVICE_SCREENS) {
      await page.goto(route);
      await settle(page, testId);
      await shoot(page, `${lang}-${name}`);
    }
  } finally {
    await context.close();
  }
}

/** Device management screens (requirements §15) and analytics: [route, marker test id, file name]. */
const DEVICE_SCREENS: readonly [string, string, string][] = [
  // Analytics: the default period's figure cards and charts
  ['/#/AnalyTics/AnalyTics?searchType=operator&period=30d&search=Volta', 'analytics-result', 'analytics'],
  ['/#/System/DeviceVersion', 'firmware-grid', 'device-version'],
  // Lists built from their field declarations (cards on a phone)
  ['/#/Stations/StationGroup', 'groups-grid', 'station-groups'],
  ['/#/SystemUsers/Accounts', 'accounts-grid', 'accounts'],
  ['/#/SystemUsers/Permissions', 'roles-grid', 'roles'],
  ['/#/HomeStations/ChargerProfile', 'home-chargers-grid', 'home-chargers'],
  ['/#/Events/Eventes?eventStatus=ALL', 'events-grid', 'events'],
  ['/#/Events/Eventes/1/show', 'event-show', 'event-show'],
  // Events (requirements R2.40–R2.45, R2.21): the charger log and a simulated charger's diagnosis over the last hour
  ['/#/Events/ChargerLog', 'charger-log-page', 'charger-log'],
  [
    `/#/Events/Diagnosis?serialNum=VOLTA00000000101&startTime=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
    'diagnosis-page',
    'diagnosis',
  ],
  // Report tickets (requirements §14): the list, and the demo's open ticket with its photo as the bell opens it
  ['/#/ReportTickets/ReportTickets', 'tickets-grid', 'report-tickets'],
  ['/#/ReportTickets/ReportTickets?serialNum=RTVOLTA00001', 'ticket-attachments', 'report-ticket-show'],
];

/** The device management screens on a phone, in `lang`. */
async function mobileDevices(browser: Browser, server: ServerProcess, lang: 'en' | 'zh'): Promise<void> {
  const context = await newContext(browser, { baseURL: server.baseUrl, language: lang, viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const page = await context.newPage();
    await page.goto('/#/login');
    await settle(page, 'login-form');
    await signIn(page, server.adminPassword);
    for (const [route, testId, name] of DEVICE_SCREENS) {
      await page.goto(route);
      await settle(page, testId);
      await shoot(page, `${lang}-${name}-mobile`, false);
    }
  } finally {
    await context.close();
  }
}

async function mobile(browser: Browser, server: ServerProcess): Promise<void> {
  const context = await newContext(browser, { baseURL: server.baseUrl, language: 'en', viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const page = await context.newPage();
    await page.goto('/#/login');
    await settle(page, 'login-form');
    await signIn(page, server.adminPassword);
    await shoot(page, 'en-dashboard-mobile', false);
    await shoot(page, 'en-dashboard-mobile-full');
  } finally {
    await context.close();
  }
}

/**
 * Home stations and smart charging screens (requirements §16): `[path, marker test id, file name,
 * a button to press first (its result awaited by the marker)]`.
 */
const HOME_SCREENS: readonly (readonly [string, string, string, string?])[] = [
  ['/HomeStations/ChargerProfile', 'home-chargers-grid', 'home-chargers'],
  ['/HomeStations/ChargerProfile/1', 'home-last-answer', 'home-charger-edit'],
  ['/HomeStations/AppUserses', 'home-users-grid', 'home-app-users'],
  ['/HomeStations/AppUserses/orders', 'home-orders-grid', 'home-orders'],
  ['/HomeStations/SmartCharging', 'schedules-grid', 'smart-charging'],
  ['/HomeStations/SmartCharging/create', 'schedule-chart', 'smart-charging-create'],
  ['/HomeStations/SmartCharging/1', 'schedule-chart', 'smart-charging-edit', 'schedule-composite'],
];

/**
 * Turns load balancing on at the station of the first simulated charger (32 A), so that its page
 * shows each connector's allotted and measured current; answers the station page's path.
 */
async function balancedStation(server: ServerProcess): Promise<string> {
  const api = apiClient(server);
  await api.login();
  const chargers = await api.get<Page2<{ stationId: number | null }>>('charger?q=VOLTA00000000101');
  const stationId = chargers.records[0]?.stationId ?? 1;
  await api.call('PUT', `station/${stationId}/load-balancing`, { gridLimitA: 32, minCurrentA: 6, fallbackCurrentA: 8 });
  return `/Stations/StationProfile/${stationId}/show`;
}

/** Runs `shots` on a page signed in as the administrator in `lang`, at 1440×900 and at 390×844 (`suffix` '-mobile'). */
async function inBothViewports(
  browser: Browser,
  server: ServerProcess,
  lang: 'en' | 'zh',
  shots: (page: Page, suffix: '' | '-mobile') => Promise<void>,
): Promise<void> {
  for (const [suffix, viewport] of [
    ['', { width: 1440, height: 900 }],
    ['-mobile', { width: 390, height: 844 }],
  ] as const) {
    const context = await newContext(browser, { baseURL: server.baseUrl, language: lang, viewport, isMobile: suffix !== '' });
    try {
      const page = await context.newPage();
      await page.goto('/#/login');
      await settle(page, 'login-form');
      await signIn(page, server.adminPassword);
      await shots(page, suffix);
    } finally {
      await context.close();
    }
  }
}

/** The home screens in `lang` at 1440×900 and 390×844. */
async function homeScreens(browser: Browser, server: ServerProcess, lang: 'en' | 'zh', stationPath: string): Promise<void> {
  await inBothViewports(browser, server, lang, async (page, suffix) => {
    for (const [route, marker, name, press] of [...HOME_SCREENS, [stationPath, 'station-load', 'station-load'] as const]) {
      await page.goto(`/#${route}`);
      await settle(page, marker);
      if (press) {
        await page.getByTestId(press).click();
        await page
          .getByTestId('composite-status')
          .or(page.getByTestId('composite-error'))
          .first()
          .waitFor({ timeout: 20_000 })
          .catch(() => undefined);
        await sleep(500);
      }
      if (marker === 'station-load') await page.getByTestId('station-load').scrollIntoViewIfNeeded();
      await shoot(page, `${lang}-${name}${suffix}`, suffix === '');
    }
  });
}

/**
 * Asks the first simulated charger for its diagnostics twice (HTTP, then FTP) and waits until both
 * files are in, so that its page shows the diagnostics list; answers the charger page's path.
 */
async function diagnosticsCharger(server: ServerProcess): Promise<string> {
  const api = apiClient(server);
  await api.login();
  const [c] = (await api.get<Page2<{ id: number }>>('charger?q=VOLTA00000000101')).records;
  for (const transport of ['HTTP', 'FTP']) {
    const r = await api.call<{ id: number }>('POST', 'diagnostics-request', {
      chargerId: c.id,
      transport,
      startTime: new Date(Date.now() - 86_400_000).toISOString(),
      retries: 1,
      retryInterval: 5,
    });
    for (let i = 0; i < 60; i++) {
      const list = await api.get<Page2<{ id: number; fileSize: number | null }>>(`diagnostics-request?chargerId=${c.id}`);
      if (list.records.find((x) => x.id === r.id)?.fileSize) break;
      await sleep(500);
    }
  }
  return `/Stations/StationProfile/chargers/${c.id}/show`;
}

/** A charger page's diagnostics list and request form in `lang` at 1440×900 and 390×844. */
async function diagnosticsScreens(browser: Browser, server: ServerProcess, lang: 'en' | 'zh', chargerPath: string): Promise<void> {
  await inBothViewports(browser, server, lang, async (page, suffix) => {
    await page.goto(`/#${chargerPath}`);
    await settle(page, 'diagnostics-row');
    await page.getByTestId('diagnostics-section').scrollIntoViewIfNeeded();
    await shoot(page, `${lang}-charger-diagnostics${suffix}`, false);
    await page.getByTestId('diagnostics-open').click();
    await settle(page, 'diagnostics-dialog');
    await shoot(page, `${lang}-charger-diagnostics-form${suffix}`, false);
  });
}

/**
 * The device management panel of the first simulated charger's page (requirements R15.20–R15.25) in
 * `lang` at 1440×900 and 390×844: its configuration read, a DataTransfer answered, the local list
 * sent, and the reservations tab.
 */
async function deviceCommandScreens(browser: Browser, server: ServerProcess, lang: 'en' | 'zh', chargerPath: string): Promise<void> {
  await inBothViewports(browser, server, lang, async (page, suffix) => {
    await page.goto(`/#${chargerPath}`);
    await settle(page, 'device-commands');
    await page.getByTestId('device-commands').scrollIntoViewIfNeeded();
    await page.getByTestId('device-config-read').click();
    await page
      .getByTestId('device-config-table')
      .or(page.getByTestId('device-commands').getByRole('alert'))
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    await shoot(page, `${lang}-charger-device-config${suffix}`, false);
    await page.getByTestId('device-tab-commands').click();
    await page.getByTestId('device-dt-vendor').fill('ChargeDesk');
    await page.getByTestId('device-dt-message').fill('Echo');
    await page.getByTestId('device-dt-data').fill('hello');
    await page.getByTestId('device-dt-send').click();
    await page
      .getByTestId('device-reply')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    await shoot(page, `${lang}-charger-device-commands${suffix}`, false);
    await page.getByTestId('device-tab-local_list').click();
    await page.getByTestId('device-list-full').click();
    await page
      .getByTestId('device-reply')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    await shoot(page, `${lang}-charger-device-local-list${suffix}`, false);
    await page.getByTestId('device-tab-reservations').click();
    await sleep(1000);
    await shoot(page, `${lang}-charger-device-reservations${suffix}`, false);
  });
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  process.stdout.write('starting the server with the demo network and simulated chargers…\n');
  const server = await startServerProcess({ env: { SIMULATE: '1', FTP_PORT: '0' } });
  let browser: Browser | undefined;
  try {
    if (SETTLE_MS) {
      process.stdout.write(`letting the simulated chargers run for ${SETTLE_MS / 1000} s…\n`);
      await sleep(SETTLE_MS);
    }
    const orderId = await pickOrder(server);
    browser = await launchBrowser();
    process.stdout.write(`writing ${path.relative(ROOT, OUT)}/\n`);
    await desktop(browser, server, 'en', orderId);
    await desktop(browser, server, 'zh', orderId);
    await mobile(browser, server);
    await mobileDevices(browser, server, 'en');
    await mobileDevices(browser, server, 'zh');
    const stationPath = await balancedStation(server);
    await homeScreens(browser, server, 'en', stationPath);
    await homeScreens(browser, server, 'zh', stationPath);
    const chargerPath = await diagnosticsCharger(server);
    await diagnosticsScreens(browser, server, 'en', chargerPath);
    await diagnosticsScreens(browser, server, 'zh', chargerPath);
    await deviceCommandScreens(browser, server, 'en', chargerPath);
    await deviceCommandScreens(browser, server, 'zh', chargerPath);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\nserver output:\n${server.output().slice(-4000)}\n`);
    process.exitCode = 1;
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
  }
}

void main();
