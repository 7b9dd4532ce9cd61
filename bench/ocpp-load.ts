/**
 * The OCPP hot path under load (`npm run bench:load -- [options]`), ChargeDesk side by side with a
 * bare `ws` server that answers every CALL with a CALLRESULT, driven by the same client processes
 * in the same run (bench/load/client.ts: plain `ws` sockets, each process on its own source address
 * 127.0.0.x). Per target (bare, postgres, pglite):
 *
 * 1. console API latency idle (charger list, dashboard; ChargeDesk only);
 * 2. MeterValues with 10 sampled values, each charger sending the next as soon as the last is
 *    answered (a charger may send 20 CALLs/s, docs/ocpp.md, so saturation needs enough chargers:
 *    answers "rate limited" count as errors), for --meter-seconds: acknowledged per second and p50/p95/p99; the console API
 *    measured meanwhile;
 * 3. sessions of --stop-mv meter values each, then StopTransaction: Stop p50/p99;
 * 4. --idle chargers connected (BootNotification) and idle: server RSS per charger, then one
 *    Heartbeat each within --heartbeat-window seconds: Heartbeat p99;
 * 5. the same chargers closed and reconnecting at once (retrying after 1–3 s when refused, up
 *    to --storm-deadline s): time until all are accepted, failures, Boot p99.
 *
 * The server's CPU (% of one core) and RSS are sampled from /proc per phase with each core's busy
 * share and the 1-minute load average (other work on the machine skews every figure: compare the
 * ratios to the bare server of the same run). PostgreSQL runs on 127.0.0.1:5432 (BENCH_PG_URL),
 * in a database of its own, created and dropped. Writes bench/results/ocpp-load.json (or --name)
 * and prints a table. Every loop is bounded; the run gives up after --timeout-s.
 *
 * Options: --targets bare,postgres,pglite --clients 4 --meter-chargers 200 --meter-seconds 15
 *   --stop-chargers 20 --stop-mv 500 --idle 4000 --heartbeat-window 20 --storm-deadline 90
 *   --profile (node --cpu-prof on the ChargeDesk server; profiles in bench/results/profiles/)
 *   --name ocpp-load --timeout-s 1800
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Sampler, summary } from './load/proc.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const { values: opt } = parseArgs({
  options: {
    targets: { type: 'string', default: 'bare,postgres,pglite' },
    clients: { type: 'string', default: '4' },
    'meter-chargers': { type: 'string', default: '200' },
    'meter-seconds': { type: 'string', default: '15' },
    'stop-chargers': { type: 'string', default: '20' },
    'stop-mv': { type: 'string', default: '500' },
    idle: { type: 'string', default: '4000' },
    'heartbeat-window': { type: 'string', default: '20' },
    'storm-deadline': { type: 'string', default: '90' },
    profile: { type: 'boolean', default: false },
    name: { type: 'string', default: 'ocpp-load' },
    'timeout-s': { type: 'string', default: '1800' },
  },
});

const int = (v: string | undefined, name: string, min: number, max: number): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return n;
};
const CLIENTS = int(opt.clients, 'clients', 1, 16);
const METER_N = int(opt['meter-chargers'], 'meter-chargers', 0, 5000);
const METER_S = int(opt['meter-seconds'], 'meter-seconds', 1, 600);
const STOP_N = int(opt['stop-chargers'], 'stop-chargers', 0, 1000);
const STOP_MV = int(opt['stop-mv'], 'stop-mv', 1, 2000);
const IDLE_N = int(opt.idle, 'idle', 0, 60_000);
const HB_S = int(opt['heartbeat-window'], 'heartbeat-window', 1, 600);
const STORM_S = int(opt['storm-deadline'], 'storm-deadline', 5, 600);
const TIMEOUT_S = int(opt['timeout-s'], 'timeout-s', 10, 7200);
const NAME = String(opt.name).replace(/[^A-Za-z0-9_.-]/g, '_');
const TARGETS = String(opt.targets).split(',').map((t) => t.trim()).filter(Boolean);
for (const t of TARGETS) if (!['bare', 'postgres', 'pglite'].includes(t)) throw new Error(`unknown target ${t}`);

const watchdog = setTimeout(() => {
  process.stderr.write(`bench: no result within ${TIMEOUT_S} s, giving up\n`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(2);
}, TIMEOUT_S * 1000);
watchdog.unref();

const children = new Set<ChildProcess>();
const tsx = ['--import', 'tsx'];

/** Forks a TypeScript child and waits for its `{ ready }` message. */
function spawnServer(file: string, env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(here, file), [], { execArgv: [...tsx, ...execArgv], env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once('message', (m: { ready?: number }) => (m.ready ? resolve({ child, port: m.ready }) : reject(new Error('no port'))));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.send({ cmd: 'shutdown' });
  const t = setTimeout(() => child.kill('SIGKILL'), 40_000);
  await exited;
  clearTimeout(t);
}

/** One load client process and its request/answer channel. */
class LoadClient {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly child: ChildProcess;

  constructor(index: number) {
    this.child = fork(path.join(here, 'load/client.ts'), [], { execArgv: tsx, env: { ...process.env, LOAD_ADDRESS: `127.0.0.${10 + index}` }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.add(this.child);
    this.child.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error)); else w?.resolve(m.result);
    });
    this.child.once('exit', () => {
      children.delete(this.child);
      for (const w of this.waiting.values()) w.reject(new Error('load client exited'));
    });
  }

  ask<T>(m: Record<string, unknown>): Promise<T> {
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, m });
    });
  }

  stop(): void {
    this.child.disconnect();
  }
}

/** Splits `ids` over the clients (round robin) and sends each its share. */
async function group(clients: LoadClient[], url: string, ids: string[]): Promise<LoadClient[]> {
  await Promise.all(clients.map((c, i) => c.ask({ cmd: 'init', url, ids: ids.filter((_x, k) => k % clients.length === i) })));
  return clients;
}

const all = async <T>(clients: LoadClient[], m: Record<string, unknown>) => Promise.all(clients.map((c) => c.ask<T>(m)));
const flat = <T>(rs: T[], f: (r: T) => number[]) => rs.flatMap(f);
const ids = (from: number, n: number) => Array.from({ length: n }, (_, k) => `LOAD${String(from + k + 1).padStart(6, '0')}`);
const r1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sequential console API calls for `ms` (or at least `min` calls): latency per path. */
async function apiLatency(base: string, token: string, ms: number, min = 20): Promise<Record<string, ReturnType<typeof summary>>> {
  const paths = { chargerList: '/sp/charger', dashboard: '/sp/dashboard' };
  const lat: Record<string, number[]> = { chargerList: [], dashboard: [] };
  const until = performance.now() + ms;
  for (let i = 0; i < 10_000 && (performance.now() < until || i < min); i++) {
    for (const [k, p] of Object.entries(paths)) {
      const t0 = performance.now();
      const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.ok) lat[k].push(performance.now() - t0);
    }
    await sleep(50);
  }
  return Object.fromEntries(Object.entries(lat).map(([k, v]) => [k, summary(v)]));
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/sp/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bench-Admin-Pass-1' }) });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error('bench login failed');
  return body.data.token;
}

type Lat = { lat: number[]; errors: number };

async function runTarget(target: string): Promise<Record<string, unknown>> {
  const total = METER_N + STOP_N + IDLE_N;
  const profileDir = path.join(here, 'results', 'profiles');
  if (opt.profile) fs.mkdirSync(profileDir, { recursive: true });
  const { child: server, port } = target === 'bare'
    ? await spawnServer('load/bare-server.ts', {})
    : await spawnServer('load/chargedesk-server.ts', { BENCH_DB: target, BENCH_CHARGERS: String(total) },
      opt.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, target)}`] : []);
  const url = target === 'bare' ? `ws://127.0.0.1:${port}/ocpp` : `ws://127.0.0.1:${port}/ocpp`;
  const base = `http://127.0.0.1:${port}`;
  const out: Record<string, unknown> = { target };
  const sampler = new Sampler(server.pid!);
  const log = (s: string) => process.stdout.write(`[${target}] ${s}\n`);
  const token = target === 'bare' ? '' : await login(base);

  if (token) {
    out.apiIdle = await apiLatency(base, token, 3000);
    log(`API idle ${JSON.stringify(out.apiIdle)}`);
  }

  // MeterValues at saturation.
  if (METER_N) {
    const clients = await group(Array.from({ length: CLIENTS }, (_, i) => new LoadClient(i)), url, ids(0, METER_N));
    await all(clients, { cmd: 'connect', boot: true, concurrency: 50 });
    sampler.start();
    const t0 = performance.now();
    const api = token ? apiLatency(base, token, METER_S * 1000 - 500, 5) : Promise.resolve(undefined);
    const rs = await all<Lat & { startMs: number[]; windowMs: number }>(clients, { cmd: 'meter', seconds: METER_S });
    // Acknowledged per second of the metering window (each client times its own, after its sessions' Starts).
    const wall = Math.max(...rs.map((r) => r.windowMs)) / 1000;
    const acked = rs.reduce((s, r) => s + r.lat.length, 0);
    out.meterValues = {
      chargers: METER_N, seconds: r1(wall), phaseSeconds: r1((performance.now() - t0) / 1000), acked, perSecond: r1(acked / wall), errors: rs.reduce((s, r) => s + r.errors, 0),
      latencyMs: summary(flat(rs, (r) => r.lat)), startTransactionMs: summary(flat(rs, (r) => r.startMs)), server: sampler.stop(),
    };
    out.apiUnderLoad = await api;
    log(`MeterValues ${JSON.stringify(out.meterValues)}`);
    if (out.apiUnderLoad) log(`API under load ${JSON.stringify(out.apiUnderLoad)}`);
    await all(clients, { cmd: 'close' });
    clients.forEach((c) => c.stop());
  }

  // Sessions of STOP_MV meter values, then Stop.
  if (STOP_N && target !== 'bare') {
    const clients = await group(Array.from({ length: CLIENTS }, (_, i) => new LoadClient(i)), url, ids(METER_N, STOP_N));
    await all(clients, { cmd: 'connect', boot: true, concurrency: 50 });
    sampler.start();
    const rs = await all<{ mv: number[]; stop: number[]; errors: number }>(clients, { cmd: 'sessions', meterValues: STOP_MV });
    out.stopAfterMeterValues = { sessions: STOP_N, meterValuesPerSession: STOP_MV, stopMs: summary(flat(rs, (r) => r.stop)), meterValuesMs: summary(flat(rs, (r) => r.mv)), errors: rs.reduce((s, r) => s + r.errors, 0), server: sampler.stop() };
    log(`Stop after ${STOP_MV} MeterValues ${JSON.stringify(out.stopAfterMeterValues)}`);
    await all(clients, { cmd: 'close' });
    clients.forEach((c) => c.stop());
  }

  // Idle chargers: RSS per charger, Heartbeat latency; then the reconnect storm.
  if (IDLE_N) {
    const clients = await group(Array.from({ length: CLIENTS }, (_, i) => new LoadClient(i)), url, ids(METER_N + STOP_N, IDLE_N));
    await sleep(2000);
    sampler.start();
    const before = sampler.stop().rssMb;
    sampler.start();
    const t0 = performance.now();
    const conn = await all<{ connected: number; failed: number; errors: Record<string, number>; boot: number[] }>(clients, { cmd: 'connect', boot: true, concurrency: 100 });
    const connectS = (performance.now() - t0) / 1000;
    await sleep(3000);
    const after = sampler.stop();
    const connected = conn.reduce((s, r) => s + r.connected, 0);
    sampler.start();
    const hb = await all<Lat>(clients, { cmd: 'heartbeat', seconds: HB_S });
    out.idle = {
      chargers: IDLE_N, connected, failed: conn.reduce((s, r) => s + r.failed, 0), connectSeconds: r1(connectS),
      rssBeforeMb: before, rssAfterMb: after.rssMb, kbPerCharger: r1(((after.rssMb - before) * 1024) / Math.max(1, connected)),
      heartbeatMs: summary(flat(hb, (r) => r.lat)), heartbeatErrors: hb.reduce((s, r) => s + r.errors, 0), server: sampler.stop(),
    };
    log(`idle ${JSON.stringify(out.idle)}`);
    await all(clients, { cmd: 'close' });
    await sleep(2000);
    sampler.start();
    const storm = await all<{ accepted: number; failures: number; errors: Record<string, number>; lastAcceptMs: number; boot: number[] }>(clients, { cmd: 'storm', deadlineS: STORM_S });
    const errors: Record<string, number> = {};
    for (const s of storm) for (const [k, v] of Object.entries(s.errors)) errors[k] = (errors[k] ?? 0) + v;
    out.storm = {
      chargers: IDLE_N, accepted: storm.reduce((s, r) => s + r.accepted, 0), allAcceptedSeconds: r1(Math.max(...storm.map((s) => s.lastAcceptMs)) / 1000),
      failures: storm.reduce((s, r) => s + r.failures, 0), errors, bootMs: summary(flat(storm, (r) => r.boot)), server: sampler.stop(),
    };
    log(`storm ${JSON.stringify(out.storm)}`);
    await all(clients, { cmd: 'close' });
    clients.forEach((c) => c.stop());
  }
  await stopChild(server);
  return out;
}

function table(results: Record<string, Record<string, any>>): string { // eslint-disable-line @typescript-eslint/no-explicit-any -- report shapes differ per phase
  const cols = TARGETS;
  const bare = results.bare;
  const cell = (t: string, f: (r: Record<string, any>) => unknown) => { // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
    try {
      const v = f(results[t]);
      return v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v)) ? '—' : String(v);
    } catch {
      return '—';
    }
  };
  const pct = (t: string) => (bare?.meterValues && t !== 'bare' ? ` (${r1((results[t].meterValues.perSecond / bare.meterValues.perSecond) * 100)} % of bare)` : '');
  const rows: [string, (t: string) => string][] = [
    ['MeterValues (10 samples) acked / s', (t) => cell(t, (r) => r.meterValues.perSecond) + cell(t, () => pct(t))],
    ['MeterValues p50 / p99 ms', (t) => cell(t, (r) => `${r.meterValues.latencyMs.p50} / ${r.meterValues.latencyMs.p99}`)],
    ['server CPU % / cores busy % (meter)', (t) => cell(t, (r) => `${r.meterValues.server.cpuPct} / ${r.meterValues.server.coresBusyPct.join('+')}`)],
    [`Stop after ${STOP_MV} MV p50 / p99 ms`, (t) => cell(t, (r) => `${r.stopAfterMeterValues.stopMs.p50} / ${r.stopAfterMeterValues.stopMs.p99}`)],
    [`idle chargers connected`, (t) => cell(t, (r) => `${r.idle.connected} / ${r.idle.chargers}`)],
    ['RSS per idle charger KB', (t) => cell(t, (r) => r.idle.kbPerCharger)],
    ['Heartbeat p50 / p99 ms', (t) => cell(t, (r) => `${r.idle.heartbeatMs.p50} / ${r.idle.heartbeatMs.p99}`)],
    ['storm: accepted, all in s, failures', (t) => cell(t, (r) => `${r.storm.accepted}, ${r.storm.allAcceptedSeconds} s, ${r.storm.failures}`)],
    ['storm: Boot p99 ms', (t) => cell(t, (r) => r.storm.bootMs.p99)],
    ['charger list p95 ms idle / load', (t) => cell(t, (r) => `${r.apiIdle.chargerList.p95} / ${r.apiUnderLoad.chargerList.p95}`)],
    ['dashboard p95 ms idle / load', (t) => cell(t, (r) => `${r.apiIdle.dashboard.p95} / ${r.apiUnderLoad.dashboard.p95}`)],
    ['server peak RSS MB', (t) => cell(t, (r) => Math.max(r.meterValues?.server.peakRssMb ?? 0, r.idle?.server.peakRssMb ?? 0, r.storm?.server.peakRssMb ?? 0))],
    ['load average (1 min) in meter phase', (t) => cell(t, (r) => r.meterValues.server.loadAvg1m)],
  ];
  const w0 = Math.max(...rows.map(([l]) => l.length));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map(([, f]) => f(c).length)));
  const line = (a: string, cs: string[]) => `| ${a.padEnd(w0)} | ${cs.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line('what', cols), line('-'.repeat(w0), widths.map((w) => '-'.repeat(w))), ...rows.map(([l, f]) => line(l, cols.map(f)))].join('\n');
}

async function main() {
  const startedAt = new Date().toISOString();
  const uptimeBefore = os.loadavg().map(r1);
  const results: Record<string, Record<string, unknown>> = {};
  const outDir = path.join(here, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  for (const t of TARGETS) {
    results[t] = { loadAverageAtStart: os.loadavg().map(r1), ...(await runTarget(t)) };
    // Written after each target, so a run cut short keeps what it measured.
    fs.writeFileSync(path.join(outDir, `${NAME}.partial.json`), `${JSON.stringify(results, null, 2)}\n`);
  }
  fs.rmSync(path.join(outDir, `${NAME}.partial.json`), { force: true });
  const result = {
    name: NAME, benchmark: 'ocpp-load', at: startedAt,
    parameters: { targets: TARGETS, clients: CLIENTS, meterChargers: METER_N, meterSeconds: METER_S, stopChargers: STOP_N, stopMeterValues: STOP_MV, idle: IDLE_N, heartbeatWindowS: HB_S, stormDeadlineS: STORM_S },
    machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', loadAverageBefore: uptimeBefore, loadAverageAfter: os.loadavg().map(r1) },
    results,
  };
  const text = table(results);
  process.stdout.write(`\n${text}\nload average before ${uptimeBefore.join(' ')}, after ${result.machine.loadAverageAfter.join(' ')}\n`);
  fs.writeFileSync(path.join(outDir, `${NAME}.json`), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, `${NAME}.md`), `${text}\n\nload average (1/5/15 min) before ${uptimeBefore.join(' ')}, after ${result.machine.loadAverageAfter.join(' ')}; ${startedAt}\n`);
  process.stdout.write(`written bench/results/${NAME}.json and .md\n`);
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
}).finally(() => {
  for (const c of children) c.kill('SIGTERM');
});
