/**
 * Benchmarks (`npm run bench -- [options]`). One so far:
 *
 * ocpp-throughput — N simulated charge points (ocpp-rpc clients in strict mode) on 127.0.0.1, each
 * doing BootNotification + StatusNotification and then K full sessions (Authorize,
 * StatusNotification Preparing/Charging/Finishing/Available, StartTransaction, M × MeterValues,
 * StopTransaction) against an in-process server on a fresh embedded database (PGlite in a
 * temporary directory, as `npm start` uses it). Prints OCPP messages per second, p50/p95/p99
 * latency (ms) per action (StartTransaction and StopTransaction are the ones that persist an
 * order), the process's peak RSS (server and clients share the process), and checks that every
 * session became an order with the right energy. Writes `bench/results/<name>.json`.
 *
 * Options: --chargers N (20) --sessions K (5) --meter-values M (3) --concurrency C (all chargers)
 *          --name NAME (ocpp-throughput) --timeout-s S (600) --database-url URL (PostgreSQL instead)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import type { RpcClient } from '../server/ocpp/rpc.js';
import { ocppClient } from '../sim/client.js';
import { loadConfig, type Config } from '../server/config.js';
import { buildApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { cardUser, charger, chargeOrder, company, station } from '../server/db/schema.js';
import { startCentralSystem } from '../server/ocpp/central-system.js';

type Client = RpcClient;

const here = path.dirname(fileURLToPath(import.meta.url));

const { values: opt } = parseArgs({
  options: {
    chargers: { type: 'string', default: '20' },
    sessions: { type: 'string', default: '5' },
    'meter-values': { type: 'string', default: '3' },
    concurrency: { type: 'string' },
    name: { type: 'string', default: 'ocpp-throughput' },
    'timeout-s': { type: 'string', default: '600' },
    'database-url': { type: 'string' },
  },
});

const positive = (v: string | undefined, name: string, max: number): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be an integer from 1 to ${max}`);
  return n;
};
const N = positive(opt.chargers, 'chargers', 2000);
const K = positive(opt.sessions, 'sessions', 1000);
const M = positive(opt['meter-values'], 'meter-values', 100);
const C = opt.concurrency ? positive(opt.concurrency, 'concurrency', N) : N;
const NAME = String(opt.name).replace(/[^A-Za-z0-9_.-]/g, '_');
const TIMEOUT_S = positive(opt['timeout-s'], 'timeout-s', 3600);

// The whole run is bounded: a stuck run ends with exit code 2.
const watchdog = setTimeout(() => {
  process.stderr.write(`bench: no result within ${TIMEOUT_S} s, giving up\n`);
  process.exit(2);
}, TIMEOUT_S * 1000);
watchdog.unref();

/** Wh delivered per meter-value step and per session. */
const STEP_WH = 1_500;
const SESSION_WH = STEP_WH * (M + 1);

const latencies = new Map<string, number[]>();
let messages = 0;

/** Sends one OCPP call and records its round-trip time under its action. */
async function timed<T>(cli: Client, action: string, payload: Record<string, unknown>): Promise<T> {
  const t0 = performance.now();
  const res = (await cli.call(action, payload)) as T;
  const ms = performance.now() - t0;
  messages += 1;
  let list = latencies.get(action);
  if (!list) latencies.set(action, (list = []));
  list.push(ms);
  return res;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const iso = (ms: number) => new Date(ms).toISOString();

/** One charge point: boot, then K sessions on connector 1 with increasing meter readings. */
async function chargePoint(ocppUrl: string, serial: string, idTag: string): Promise<void> {
  const cli: Client = ocppClient({ url: ocppUrl, identity: serial, callTimeoutMs: 30_000 });
  await cli.connect();
  try {
    await timed(cli, 'BootNotification', { chargePointVendor: 'BenchVendor', chargePointModel: 'BX-1', firmwareVersion: '1.0.0' });
    const status = (connectorId: number, s: string) =>
      timed(cli, 'StatusNotification', {
        connectorId,
        errorCode: 'NoError',
        status: s,
        timestamp: new Date().toISOString(),
      });
    await status(0, 'Available');
    await status(1, 'Available');
    let meter = 100_000;
    for (let k = 0; k < K; k += 1) {
      await timed(cli, 'Authorize', { idTag });
      await status(1, 'Preparing');
      const start = Date.now();
      const started = await timed<{ transactionId: number; idTagInfo: { status: string } }>(cli, 'StartTransaction', {
        connectorId: 1,
        idTag,
        meterStart: meter,
        timestamp: iso(start),
      });
      await status(1, 'Charging');
      const transactionId = started.transactionId;
      for (let m = 1; m <= M; m += 1) {
        await timed(cli, 'MeterValues', {
          connectorId: 1,
          transactionId,
          meterValue: [
            {
              timestamp: iso(start + m * 60_000),
              sampledValue: [
                { value: String(meter + m * STEP_WH), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
                { value: '11000', measurand: 'Power.Active.Import', unit: 'W', context: 'Sample.Periodic' },
              ],
            },
          ],
        });
      }
      meter += SESSION_WH;
      await timed(cli, 'StopTransaction', {
        transactionId,
        meterStop: meter,
        timestamp: iso(start + (M + 1) * 60_000),
        reason: 'Local',
        idTag,
      });
      await status(1, 'Finishing');
      await status(1, 'Available');
    }
  } finally {
    await cli.close({ code: 1000, force: false }).catch(() => undefined);
  }
}

/** Runs `jobs` with at most `limit` in flight. */
async function pool(jobs: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

async function main() {
  const dataDir = opt['database-url'] ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'chargedesk-bench-'));
  const database = await openDatabase({ databaseUrl: opt['database-url'], dataDir });
  const config: Config = {
    ...loadConfig({}, []),
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    simulate: false,
    demo: false,
    heartbeatInterval: 300,
    pingInterval: 300,
  };
  const app = await buildApp({ db: database.db, config, logger: false });
  const central = startCentralSystem(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const ocppUrl = `ws://127.0.0.1:${port}/ocpp`;

  // The network: one company, one station, N chargers, one card per charger.
  const code = 'BENCH';
  await database.db.insert(company).values({ code, name: 'Bench Charging', currency: 'EUR' });
  const [st] = await database.db.insert(station).values({ companyCode: code, name: 'Bench Station' }).returning();
  const serials = Array.from({ length: N }, (_, i) => `BENCH${String(i + 1).padStart(11, '0')}`);
  const cards = Array.from({ length: N }, (_, i) => `BENCHCARD${String(i + 1).padStart(6, '0')}`);
  await database.db.insert(charger).values(serials.map((serialNum) => ({ companyCode: code, stationId: st.id, serialNum })));
  await database.db.insert(cardUser).values(
    cards.map((cardNumber) => ({
      companyCode: code,
      cardNumber,
      lastName: 'Bench',
      firstName: 'Driver',
      balance: '1000000.00',
      managerCard: true,
    })),
  );

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const rssBefore = process.memoryUsage().rss;

  process.stdout.write(`ocpp-throughput: ${N} charge points × ${K} sessions × ${M} meter values, concurrency ${C}, ${database.kind}\n`);
  const t0 = performance.now();
  await pool(
    serials.map((s, i) => () => chargePoint(ocppUrl, s, cards[i])),
    C,
  );
  const wallMs = performance.now() - t0;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  // Every session must have become a finished order with SESSION_WH of energy.
  const [{ n: orders }] = await database.db.select({ n: count() }).from(chargeOrder).where(eq(chargeOrder.companyCode, code));
  const [{ wh }] = await database.db
    .select({ wh: sql<string>`COALESCE(SUM(${chargeOrder.meterStop} - ${chargeOrder.meterStart}), 0)` })
    .from(chargeOrder)
    .where(eq(chargeOrder.companyCode, code));
  const expectedOrders = N * K;
  const ok = Number(orders) === expectedOrders && Number(wh) === expectedOrders * SESSION_WH;

  const byAction: Record<string, { count: number; p50: number; p95: number; p99: number; max: number }> = {};
  for (const [action, list] of [...latencies.entries()].sort()) {
    const sorted = [...list].sort((a, b) => a - b);
    byAction[action] = {
      count: sorted.length,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1]),
    };
  }
  const result = {
    name: NAME,
    benchmark: 'ocpp-throughput',
    at: new Date().toISOString(),
    parameters: { chargers: N, sessions: K, meterValuesPerSession: M, concurrency: C, database: database.kind },
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      platform: `${os.platform()} ${os.arch()}`,
      // Other work on the machine skews every figure: the 1-minute load average at the end of the run.
      loadAverage1m: round(os.loadavg()[0]),
    },
    messages,
    wallSeconds: round(wallMs / 1000, 3),
    messagesPerSecond: round(messages / (wallMs / 1000), 1),
    sessionsPerSecond: round(expectedOrders / (wallMs / 1000), 2),
    latencyMs: byAction,
    rssMb: { before: round(rssBefore / 2 ** 20, 1), peak: round(peakRss / 2 ** 20, 1) },
    check: { orders: Number(orders), expectedOrders, energyWh: Number(wh), expectedEnergyWh: expectedOrders * SESSION_WH, ok },
  };

  const lines = [
    `messages:           ${messages} in ${result.wallSeconds} s → ${result.messagesPerSecond} msg/s (${result.sessionsPerSecond} sessions/s)`,
    ...['StartTransaction', 'StopTransaction', 'MeterValues', 'StatusNotification', 'Authorize', 'BootNotification']
      .filter((a) => byAction[a])
      .map((a) => `${a.padEnd(19)} p50 ${byAction[a].p50} ms  p95 ${byAction[a].p95} ms  p99 ${byAction[a].p99} ms  (n=${byAction[a].count})`),
    `RSS:                ${result.rssMb.before} MB before, ${result.rssMb.peak} MB peak (server and clients in one process)`,
    `check:              ${result.check.orders}/${expectedOrders} orders, ${result.check.energyWh}/${result.check.expectedEnergyWh} Wh → ${ok ? 'ok' : 'MISMATCH'}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  const outDir = path.join(here, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `${NAME}.json`);
  fs.writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`written ${path.relative(process.cwd(), outFile)}\n`);

  await central.close();
  await app.close();
  await database.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (!ok) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
