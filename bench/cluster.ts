/**
 * Cluster benchmark (`npm run bench:cluster -- [options]`): two nodes on one embedded database
 * and one Redis (`--redis-url`, default redis://127.0.0.1:6379), `--chargers` strict charge points
 * connected to node A that answer Reset at once. Sends `--commands` Reset commands per charger,
 * `--concurrency` at a time, once from node A (local socket) and once from node B (through Redis
 * to node A and back), and prints p50 / p95 / p99 latency (ms) and commands/s of each; results go
 * to bench/results/cluster.json. Keys use a fresh prefix and are removed at the end. Bounded.
 *
 * Options: --chargers N (20) --commands N (25) --concurrency N (20) --redis-url URL
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { buildApp } from '../server/app.js';
import { loadConfig, type Config } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { charger, company, station } from '../server/db/schema.js';
import { startCentralSystem, type CentralSystem } from '../server/ocpp/central-system.js';
import type { RpcClient } from '../server/ocpp/rpc.js';
import { ocppClient } from '../sim/client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opt } = parseArgs({
  options: {
    chargers: { type: 'string', default: '20' },
    commands: { type: 'string', default: '25' },
    concurrency: { type: 'string', default: '20' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const N = Math.min(200, Math.max(1, Number(opt.chargers)));
const PER = Math.min(1000, Math.max(1, Number(opt.commands)));
const CONCURRENCY = Math.min(200, Math.max(1, Number(opt.concurrency)));
const REDIS_URL = String(opt['redis-url']);

const watchdog = setTimeout(() => {
  process.stderr.write('bench: not done within 10 minutes\n');
  process.exit(2);
}, 10 * 60_000);
watchdog.unref();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round = (x: number) => Math.round(x * 100) / 100;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-cluster-'));
const prefix = `chargedesk-bench-${randomBytes(4).toString('hex')}:`;
const database = await openDatabase({ dataDir: dir });
const config: Config = {
  ...loadConfig({}, []),
  port: 0,
  host: '127.0.0.1',
  logLevel: 'silent',
  simulate: false,
  demo: false,
  redisUrl: REDIS_URL,
  redisPrefix: prefix,
};

async function node() {
  const app = await buildApp({ db: database.db, config, logger: false });
  const central = startCentralSystem(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { app, central, ocppUrl: `ws://127.0.0.1:${port}/ocpp` };
}

/** Runs `jobs` with at most CONCURRENCY in flight; returns each latency (ms) and the wall time. */
async function run(central: CentralSystem, sns: string[]): Promise<{ ms: number[]; wallMs: number }> {
  const jobs = sns.flatMap((sn) => Array.from({ length: PER }, () => sn));
  const ms: number[] = [];
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, async () => {
      while (next < jobs.length) {
        const sn = jobs[next++];
        const t = performance.now();
        await central.call(sn, 'Reset', { type: 'Soft' });
        ms.push(performance.now() - t);
      }
    }),
  );
  return { ms, wallMs: performance.now() - t0 };
}

const clients: RpcClient[] = [];
const a = await node();
const b = await node();
try {
  await database.db.insert(company).values({ code: 'BENCH', name: 'Bench Charging', currency: 'EUR' });
  const [st] = await database.db.insert(station).values({ companyCode: 'BENCH', name: 'Bench station' }).returning();
  const sns = Array.from({ length: N }, (_, i) => `BENCHCL${String(i + 1).padStart(9, '0')}`);
  await database.db.insert(charger).values(sns.map((serialNum) => ({ companyCode: 'BENCH', stationId: st.id, serialNum })));
  for (const sn of sns) {
    const c = ocppClient({ url: a.ocppUrl, identity: sn });
    c.handle('Reset', async () => ({ status: 'Accepted' }));
    await c.connect();
    clients.push(c);
  }
  // Every identity claimed in Redis before node B is asked.
  const redis = new Redis(REDIS_URL);
  for (let i = 0; i < 100 && (await redis.mget(...sns.map((s) => `${prefix}owner:${s}`))).some((v) => !v); i++) await new Promise((r) => setTimeout(r, 50));
  await redis.quit();

  const results: Record<string, unknown> = {};
  for (const [name, central] of [
    ['local', a.central],
    ['via-redis', b.central],
  ] as const) {
    await run(central, sns.slice(0, 1)); // warm-up
    const { ms, wallMs } = await run(central, sns);
    const r = {
      commands: ms.length,
      perSecond: Math.round(ms.length / (wallMs / 1000)),
      p50: round(pct(ms, 50)),
      p95: round(pct(ms, 95)),
      p99: round(pct(ms, 99)),
    };
    results[name] = r;
    process.stdout.write(`${name.padEnd(10)} ${r.commands} Reset commands, ${r.perSecond}/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms\n`);
  }
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const out = path.join(here, 'results', 'cluster.json');
  fs.writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), chargers: N, commandsPerCharger: PER, concurrency: CONCURRENCY, cpus: os.cpus().length, ...results }, null, 2)}\n`,
  );
  process.stdout.write(`written ${path.relative(process.cwd(), out)}\n`);
} finally {
  await Promise.allSettled(clients.map((c) => c.close({ force: true })));
  for (const n of [b, a]) {
    await n.central.close();
    await n.app.close();
  }
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
