/**
 * The ChargeDesk side of bench/ocpp-load.ts, as a child process (started through
 * ./chargedesk-server.ts, behind the accepting parent unless BENCH_ACCEPT=0): the production app (buildApp +
 * the OCPP central system, logging at `warn`) on a fresh database — PGlite in a temporary
 * directory (as `npm start` uses it), or its own PostgreSQL database on BENCH_PG_URL's server,
 * created here and dropped on shutdown. The network: one company, one station in Europe/Berlin
 * with a two-window time-of-use tariff and VAT, BENCH_CHARGERS chargers `LOAD000001…` and one
 * card `CLOAD000001…` each. Sends `{ ready: port, databaseUrl }` over IPC; stops on
 * `{ cmd: 'shutdown' }`. With BENCH_JOIN_URL (a PostgreSQL database such a server created) it is
 * one more node of that network instead (bench/ocpp-fleet.ts, with REDIS_URL): it neither creates,
 * provisions nor drops the database.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { ensureAdmin } from '../../server/db/bootstrap.js';
import { openDatabase } from '../../server/db/client.js';
import { cardUser, charger, company, rateDetail, rateTax, rateTemplate, station } from '../../server/db/schema.js';
import { listenOptions } from '../../server/http/listen.js';
import { ensureMenus } from '../../server/modules/menu/service.js';
import { startCentralSystem } from '../../server/ocpp/central-system.js';
import { groupCommitOf } from '../../server/modules/transactions/group-commit.js';
import { storeMeterGroup } from '../../server/modules/transactions/meter-group.js';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

export const BENCH_ADMIN_PASSWORD = 'bench-Admin-Pass-1';

const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const n = Number(process.env.BENCH_CHARGERS ?? '1000');
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const joinUrl = process.env.BENCH_JOIN_URL;

let dbName: string | undefined;
let dataDir: string | undefined;
let databaseUrl: string | undefined;
if (joinUrl) {
  databaseUrl = joinUrl;
} else if (kind === 'postgres') {
  dbName = `cdbench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(pgBase);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
} else {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chargedesk-load-'));
}

async function dropDatabase(): Promise<void> {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (!dbName) return;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

// The configuration as `npm start` derives it from DATABASE_URL (the pool's and the OCPP side's
// defaults differ between PostgreSQL and PGlite).
const config: Config = {
  ...loadConfig({ ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, []),
  port: 0,
  host: '127.0.0.1',
  logLevel: 'warn',
  simulate: false,
  demo: false,
  databaseUrl,
  dataDir: dataDir ?? './data',
};
const database = await openDatabase({
  databaseUrl,
  dataDir,
  connectTimeoutMs: config.dbConnectTimeoutMs,
  statementTimeoutMs: config.dbStatementTimeoutMs,
  poolSize: config.dbPoolSize,
});
const { db } = database;
if (!joinUrl) await provision();

/** The network described above, in an empty database. */
async function provision(): Promise<void> {
  await ensureAdmin(db, BENCH_ADMIN_PASSWORD);
  await ensureMenus(db);

  const code = 'BENCH';
  await db.insert(company).values({ code, name: 'Bench Charging', currency: 'EUR' });
  const [tpl] = await db
    .insert(rateTemplate)
    .values({
      companyCode: code,
      modelName: 'TOU',
      type: 'CHARGED',
      currency: 'EUR',
      serviceFeePerKwh: '0.10',
      serviceTax: '0',
      activated: true,
    })
    .returning();
  await db.insert(rateDetail).values([
    { templateId: tpl.id, startTime: '00:00', endTime: '07:00', electricityFeePerKwh: '0.21' },
    { templateId: tpl.id, startTime: '07:00', endTime: '24:00', electricityFeePerKwh: '0.39' },
  ]);
  await db.insert(rateTax).values({ templateId: tpl.id, taxName: 'VAT', taxPercentage: '19' });
  const [st] = await db.insert(station).values({ companyCode: code, name: 'Bench Station', timeZone: 'Europe/Berlin', rateTemplateId: tpl.id }).returning();
  for (let i = 0; i < n; i += 1000) {
    const ids = Array.from({ length: Math.min(1000, n - i) }, (_, k) => `LOAD${String(i + k + 1).padStart(6, '0')}`);
    await db.insert(charger).values(ids.map((serialNum) => ({ companyCode: code, stationId: st.id, serialNum })));
    await db
      .insert(cardUser)
      .values(ids.map((id) => ({ companyCode: code, cardNumber: `C${id}`, lastName: 'Load', firstName: 'Driver', balance: '1000000.00' })));
  }
}

// BENCH_EXPLAIN=1: the last meter-value group's statement is explained (EXPLAIN ANALYZE in a
// transaction rolled back) at shutdown and printed, with its planning and execution times.
let lastGroup: { sql: string; params: unknown[] } | undefined;
if (process.env.BENCH_EXPLAIN) {
  // Every query, named (server/db/client.ts executeNamed) or not, is prepared by drizzle's session.
  type Prepare = (query: { sql: string; params: unknown[] }, ...rest: unknown[]) => unknown;
  const session = (db as unknown as { session: { prepareQuery: Prepare } }).session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (query, ...rest) => {
    if (query.sql.startsWith('with w as')) lastGroup = query;
    return prepare(query, ...rest);
  };
}
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
// An event-loop stall of a quarter second or more is reported as it ends, and so is a garbage
// collection pause of 50 ms or more (stderr, inline with the phases).
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - lastTick > 350) process.stderr.write(`[server] event loop stalled ${Math.round(now - lastTick - 100)} ms, ending ${new Date().toISOString()}\n`);
  lastTick = now;
}, 100).unref();
const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
    if (e.duration >= 50) process.stderr.write(`[server] gc pause ${Math.round(e.duration)} ms (${GC_KINDS[kind] ?? kind}), ${new Date().toISOString()}\n`);
  }
}).observe({ entryTypes: ['gc'] });
const app = await buildApp({ db, config });
const central = startCentralSystem(app);
await app.listen({ ...listenOptions(config), port: 0, host: '127.0.0.1' });
const addr = app.server.address();
// The delay histogram covers serving, not the provisioning above.
loopDelay.enable();
process.send?.({ ready: typeof addr === 'object' && addr ? addr.port : 0, kind: database.kind, databaseUrl, pid: process.pid });

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  try {
    process.stderr.write(
      `[server] meter-value write groups ${JSON.stringify(groupCommitOf(db, storeMeterGroup).stats)}; event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms\n`,
    );
    await central.close();
    if (lastGroup) {
      const g = lastGroup;
      await db
        .transaction(async (tx) => {
          const plan = await tx.execute(
            sql.join([
              sql.raw('explain (analyze, buffers) '),
              sql.raw(g.sql.replace(/\$(\d+)/g, (_m, n: string) => `'${String(g.params[Number(n) - 1]).replace(/'/g, "''")}'`)),
            ]),
          );
          process.stderr.write(
            `[server] last meter-value group:\n${(plan as unknown as { rows: Record<string, string>[] }).rows.map((x) => Object.values(x)[0]).join('\n')}\n`,
          );
          tx.rollback();
        })
        .catch(() => undefined);
    }
    await app.close();
    await database.close();
    await dropDatabase();
  } finally {
    process.exit(0);
  }
}
process.on('message', (m: { cmd?: string }) => {
  if (m?.cmd === 'shutdown') void shutdown();
  // bench/soak.ts: the heap as the server sees it (after a full collection when exposed).
  if (m?.cmd === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ memory: process.memoryUsage() });
  }
});
process.on('disconnect', () => void shutdown());
