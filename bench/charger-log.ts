/**
 * Charger log benchmark (`npm run bench:charger-log -- [options]`): `--rows` frames (5 000 000 by
 * default) of 200 chargers in 3 companies over 29 days (calls IN, their answers OUT 50 ms later,
 * sharing a message id), then the latency of `GET /sp/charger-log/frames` (the charger log
 * screen's keyset page of 50, with the paired answers) for the filters an operator uses:
 *
 * - charger-day: one charger, the last 24 hours, following the cursor 10 pages deep;
 * - charger-action-week: one charger, StatusNotification, the last 7 days;
 * - action-direction: every charger, MeterValues IN, no range;
 * - company-scope: a company user, no filter (scope by company);
 * - rare-action: every charger, BootNotification (1 frame in 500), the last 7 days;
 * - charger-rare-action: one charger, BootNotification, no range;
 * - company-direction: a company user, OUT frames, following the cursor 3 pages deep.
 *
 * Median and p95 per filter (ms, through the Fastify app in process: routing, validation, SQL,
 * serialisation), and the CPU time this process spent per page (ms: what the machine's load does
 * not change, where the latency of a busy machine is mostly waiting for a core). Runs on a fresh embedded database, or with --database-url on a PostgreSQL server
 * (a fresh database is created there and dropped at the end). Results: bench/results/charger-log-<backend>.json.
 *
 * Options: --rows N (5000000) --requests N per filter (40) --database-url URL --keep (leave the
 * PostgreSQL database in place for EXPLAIN, and print its name; drop it by hand afterwards)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { buildApp } from '../server/app.js';
import { openBenchDatabase, pct, watchdog, writeResults } from './support.js';
import { ensureAdmin } from '../server/db/bootstrap.js';
import { hashPassword } from '../server/auth/password.js';
import { account, charger, company, role } from '../server/db/schema.js';

const { values: opt } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000000' },
    requests: { type: 'string', default: '40' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const ROWS = Math.max(10_000, Number(opt.rows));
const REQUESTS = Math.min(500, Math.max(5, Number(opt.requests)));
const CHARGERS = 200;
const PASSWORD = 'bench-Secret-1';

watchdog(45);

const sn = (c: number) => `BENCH${String(c).padStart(11, '0')}`;

const { database, backend, drop } = await openBenchDatabase(opt['database-url'], { keep: Boolean(opt.keep), statementTimeoutMs: 30 * 60_000 });
const db = database.db;
try {
  await ensureAdmin(db, PASSWORD);
  await db.insert(company).values(['BA', 'BB', 'BC'].map((code) => ({ code, name: `Bench ${code}`, currency: 'EUR' })));
  await db.insert(charger).values(Array.from({ length: CHARGERS }, (_, c) => ({ companyCode: ['BA', 'BB', 'BC'][c % 3], serialNum: sn(c) })));
  const [r] = await db
    .insert(role)
    .values({ name: 'log', code: 'BENCHLOG', companyCode: 'BA', permissions: ['menu:events:chargerlog'] })
    .returning();
  await db.insert(account).values({ companyCode: 'BA', username: 'bench.staff', userType: 'STAFF', roleId: r.id, passwordHash: await hashPassword(PASSWORD) });

  // frame g: exchange k = g / 2 of charger k % 200, one a second going back; even g the CALL
  // (IN), odd g its answer (OUT, 50 ms later); the action follows k / 200, so every charger sends
  // every action (BootNotification once in 500 of its exchanges).
  const t0 = performance.now();
  const chunk = 250_000;
  for (let from = 0; from < ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk) - 1;
    await db.execute(sql`
      INSERT INTO charger_log (charger_sn, company_code, direction, action, message_type, message_id, payload, at)
      SELECT 'BENCH' || lpad(((g / 2) % ${CHARGERS})::text, 11, '0'),
        (ARRAY['BA','BB','BC'])[1 + ((g / 2) % ${CHARGERS}) % 3],
        CASE WHEN g % 2 = 0 THEN 'IN' ELSE 'OUT' END,
        CASE WHEN (g / 400) % 500 = 7 THEN 'BootNotification'
          ELSE (ARRAY['MeterValues','MeterValues','MeterValues','MeterValues','MeterValues','MeterValues','MeterValues','MeterValues',
            'Heartbeat','Heartbeat','Heartbeat','Heartbeat','StatusNotification','StatusNotification','StatusNotification',
            'Authorize','StartTransaction','StopTransaction','DataTransfer','Heartbeat'])[1 + (g / 400) % 20] END,
        CASE WHEN g % 2 = 0 THEN 'CALL' ELSE 'CALLRESULT' END,
        'm' || (g / 2),
        CASE WHEN g % 2 = 0 THEN jsonb_build_object('connectorId', 1 + g % 2, 'seq', g) ELSE '{"status":"Accepted"}'::jsonb END,
        now() - ((g / 2) * interval '1 second') + ((g % 2) * interval '50 milliseconds')
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g`);
    process.stdout.write(`  ${to + 1} rows\r`);
  }
  // What autovacuum does to a table after millions of inserts (statistics, visibility map, hint
  // bits), so the first pages timed do not pay for it.
  await db.execute(sql`VACUUM ANALYZE charger_log`);
  const loadMs = performance.now() - t0;
  process.stdout.write(`${backend}: ${ROWS} frames inserted in ${(loadMs / 1000).toFixed(1)} s\n`);

  const config = { ...loadConfig({}, []), logLevel: 'silent', simulate: false, demo: false, logRetentionDays: 0 };
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const tokenOf = async (username: string) => {
    const login = await app.inject({ method: 'POST', url: '/sp/login', payload: { username, password: PASSWORD } });
    return { authorization: `Bearer ${login.json().data.token as string}` };
  };
  const admin = await tokenOf('admin');
  const staff = await tokenOf('bench.staff');
  const iso = (msAgo: number) => encodeURIComponent(new Date(Date.now() - msAgo).toISOString());

  /** Times `REQUESTS` pages of `query(i)`; a page that follows a cursor is timed on its own. */
  const measure = async (name: string, query: (i: number) => string, headers = admin, depth = 1) => {
    const lat: number[] = [];
    let rows = 0;
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      let cursor: string | null = null;
      for (let d = 0; d < depth; d++) {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url: `/sp/charger-log/frames?size=50&${query(i)}${cursor ? `&cursor=${cursor}` : ''}`, headers });
        lat.push(performance.now() - t);
        const body = res.json() as { code: number; data: { records: unknown[]; nextCursor: string | null } };
        if (body.code !== 200) throw new Error(`${name}: ${res.body.slice(0, 200)}`);
        rows += body.data.records.length;
        cursor = body.data.nextCursor;
        if (!cursor) break;
      }
    }
    const cpu = process.cpuUsage(cpu0);
    const out = {
      pages: lat.length,
      rows,
      medianMs: +pct(lat, 50).toFixed(1),
      p95Ms: +pct(lat, 95).toFixed(1),
      maxMs: +Math.max(...lat).toFixed(1),
      cpuMsPerPage: +((cpu.user + cpu.system) / 1000 / lat.length).toFixed(2),
    };
    process.stdout.write(
      `${name}: ${out.pages} pages, median ${out.medianMs} ms, p95 ${out.p95Ms} ms, max ${out.maxMs} ms, ${out.cpuMsPerPage} ms of this process's CPU a page\n`,
    );
    return out;
  };

  const loadBefore = os.loadavg().map((x) => +x.toFixed(2));
  const filters = {
    chargerDay: await measure('charger-day', (i) => `serialNum=${sn((i * 37) % CHARGERS)}&startTime=${iso(86_400_000)}`, admin, 10),
    chargerActionWeek: await measure(
      'charger-action-week',
      (i) => `serialNum=${sn((i * 53) % CHARGERS)}&action=StatusNotification&startTime=${iso(7 * 86_400_000)}`,
    ),
    actionDirection: await measure('action-direction', () => 'action=MeterValues&direction=IN', admin, 3),
    companyScope: await measure('company-scope', () => '', staff, 3),
    rareAction: await measure('rare-action', () => `action=BootNotification&startTime=${iso(7 * 86_400_000)}`),
    chargerRareAction: await measure('charger-rare-action', (i) => `serialNum=${sn((i * 29) % CHARGERS)}&action=BootNotification`),
    companyDirection: await measure('company-direction', () => 'direction=OUT', staff, 3),
  };
  await app.close();
  const all = Object.values(filters);
  const worstP95 = Math.max(...all.map((f) => f.p95Ms));
  process.stdout.write(
    `worst p95 of a filtered page: ${worstP95} ms (goal ≤ 100 ms); load average before ${loadBefore.join(' ')}, after ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}\n`,
  );

  writeResults(`charger-log-${backend}`, {
    backend,
    rows: ROWS,
    chargers: CHARGERS,
    loadSeconds: +(loadMs / 1000).toFixed(1),
    pageSize: 50,
    filters,
    worstP95Ms: worstP95,
    loadAverageBefore: loadBefore,
  });
} finally {
  await database.close();
  await drop();
}
