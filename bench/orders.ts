/**
 * Order benchmarks (`npm run bench:orders -- [options]`):
 *
 * 1. order-list — GET /sp/order with a filtered, sorted page (company, status, paid, a 30-day
 *    charger start range, sorted by charger start time, descending; pages spread over the result)
 *    with `--orders` orders in the database (1 000 000 by default): median and p95 latency (ms).
 * 2. excel-export — GET /sp/order/export/excel of `--export-rows` orders (50 000 by default): wall
 *    time (ms), bytes streamed and the peak RSS of the process (the server is in-process).
 *
 * The orders are inserted with one INSERT … SELECT generate_series per 100 000 rows, then ANALYZE.
 * Runs on a fresh embedded database (PGlite in a temporary directory) or, with --database-url, on a
 * PostgreSQL server (a fresh database is created there and dropped at the end). Everything is
 * bounded; results go to bench/results/orders-<backend>.json.
 *
 * Options: --orders N (1000000) --export-rows N (50000) --requests N (60) --database-url URL
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { buildApp } from '../server/app.js';
import { openBenchDatabase, pct, watchdog, writeResults } from './support.js';
import { ensureAdmin } from '../server/db/bootstrap.js';
import { charger, company, station } from '../server/db/schema.js';

const { values: opt } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    'export-rows': { type: 'string', default: '50000' },
    requests: { type: 'string', default: '60' },
    'database-url': { type: 'string' },
  },
});
const ORDERS = Math.max(1000, Number(opt.orders));
const EXPORT_ROWS = Math.min(50_000, Math.max(100, Number(opt['export-rows'])));
const REQUESTS = Math.min(1000, Math.max(5, Number(opt.requests)));
const PASSWORD = 'bench-Secret-1';

watchdog(30);

const { database, backend, drop } = await openBenchDatabase(opt['database-url']);
const db = database.db;
try {
  await ensureAdmin(db, PASSWORD);
  await db.insert(company).values([
    { code: 'BENCH', name: 'Bench Charging', currency: 'EUR' },
    { code: 'OTHER', name: 'Other', currency: 'HKD' },
  ]);
  const [st] = await db.insert(station).values({ companyCode: 'BENCH', name: 'Bench station' }).returning();
  const [ch] = await db.insert(charger).values({ companyCode: 'BENCH', stationId: st.id, serialNum: 'BENCH00000000001' }).returning();
  const [ch2] = await db.insert(charger).values({ companyCode: 'OTHER', serialNum: 'OTHER00000000001' }).returning();

  // ~1 order every 2 minutes going back in time; 80 % BENCH, 20 % OTHER; 90 % paid.
  const t0 = performance.now();
  const chunk = 100_000;
  for (let from = 1; from <= ORDERS; from += chunk) {
    const to = Math.min(ORDERS, from + chunk - 1);
    await db.execute(sql`
      INSERT INTO charge_order (order_no, company_code, station_id, charger_id, charger_sn, connector_id, transaction_id, id_tag,
        id_tag_status, charger_start_time, charger_stop_time, server_start_time, server_stop_time, meter_start, meter_stop,
        energy_kwh, status, currency, electricity_fee, service_fee, tax_amount, cost, total_amount, paid)
      SELECT 'B' || g, CASE WHEN g % 5 = 0 THEN 'OTHER' ELSE 'BENCH' END, CASE WHEN g % 5 = 0 THEN NULL ELSE ${st.id}::int END,
        CASE WHEN g % 5 = 0 THEN ${ch2.id}::int ELSE ${ch.id}::int END, CASE WHEN g % 5 = 0 THEN 'OTHER00000000001' ELSE 'BENCH00000000001' END,
        1 + g % 2, g, 'TAG' || (g % 500), 'Accepted',
        now() - (g * interval '2 minutes'), now() - (g * interval '2 minutes') + interval '45 minutes',
        now() - (g * interval '2 minutes'), now() - (g * interval '2 minutes') + interval '45 minutes',
        0, 10000 + g % 40000, ((10000 + g % 40000) / 1000.0)::numeric(14,3), 'FINISHED',
        CASE WHEN g % 5 = 0 THEN 'HKD' ELSE 'EUR' END, 3.00, 1.00, 0.76, 4.00, 4.76, g % 10 <> 0
      FROM generate_series(${from}::int, ${to}::int) AS g`);
  }
  await db.execute(sql`ANALYZE charge_order`);
  const loadMs = performance.now() - t0;
  process.stdout.write(`${backend}: ${ORDERS} orders inserted in ${(loadMs / 1000).toFixed(1)} s\n`);

  const config = { ...loadConfig({}, []), logLevel: 'silent', simulate: false, demo: false };
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/sp/login', payload: { username: 'admin', password: PASSWORD } });
  const auth = { authorization: `Bearer ${login.json().data.token as string}` };

  // 1. filtered, sorted pages
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const filter = `companyCode=BENCH&status=FINISHED&paid=true&startTime=${encodeURIComponent(start)}&sort=chargerStartTime&order=desc&size=20`;
  const first = await app.inject({ method: 'GET', url: `/sp/order?${filter}&page=1`, headers: auth });
  const total = first.json().data.total as number;
  const pages = Math.max(1, Math.ceil(total / 20));
  const lat: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const page = 1 + Math.floor((i / REQUESTS) * Math.min(pages, 500));
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/sp/order?${filter}&page=${page}`, headers: auth });
    lat.push(performance.now() - t);
    if (res.json().code !== 200) throw new Error(`list failed: ${res.body.slice(0, 200)}`);
  }
  const list = { matching: total, requests: REQUESTS, medianMs: +pct(lat, 50).toFixed(1), p95Ms: +pct(lat, 95).toFixed(1) };
  process.stdout.write(`order-list: ${total} matching of ${ORDERS}; median ${list.medianMs} ms, p95 ${list.p95Ms} ms over ${REQUESTS} pages\n`);

  // 2. Excel export of EXPORT_ROWS orders
  let peak = process.memoryUsage().rss;
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t1 = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: `/sp/order/export/excel?companyCode=BENCH&size=${EXPORT_ROWS}&sort=chargerStartTime&order=desc`,
    headers: auth,
  });
  const exportMs = performance.now() - t1;
  clearInterval(sampler);
  if (res.statusCode !== 200) throw new Error(`export failed: ${res.body.slice(0, 200)}`);
  const exp = {
    rows: EXPORT_ROWS,
    ms: Math.round(exportMs),
    bytes: res.rawPayload.length,
    rssBeforeMb: Math.round(before / 2 ** 20),
    peakRssMb: Math.round(peak / 2 ** 20),
  };
  process.stdout.write(
    `excel-export: ${EXPORT_ROWS} rows in ${exp.ms} ms, ${(exp.bytes / 2 ** 20).toFixed(1)} MiB, RSS ${exp.rssBeforeMb} → peak ${exp.peakRssMb} MiB\n`,
  );
  await app.close();

  writeResults(`orders-${backend}`, {
    backend,
    orders: ORDERS,
    loadSeconds: +(loadMs / 1000).toFixed(1),
    list,
    export: exp,
  });
} finally {
  await database.close();
  await drop();
}
