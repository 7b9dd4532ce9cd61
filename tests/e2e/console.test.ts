/**
 * Browser suite — the console against the real server (child process, demo network, no simulated
 * chargers, so the test drives its own): the dashboard shows the database's figures and follows a
 * charger live; an OCPP 1.6J session run here by a strict charge point appears in Orders with the
 * right energy; in 中文 no English label of the catalogue is left on the screens of this issue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../src/i18n/en.js';
import zh from '../../src/i18n/zh.js';
import { DASHBOARD_SPLIT } from '../../domain/enums.js';
import { connectChargePoint, hashPath, poll, runSession, signIn, stage, storageItem, type ChargePoint, type SessionResult, type Stage } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}
interface Charger {
  id: number;
  serialNum: string;
  companyCode: string;
  stationId: number | null;
  lifeStatus: string;
  online: boolean;
  dashboardState: string;
}
interface Card {
  id: number;
  cardNumber: string;
  companyCode: string;
  scope: string;
  active: boolean;
  balance: string;
  managerCard: boolean;
}
interface Order {
  id: number;
  orderNo: string;
  transactionId: number;
  chargerSn: string;
  energyKwh: string;
  meterStart: number;
  meterStop: number | null;
  status: string;
  idTagStatus: string;
}
interface Dashboard {
  stations: number;
  chargers: number;
  chargersInUse: number;
  faultyChargers: number;
  split: Record<string, number>;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

/** A demo charger and a card of its company that the server accepts (active, scope ALL, funded). */
async function chargerAndCard(s: Stage, skip: string[] = []): Promise<{ charger: Charger; card: Card }> {
  const chargers = await s.api.get<Page2<Charger>>('charger?size=500&sort=serialNum&order=asc');
  for (const charger of chargers.records) {
    if (charger.lifeStatus !== 'ACTIVE' || charger.online || skip.includes(charger.serialNum)) continue;
    const cards = await s.api.get<Page2<Card>>(`card-user?companyCode=${charger.companyCode}&active=true&scope=ALL&size=100`);
    const card = cards.records.find((c) => c.managerCard || Number(c.balance) > 5);
    if (card) return { charger, card };
  }
  throw new Error('the demo network has no active charger with a usable card');
}

describe('console', () => {
  let s: Stage;
  let page: Page;
  let errors: string[];
  const open: ChargePoint[] = [];

  beforeAll(async () => {
    s = await stage();
    ({ page, errors } = await s.page());
    await signIn(page, 'admin', s.server.adminPassword);
  });
  afterAll(async () => {
    for (const c of open) await c.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  it('dashboard figures match the database', async () => {
    const dash = await s.api.get<Dashboard>('dashboard');
    const chargers = await s.api.get<Page2<Charger>>('charger?size=500');
    const stations = await s.api.get<Page2<unknown>>('station?size=1');
    expect(chargers.total).toBeGreaterThan(0);
    expect(chargers.records.length).toBe(chargers.total);
    // The dashboard's figures against independent lists.
    expect(dash.chargers).toBe(chargers.total);
    expect(dash.stations).toBe(stations.total);
    const byState = Object.fromEntries(DASHBOARD_SPLIT.map((st) => [st, chargers.records.filter((c) => c.dashboardState === st).length]));
    expect(dash.split).toEqual(byState);
    expect(dash.chargersInUse).toBe(byState.charging + byState.occupied);
    expect(dash.faultyChargers).toBe(byState.faulty);
    // No simulated chargers: every charger is offline until this suite connects one.
    expect(byState.offline).toBe(chargers.total);

    await page.goto('/#/Dashboard/Dashboard');
    await poll(() => text(page, 'kpi-stations')).toBe(String(dash.stations));
    expect(await text(page, 'kpi-chargers')).toBe(String(dash.chargers));
    expect(await text(page, 'kpi-in-use')).toBe(String(dash.chargersInUse));
    expect(await text(page, 'kpi-faulty')).toBe(String(dash.faultyChargers));
    for (const st of DASHBOARD_SPLIT) expect(await text(page, `split-${st}`)).toBe(String(dash.split[st]));
  });

  it('dashboard follows a charger live, without reload', async () => {
    const { charger } = await chargerAndCard(s);
    const before = await s.api.get<Dashboard>('dashboard');
    await page.goto('/#/Dashboard/Dashboard');
    await poll(() => text(page, 'split-offline')).toBe(String(before.split.offline));
    const marker = await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
      return true;
    });
    expect(marker).toBe(true);

    const cli = await connectChargePoint(s.server.ocppUrl, charger.serialNum);
    open.push(cli);
    await cli.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'E2E-1' });
    await cli.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available', timestamp: new Date().toISOString() });
    await cli.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging', timestamp: new Date().toISOString() });

    await poll(() => text(page, 'split-offline'), 30_000).toBe(String(before.split.offline - 1));
    await poll(() => text(page, 'split-charging'), 30_000).toBe(String(before.split.charging + 1));
    await poll(() => text(page, 'kpi-in-use'), 30_000).toBe(String(before.chargersInUse + 1));
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    await cli.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available', timestamp: new Date().toISOString() });
    await cli.close({ force: true });
    await poll(() => text(page, 'split-offline'), 30_000).toBe(String(before.split.offline));
  });

  describe('an OCPP session run by the test', () => {
    let session: SessionResult;
    let order: Order;
    let serial: string;

    beforeAll(async () => {
      const { charger, card } = await chargerAndCard(s);
      serial = charger.serialNum;
      const cli = await connectChargePoint(s.server.ocppUrl, serial);
      open.push(cli);
      // Meter readings that give an energy no demo order is likely to have: 12.345 kWh.
      session = await runSession(cli, {
        idTag: card.cardNumber,
        meterStart: 1_000_000,
        meterStop: 1_012_345,
        startedAt: new Date(Date.now() - 3 * 60_000),
        minutes: 2,
      });
      await cli.close({ force: true });
      const orders = await s.api.get<Page2<Order>>(`order?chargerSn=${serial}&size=100`);
      const found = orders.records.find((o) => o.transactionId === session.transactionId);
      if (!found) throw new Error(`no order for transaction ${session.transactionId}`);
      order = found;
    });

    it('becomes a finished order with the right energy in the API', () => {
      expect(order.energyKwh).toBe('12.345');
      expect(order.meterStart).toBe(session.meterStart);
      expect(order.meterStop).toBe(session.meterStop);
      expect(order.idTagStatus).toBe('Accepted');
      expect(order.status).not.toBe('CHARGING');
    });

    it('appears in Orders with the right energy, and its show view tells the same', async () => {
      await page.goto('/#/Operations/Orders');
      await page.getByTestId('orders-grid').waitFor();
      // The newest order (it started 3 minutes ago) comes first: sorted by charger start time, descending …
      const first = page.getByTestId('order-row').first();
      await poll(async () => (await first.innerText()).includes(order.orderNo)).toBe(true);
      // … and the search finds it too.
      await page.locator('input[name="q"]').fill(order.orderNo);
      await poll(() => page.getByTestId('order-row').count()).toBe(1);
      const row = page.getByTestId('order-row').first();
      await poll(async () => (await row.innerText()).includes(order.orderNo)).toBe(true);
      const rowText = await row.innerText();
      expect(rowText).toContain('12.345');
      expect(rowText).toContain(serial);

      await row.click();
      await page.getByTestId('order-show').waitFor();
      expect(hashPath(page)).toBe(`/Operations/Orders/${order.id}/show`);
      expect(await text(page, 'order-orderNo')).toBe(order.orderNo);
      expect(await text(page, 'order-energyKwh')).toBe('12.345');
      expect(await text(page, 'order-meterStart')).toBe(String(session.meterStart));
      expect(await text(page, 'order-meterStop')).toBe(String(session.meterStop));
      expect(await text(page, 'order-chargerSn')).toBe(serial);
      expect(await text(page, 'order-transactionId')).toBe(String(session.transactionId));
    });
  });

  it('in 中文 every label of the sidebar, navbar and screens is Chinese', async () => {
    const leftovers = englishOnlyStrings();
    expect(leftovers.size).toBeGreaterThan(100);
    await page.goto('/#/Dashboard/Dashboard');
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('kpi-stations').waitFor();
    // The detector works: in English it finds the sidebar's and the dashboard's labels.
    const english = findEnglish(await page.locator('body').innerText(), leftovers);
    const enMenu = en as unknown as { menu: Record<string, string>; app: { dashboard: Record<string, string> } };
    expect(english).toEqual(expect.arrayContaining([enMenu.menu.monitoring, enMenu.menu.operations, enMenu.app.dashboard.in_use]));

    await page.getByTestId('language-toggle').click();
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.evaluate(() => document.cookie)).toMatch(/(^|;\s*)language=zh/);
    const zhMenu = zh as unknown as { menu: Record<string, string> };
    await poll(() => page.getByTestId('sidebar').innerText()).toContain(zhMenu.menu.dashboard);

    const screens: Array<[string, string]> = [
      ['/Dashboard/Dashboard', 'dashboard'],
      ['/Monitoring/ChargerMonitoring', 'charger-row'],
      ['/Operations/Orders', 'order-row'],
    ];
    const orders = await s.api.get<Page2<Order>>('order?size=1');
    screens.push([`/Operations/Orders/${orders.records[0].id}/show`, 'order-show']);

    for (const [path, ready] of screens) {
      await page.goto(`/#${path}`);
      await page.getByTestId(ready).first().waitFor();
      // Let late labels (charts, counts) render before reading the screen.
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      const body = await page.locator('body').innerText();
      expect(body, `${path}: Chinese text`).toMatch(/\p{Script=Han}{2,}/u);
      const found = findEnglish(body, leftovers);
      expect(found, `${path}: English labels left in 中文`).toEqual([]);
      // Field names of the code (camelCase) are never labels, in any language.
      const identifiers = body.split(/[\s]+/).filter((w) => /^[a-z]{2,}[A-Z][A-Za-z]*:?$/.test(w));
      expect(identifiers, `${path}: code identifiers shown as labels`).toEqual([]);
      const title = await page.title();
      expect(title, `${path}: page title`).toMatch(/\p{Script=Han}/u);
    }
    expect(await storageItem(page, 'token')).not.toBeNull();
  });

  it('raised no uncaught page error', () => {
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});

type Tree = { [key: string]: string | Tree };

/**
 * The English strings of the console's catalogue whose Chinese counterpart differs (strings that
 * are the same in both, like "ChargeDesk" or "kWh", are not leftovers), without placeholders.
 */
function englishOnlyStrings(): Set<string> {
  const out = new Set<string>();
  const walk = (a: Tree, b: Tree | undefined) => {
    for (const [k, v] of Object.entries(a)) {
      const other = b?.[k];
      if (typeof v === 'string') {
        const s = v.trim();
        if (s.length < 3 || s.includes('%{') || s.includes('|||')) continue;
        if (typeof other === 'string' && other.trim() === s) continue;
        if (!/[A-Za-z]{3,}/.test(s)) continue;
        out.add(s);
      } else {
        walk(v, typeof other === 'object' ? other : undefined);
      }
    }
  };
  walk(en as unknown as Tree, zh as unknown as Tree);
  return out;
}

/**
 * English catalogue strings present in `body`: a line or cell equal to one, or a multi-word one
 * standing as whole words inside a line.
 */
function findEnglish(body: string, strings: Set<string>): string[] {
  const segments = body
    .split(/[\n\t]+/)
    .map((x) => x.trim())
    .filter(Boolean);
  const hits = new Set<string>();
  for (const seg of segments) {
    if (strings.has(seg)) hits.add(seg);
    const bare = seg.replace(/[:：…]+$/, '');
    if (strings.has(bare)) hits.add(bare);
  }
  for (const s of strings) {
    if (!s.includes(' ') || s.length < 8) continue;
    const re = new RegExp(`(^|[^A-Za-z])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`);
    if (segments.some((seg) => re.test(seg))) hits.add(s);
  }
  return [...hits].sort();
}
