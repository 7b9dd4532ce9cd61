/**
 * Soak run (`npm run bench:soak -- [--minutes 30] [--chargers 500] [--database postgres|pglite]`):
 * ChargeDesk (bench/load/chargedesk-server.ts, its own database) with --chargers chargers from
 * bench/load/client.ts processes (127.0.0.x) running sessions back to back for --minutes: a
 * MeterValues of 10 samples every --meter-every-s, a Stop after --session-minutes, a Heartbeat a
 * minute. The server's RSS and V8 heap (after a full collection) are read at the start, after the
 * warm-up (--warmup-minutes) and at the end, every minute in between; the growth per hour is the
 * slope from the warm-up to the end. Writes bench/results/soak-<database>.json. Bounded by
 * --minutes plus a few minutes of setup.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opt } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    'warmup-minutes': { type: 'string', default: '' },
    chargers: { type: 'string', default: '500' },
    clients: { type: 'string', default: '4' },
    database: { type: 'string', default: 'postgres' },
    'meter-every-s': { type: 'string', default: '10' },
    'session-minutes': { type: 'string', default: '5' },
  },
});
const num = (v: string | undefined, name: string, min: number, max: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return n;
};
const MINUTES = num(opt.minutes, 'minutes', 1, 240);
const WARMUP = opt['warmup-minutes'] ? num(opt['warmup-minutes'], 'warmup-minutes', 0, MINUTES) : Math.min(5, MINUTES / 5);
const N = num(opt.chargers, 'chargers', 1, 10_000);
const CLIENTS = num(opt.clients, 'clients', 1, 16);
const DB = opt.database === 'pglite' ? 'pglite' : 'postgres';
const children = new Set<ChildProcess>();
const hardStop = setTimeout(
  () => {
    process.stderr.write('soak: over its time, giving up\n');
    for (const c of children) c.kill('SIGKILL');
    process.exit(2);
  },
  (MINUTES + 10) * 60_000,
);
hardStop.unref();

const r1 = (n: number) => Math.round(n * 10) / 10;
const mb = (b: number) => r1(b / 2 ** 20);

async function main() {
  const server = fork(path.join(here, 'load/chargedesk-server.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_DB: DB, BENCH_CHARGERS: String(N) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(server);
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (m: { ready?: number }) => (m.ready ? resolve(m.ready) : reject(new Error('no port'))));
    server.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  const memory = () =>
    new Promise<NodeJS.MemoryUsage>((resolve) => {
      const on = (m: { memory?: NodeJS.MemoryUsage }) => {
        if (!m.memory) return;
        server.off('message', on);
        resolve(m.memory);
      };
      server.on('message', on);
      server.send({ cmd: 'memory' });
    });
  const clients = Array.from({ length: CLIENTS }, (_, i) => {
    const child = fork(path.join(here, 'load/client.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LOAD_ADDRESS: `127.0.0.${10 + i}` },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    let seq = 0;
    const ask = <T>(m: Record<string, unknown>) =>
      new Promise<T>((resolve, reject) => {
        const id = ++seq;
        const on = (x: { id: number; result?: T; error?: string }) => {
          if (x.id !== id) return;
          child.off('message', on);
          if (x.error) reject(new Error(x.error));
          else resolve(x.result as T);
        };
        child.on('message', on);
        child.send({ id, m });
      });
    return { child, ask };
  });
  const ids = Array.from({ length: N }, (_, k) => `LOAD${String(k + 1).padStart(6, '0')}`);
  await Promise.all(clients.map((c, i) => c.ask({ cmd: 'init', url: `ws://127.0.0.1:${port}/ocpp`, ids: ids.filter((_x, k) => k % CLIENTS === i) })));
  await Promise.all(clients.map((c) => c.ask({ cmd: 'connect', boot: true, concurrency: 50 })));

  const samples: { minute: number; rssMb: number; heapUsedMb: number; loadAvg1m: number }[] = [];
  const t0 = Date.now();
  const sample = async () => {
    const m = await memory();
    const s = { minute: r1((Date.now() - t0) / 60_000), rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), loadAvg1m: r1(os.loadavg()[0]) };
    samples.push(s);
    process.stdout.write(`soak ${JSON.stringify(s)}\n`);
    return s;
  };
  const start = await sample();
  const ticker = setInterval(() => void sample(), 60_000);
  const run = Promise.all(
    clients.map((c) =>
      c.ask<{ sessions: number; messages: number; errors: number }>({
        cmd: 'soak',
        seconds: MINUTES * 60,
        meterEveryS: num(opt['meter-every-s'], 'meter-every-s', 1, 600),
        sessionS: num(opt['session-minutes'], 'session-minutes', 0.1, 600) * 60,
      }),
    ),
  );
  await new Promise((r) => setTimeout(r, WARMUP * 60_000));
  const warm = await sample();
  const counts = await run;
  clearInterval(ticker);
  const end = await sample();
  const hours = Math.max(1e-9, (end.minute - warm.minute) / 60);
  const result = {
    benchmark: 'soak',
    at: new Date(t0).toISOString(),
    database: DB,
    chargers: N,
    minutes: MINUTES,
    warmupMinutes: WARMUP,
    sessions: counts.reduce((s, c) => s + c.sessions, 0),
    messages: counts.reduce((s, c) => s + c.messages, 0),
    errors: counts.reduce((s, c) => s + c.errors, 0),
    memory: {
      start,
      afterWarmup: warm,
      end,
      growthPerHour: { rssMb: r1((end.rssMb - warm.rssMb) / hours), heapUsedMb: r1((end.heapUsedMb - warm.heapUsedMb) / hours) },
    },
    samples,
    machine: { cpus: os.cpus().length, loadAverageEnd: os.loadavg().map(r1) },
  };
  process.stdout.write(`${JSON.stringify({ ...result, samples: undefined }, null, 2)}\n`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', `soak-${DB}.json`), `${JSON.stringify(result, null, 2)}\n`);
  for (const c of clients) c.child.disconnect();
  server.send({ cmd: 'shutdown' });
  await new Promise((r) => server.once('exit', r));
}

main().catch((err) => {
  process.stderr.write(`soak failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
