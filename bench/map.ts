/**
 * Map monitoring benchmark (`npm run bench:map -- [--stations 10000] [--browser]`; requirements §14):
 * `--stations` stations with 3 chargers each (one connector per charger) in mixed live states on a
 * fresh embedded database, then
 * 1. `GET /sp/monitoring/map` for the administrator: median and p95 server time (ms) over
 *    `--requests` calls, payload bytes as sent and gzip-compressed;
 * 2. with `--browser` (needs the built console in dist/ and Chromium): the map page from
 *    navigation to the clustered markers drawn (time to first paint of the stations).
 * Results go to bench/results/map.json. Everything is bounded and on 127.0.0.1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { buildApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { ensureAdmin } from '../server/db/bootstrap.js';
import { company } from '../server/db/schema.js';
import { launchBrowser, newContext } from '../tests/support/browser.js';
import { writeResults } from './support.js';

const { values: opt } = parseArgs({
  options: {
    stations: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '20' },
    browser: { type: 'boolean', default: false },
  },
});
const STATIONS = Math.min(100_000, Math.max(100, Number(opt.stations)));
const REQUESTS = Math.min(200, Math.max(3, Number(opt.requests)));
const PASSWORD = 'bench-Secret-1';
const watchdog = setTimeout(() => {
  process.stderr.write('bench: not done within 15 minutes\n');
  process.exit(2);
}, 15 * 60_000);
watchdog.unref();
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-map-'));
const database = await openDatabase({ dataDir: dir });
const db = database.db;
try {
  await ensureAdmin(db, PASSWORD);
  await db.insert(company).values({ code: 'BENCH', name: 'Bench Charging', currency: 'EUR' });
  const t0 = performance.now();
  // Stations on a grid around Berlin; chargers 3 per station; states spread: 5 % faulted, 30 % charging, 15 % offline.
  await db.execute(sql`INSERT INTO station (company_code, name, latitude, longitude)
    SELECT 'BENCH', 'Bench station ' || g, (52.3 + (g % 100) * 0.004)::numeric(9,6), (13.1 + (g / 100) * 0.006)::numeric(9,6)
    FROM generate_series(1, ${STATIONS}::int) g`);
  await db.execute(sql`INSERT INTO charger (company_code, station_id, serial_num, online, run_status)
    SELECT 'BENCH', s.id, 'BENCH' || lpad((s.id * 3 + k)::text, 11, '0'), (s.id * 3 + k) % 7 <> 0, 'Available'
    FROM station s CROSS JOIN generate_series(0, 2) k`);
  await db.execute(sql`INSERT INTO connector (charger_id, connector_id, status, status_at)
    SELECT c.id, 1, CASE WHEN c.id % 20 = 0 THEN 'Faulted' WHEN c.id % 10 < 3 THEN 'Charging' ELSE 'Available' END, now() FROM charger c`);
  await db.execute(sql`ANALYZE`);
  const loadMs = performance.now() - t0;
  process.stdout.write(`${STATIONS} stations, ${STATIONS * 3} chargers loaded in ${(loadMs / 1000).toFixed(1)} s\n`);

  const config = { ...loadConfig({}, []), logLevel: 'silent', simulate: false, demo: false, host: '127.0.0.1', port: 0 };
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/sp/login', payload: { username: 'admin', password: PASSWORD } });
  const token = login.json().data.token as string;
  const auth = { authorization: `Bearer ${token}` };
  const lat: number[] = [];
  let bytes = 0;
  let body = '';
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: '/sp/monitoring/map', headers: auth });
    lat.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`map failed: ${res.body.slice(0, 200)}`);
    body = res.body;
    bytes = res.rawPayload.length;
  }
  const placed = (JSON.parse(body) as { data: { stations: unknown[] } }).data.stations.length;
  const api = {
    stations: placed,
    requests: REQUESTS,
    medianMs: +pct(lat, 50).toFixed(1),
    p95Ms: +pct(lat, 95).toFixed(1),
    bytes,
    gzipBytes: zlib.gzipSync(body).length,
    bytesPerStation: +(bytes / placed).toFixed(1),
  };
  process.stdout.write(
    `monitoring/map: ${placed} stations, ${(bytes / 1024).toFixed(0)} KiB (${(api.gzipBytes / 1024).toFixed(0)} KiB gzip); median ${api.medianMs} ms, p95 ${api.p95Ms} ms\n`,
  );

  let browser: Record<string, number> | undefined;
  if (opt.browser) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const addr = app.server.address();
    const baseURL = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const chromium = await launchBrowser();
    try {
      const context = await newContext(chromium, { baseURL });
      const page = await context.newPage();
      await page.goto('/#/login');
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-password').press('Enter');
      await page.waitForURL(/Dashboard/);
      const t1 = performance.now();
      await page.goto('/#/Monitoring/MapMonitoring');
      await page.locator(`[data-testid="monitoring-map"][data-stations="${placed}"]`).waitFor({ timeout: 60_000 });
      await page.locator('.cd-cluster').first().waitFor({ timeout: 60_000 });
      const firstPaintMs = performance.now() - t1;
      browser = { firstPaintMs: Math.round(firstPaintMs) };
      process.stdout.write(`browser: stations drawn ${browser.firstPaintMs} ms after navigation\n`);
    } finally {
      await chromium.close();
    }
  }
  await app.close();
  writeResults('map', {
    backend: 'pglite',
    stations: STATIONS,
    chargers: STATIONS * 3,
    api,
    browser,
  });
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
