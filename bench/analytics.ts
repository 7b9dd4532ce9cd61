/**
 * Analytics benchmark (`npm run bench:analytics -- [--orders 1000000] [--database-url URL]`;
 * requirements §14): `--orders` closed orders over the last year on 200 chargers at 50 stations of
 * one operator, the rollups built by the start-up backfill (timed; hourly and daily per charger, monthly
 * per company and station), then `GET /sp/analytics` for
 * 1 year by operator, 1 year by station, 30 days by charger SN and 24 hours by operator: median and
 * p95 latency (ms) over `--requests` calls each. On a PostgreSQL server (`--database-url`, a fresh
 * database is created and dropped) or a fresh embedded database. Results:
 * bench/results/analytics-<backend>.json with the machine's load (`uptime`) before and after the requests.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { buildApp } from '../server/app.js';
import { openBenchDatabase, pct, watchdog, writeResults } from './support.js';
import { ensureAdmin } from '../server/db/bootstrap.js';
import { company } from '../server/db/schema.js';
import { backfillRollupsIfEmpty } from '../server/modules/analytics/rollup.js';

const { values: opt } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '40' },
    'database-url': { type: 'string' },
  },
});
const ORDERS = Math.max(1000, Number(opt.orders));
const REQUESTS = Math.min(1000, Math.max(5, Number(opt.requests)));
const PASSWORD = 'bench-Secret-1';
watchdog(40);

const { database, backend, drop } = await openBenchDatabase(opt['database-url']);
const db = database.db;
try {
  await ensureAdmin(db, PASSWORD);
  await db.insert(company).values({ code: 'BENCH', name: 'Bench Charging', currency: 'EUR' });
  await db.execute(sql`INSERT INTO station (company_code, name) SELECT 'BENCH', 'Bench station ' || g FROM generate_series(1, 50) g`);
  await db.execute(sql`INSERT INTO charger (company_code, station_id, serial_num)
    SELECT 'BENCH', s.id, 'BENCH' || lpad((s.id * 4 + k)::text, 11, '0') FROM station s CROSS JOIN generate_series(0, 3) k`);
  const t0 = performance.now();
  const chunk = 100_000;
  const span = 365 * 86_400 - 3_600;
  for (let from = 1; from <= ORDERS; from += chunk) {
    const to = Math.min(ORDERS, from + chunk - 1);
    await db.execute(sql`
      INSERT INTO charge_order (order_no, company_code, station_id, charger_id, charger_sn, connector_id, transaction_id, id_tag,
        id_tag_status, charger_start_time, charger_stop_time, server_start_time, server_stop_time, meter_start, meter_stop,
        energy_kwh, status, currency, total_amount, paid)
      SELECT 'A' || g, 'BENCH', c.station_id, c.id, c.serial_num, 1 + g % 2, g, 'TAG' || (g % 500), 'Accepted',
        now() - ((g::bigint * ${span}::bigint / ${ORDERS}::bigint) * interval '1 second'),
        now() - ((g::bigint * ${span}::bigint / ${ORDERS}::bigint) * interval '1 second') + interval '40 minutes',
        now() - ((g::bigint * ${span}::bigint / ${ORDERS}::bigint) * interval '1 second'),
        now() - ((g::bigint * ${span}::bigint / ${ORDERS}::bigint) * interval '1 second') + interval '40 minutes',
        0, 10000 + g % 40000, ((10000 + g % 40000) / 1000.0)::numeric(14,3), 'FINISHED', 'EUR', 4.76, true
      FROM generate_series(${from}::int, ${to}::int) AS g
      JOIN charger c ON c.id = (SELECT min(id) FROM charger) + g % 200`);
  }
  const loadMs = performance.now() - t0;
  process.stdout.write(`${backend}: ${ORDERS} orders inserted in ${(loadMs / 1000).toFixed(1)} s\n`);
  const t1 = performance.now();
  await backfillRollupsIfEmpty(db);
  await db.execute(sql`ANALYZE`);
  const backfillMs = performance.now() - t1;
  const counts = (await db.execute(sql`SELECT (SELECT count(*) FROM analytics_hour)::int AS hours, (SELECT count(*) FROM analytics_day)::int AS days,
    (SELECT count(*) FROM analytics_month)::int AS months`)) as unknown as { rows: { hours: number; days: number; months: number }[] };
  process.stdout.write(
    `backfill: ${(backfillMs / 1000).toFixed(1)} s → ${counts.rows[0].hours} hour rows, ${counts.rows[0].days} day rows, ${counts.rows[0].months} month rows\n`,
  );

  const config = { ...loadConfig({}, []), logLevel: 'silent', simulate: false, demo: false };
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/sp/login', payload: { username: 'admin', password: PASSWORD } });
  const headers = { authorization: `Bearer ${login.json().data.token as string}`, 'time-zone': 'Europe/Berlin' };
  const cases: Record<string, string> = {
    'operator-1y': 'searchType=operator&search=BENCH&period=1y',
    'station-1y': 'searchType=station&search=Bench%20station%207&period=1y',
    'charger-30d': 'searchType=charger&search=BENCH00000000030&period=30d',
    'operator-24h': 'searchType=operator&search=BENCH&period=24h',
    'operator-30d': 'searchType=operator&search=BENCH&period=30d',
  };
  const results: Record<string, { medianMs: number; p95Ms: number; sessions: number }> = {};
  const loadBefore = os.loadavg().map((x) => +x.toFixed(2));
  for (const [name, query] of Object.entries(cases)) {
    const lat: number[] = [];
    let sessions = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const res = await app.inject({ url: `/sp/analytics?${query}`, headers });
      lat.push(performance.now() - t);
      const body = res.json();
      if (body.code !== 200) throw new Error(`${name}: ${res.body.slice(0, 200)}`);
      sessions = body.data.totals.sessions;
    }
    results[name] = { medianMs: +pct(lat, 50).toFixed(1), p95Ms: +pct(lat, 95).toFixed(1), sessions };
    process.stdout.write(`${name}: ${sessions} sessions; median ${results[name].medianMs} ms, p95 ${results[name].p95Ms} ms\n`);
  }
  await app.close();
  writeResults(`analytics-${backend}`, {
    backend,
    orders: ORDERS,
    requests: REQUESTS,
    loadSeconds: +(loadMs / 1000).toFixed(1),
    backfillSeconds: +(backfillMs / 1000).toFixed(1),
    rollupRows: counts.rows[0],
    results,
    loadAverageBefore: loadBefore,
  });
} finally {
  await database.close();
  await drop();
}
