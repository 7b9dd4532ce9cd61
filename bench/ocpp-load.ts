/**
 * The OCPP hot path under load (`npm run bench:load -- [options]`), ChargeDesk side by side with a
 * bare `ws` server that answers every CALL with a CALLRESULT, driven by the same client processes
 * in the same run (bench/load/client.ts: plain `ws` sockets, process i on source address
 * 127.0.0.(10+i), and on 127.0.j.(10+i) too when it holds more than PER_ADDRESS sockets). Per
 * target (bare, postgres, pglite):
 *
 * 1. console API latency idle (charger list, dashboard; ChargeDesk only);
 * 2. MeterValues with 10 sampled values, each charger sending the next as soon as the last is
 *    answered (a charger may send 20 CALLs/s, docs/ocpp.md, so saturation needs enough chargers:
 *    answers "rate limited" count as errors), for --meter-seconds: acknowledged per second and
 *    p50/p95/p99; the console API measured meanwhile;
 * 3. paced MeterValues: the same --meter-chargers chargers send at a fixed total rate of
 *    --paced-rate per second (each every chargers / rate seconds, from a random offset), for
 *    --meter-seconds: the rate achieved, p50/p99 at that rate, and the console API meanwhile;
 * 4. sessions of --stop-mv meter values each, then StopTransaction: Stop p50/p99;
 * 5. --idle chargers connected (BootNotification) and idle: server RSS per charger, then one
 *    Heartbeat each within --heartbeat-window seconds: Heartbeat p99;
 * 6. the reconnect storm: --storm of those chargers closed (the other idle ones stay connected;
 *    a storm larger than --idle closes them all and adds the meter and stop phases' chargers, and
 *    beyond those chargers that never connected: `--idle 0 --storm N` is a storm from cold) and
 *    reconnecting at once (retrying after 1–3 s when refused, up to --storm-deadline s): accepted,
 *    time until all are accepted, failures, resets (ECONNRESET, and those on a charger's first
 *    attempt), Boot p99; and the kernel's side: the machine's listen-queue overflows and drops
 *    during the storm (/proc/net/netstat) and the server port's accept-queue depth (`ss`, every
 *    50 ms; bench/load/kernel.ts).
 *
 * The server's CPU (% of one core) and RSS, each core's busy share, the CPU of all the machine's
 * `postgres` processes (% of one core) and the load average at the start and end are sampled from
 * /proc per phase (other work on the machine skews every figure: compare the ratios to the bare
 * server of the same run). PostgreSQL runs on 127.0.0.1:5432 (BENCH_PG_URL), in a database of its
 * own, created and dropped, with meter + stop + idle chargers. The run refuses sizes that would
 * not fit the descriptor limit (`ulimit -n`, inherited by the server and the clients; the server
 * keeps FD_RESERVE of them for itself). Writes bench/results/ocpp-load.json (or --name) and
 * prints a table. Every loop is bounded; the run gives up after --timeout-s.
 *
 * Options: --targets bare,postgres,pglite --clients 4 --meter-chargers 200 --meter-seconds 15
 *   --paced-rate 1000 (0 = skip) --stop-chargers 20 --stop-mv 500 --idle 4000
 *   --heartbeat-window 20 --storm min(idle, 10000) (0 = skip)
 *   --storm-deadline 90 --accept-process 1 (ChargeDesk behind its accepting process, as `npm start`
 *   runs it; 0: one process; the server's CPU and RSS are both processes' together)
 *   --profile (node --cpu-prof on the ChargeDesk server; profiles in bench/results/profiles/)
 *   --name ocpp-load --timeout-s 1800
 *   e.g. the goals at full size: --idle 19500 (storm 10 000, paced 1 000 / s).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FD_RESERVE, openFileLimit } from '../server/ocpp/fd-limit.js';
import { all, flat, giveUpAfter, group, ids, intOption, killChildren, LoadClient, r1, share, sleep, spawnServer, stopChild, sum } from './load/harness.js';
import { Sampler, summary } from './load/proc.js';
import { AcceptQueueSampler, counterDelta, listenCounters } from './load/kernel.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The storm's Boots by the second they were sent in (after the storm's start): count, p50, p99 (ms). */
function bootsBySecond(storm: readonly { boot: number[]; bootSentMs: number[] }[]): { second: number; n: number; p50: number; p99: number }[] {
  const by = new Map<number, number[]>();
  for (const r of storm)
    r.boot.forEach((ms, k) => {
      const sec = Math.floor((r.bootSentMs[k] ?? 0) / 1000);
      const list = by.get(sec);
      if (list) list.push(ms);
      else by.set(sec, [ms]);
    });
  return [...by]
    .sort((a, b) => a[0] - b[0])
    .map(([second, list]) => {
      const { n, p50, p99 } = summary(list);
      return { second, n, p50, p99 };
    });
}

const { values: opt } = parseArgs({
  options: {
    targets: { type: 'string', default: 'bare,postgres,pglite' },
    clients: { type: 'string', default: '4' },
    'meter-chargers': { type: 'string', default: '200' },
    'meter-seconds': { type: 'string', default: '15' },
    'paced-rate': { type: 'string', default: '1000' },
    'stop-chargers': { type: 'string', default: '20' },
    'stop-mv': { type: 'string', default: '500' },
    idle: { type: 'string', default: '4000' },
    'heartbeat-window': { type: 'string', default: '20' },
    storm: { type: 'string' },
    'storm-deadline': { type: 'string', default: '90' },
    'accept-process': { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    name: { type: 'string', default: 'ocpp-load' },
    'timeout-s': { type: 'string', default: '1800' },
  },
});

const CLIENTS = intOption(opt.clients, 'clients', 1, 16);
const METER_N = intOption(opt['meter-chargers'], 'meter-chargers', 0, 5000);
const METER_S = intOption(opt['meter-seconds'], 'meter-seconds', 1, 600);
const STOP_N = intOption(opt['stop-chargers'], 'stop-chargers', 0, 1000);
const STOP_MV = intOption(opt['stop-mv'], 'stop-mv', 1, 2000);
const IDLE_N = intOption(opt.idle, 'idle', 0, 60_000);
const HB_S = intOption(opt['heartbeat-window'], 'heartbeat-window', 1, 600);
const STORM_S = intOption(opt['storm-deadline'], 'storm-deadline', 5, 600);
/** ChargeDesk behind its accepting process (ACCEPT_PROCESS, the default of `npm start`), or alone (0). */
const ACCEPT = intOption(opt['accept-process'], 'accept-process', 0, 1) === 1;
const STORM_N = opt.storm === undefined ? Math.min(IDLE_N, 10_000) : intOption(opt.storm, 'storm', 0, 60_000);
/** Chargers provisioned in the ChargeDesk server (BENCH_CHARGERS): every phase's, or the storm's when larger (then it adds chargers never connected before). */
const PROVISIONED = Math.max(METER_N + STOP_N + IDLE_N, STORM_N);
const PACED_R = intOption(opt['paced-rate'], 'paced-rate', 0, 100_000);
/** The server answers "rate limited" above 20 CALLs/s per charger: a paced charger's interval stays above this. */
const MIN_INTERVAL_MS = 55;
const PACED_INTERVAL_MS = PACED_R && METER_N ? (METER_N * 1000) / PACED_R : 0;
if (PACED_INTERVAL_MS && PACED_INTERVAL_MS < MIN_INTERVAL_MS) {
  throw new Error(
    `--paced-rate ${PACED_R} over ${METER_N} chargers is one MeterValues every ${r1(PACED_INTERVAL_MS)} ms each, over the server's 20 CALLs/s per charger: use at least ${Math.ceil((PACED_R * MIN_INTERVAL_MS) / 1000)} --meter-chargers`,
  );
}
const TIMEOUT_S = intOption(opt['timeout-s'], 'timeout-s', 10, 7200);
const NAME = String(opt.name).replace(/[^A-Za-z0-9_.-]/g, '_');
const TARGETS = String(opt.targets)
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
for (const t of TARGETS) if (!['bare', 'postgres', 'pglite'].includes(t)) throw new Error(`unknown target ${t}`);

/** Sockets one source address holds at most (the kernel's ephemeral range is about 28 000 ports). */
const PER_ADDRESS = 8000;
/** The most sockets open at once at the server (the phases close theirs before the next). */
const PEAK_SOCKETS = Math.max(METER_N, STOP_N, IDLE_N, STORM_N);
const PER_CLIENT = Math.ceil(PEAK_SOCKETS / CLIENTS);
const ADDRESSES_PER_CLIENT = Math.max(1, Math.ceil(PER_CLIENT / PER_ADDRESS));
{
  const limit = openFileLimit();
  if (limit !== null && PEAK_SOCKETS > limit - FD_RESERVE) {
    throw new Error(
      `${PEAK_SOCKETS} chargers at once do not fit the server's descriptor limit ${limit} (minus ${FD_RESERVE} kept for itself): raise ulimit -n or lower --idle / --storm`,
    );
  }
  if (limit !== null && PER_CLIENT + 64 > limit) throw new Error(`${PER_CLIENT} sockets per load client over the descriptor limit ${limit}: raise --clients`);
}

giveUpAfter(TIMEOUT_S);

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
  const res = await fetch(`${base}/sp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-Admin-Pass-1' }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error('bench login failed');
  return body.data.token;
}

type Lat = { lat: number[]; errors: number };

async function runTarget(target: string): Promise<Record<string, unknown>> {
  const profileDir = path.join(here, 'results', 'profiles');
  if (opt.profile) fs.mkdirSync(profileDir, { recursive: true });
  const {
    child: server,
    port,
    pids,
  } = target === 'bare'
    ? await spawnServer('load/bare-server.ts', {})
    : await spawnServer(
        'load/chargedesk-server.ts',
        { BENCH_DB: target, BENCH_CHARGERS: String(PROVISIONED), BENCH_ACCEPT: ACCEPT ? '1' : '0' },
        opt.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, target)}`] : [],
      );
  const url = target === 'bare' ? `ws://127.0.0.1:${port}/ocpp` : `ws://127.0.0.1:${port}/ocpp`;
  const base = `http://127.0.0.1:${port}`;
  const out: Record<string, unknown> = { target };
  const sampler = new Sampler(pids);
  const log = (s: string) => process.stdout.write(`[${target}] ${s}\n`);
  const token = target === 'bare' ? '' : await login(base);

  if (token) {
    out.apiIdle = await apiLatency(base, token, 3000);
    log(`API idle ${JSON.stringify(out.apiIdle)}`);
  }

  // MeterValues at saturation.
  if (METER_N) {
    const clients = await group(
      Array.from({ length: CLIENTS }, (_, i) => new LoadClient(i, ADDRESSES_PER_CLIENT)),
      url,
      ids(0, METER_N),
    );
    await all(clients, { cmd: 'connect', boot: true, concurrency: 50 });
    sampler.start();
    const t0 = performance.now();
    const api = token ? apiLatency(base, token, METER_S * 1000 - 500, 5) : Promise.resolve(undefined);
    const rs = await all<Lat & { startMs: number[]; windowMs: number }>(clients, { cmd: 'meter', seconds: METER_S });
    // Acknowledged per second of the metering window (each client times its own, after its sessions' Starts).
    const wall = Math.max(...rs.map((r) => r.windowMs)) / 1000;
    const acked = rs.reduce((s, r) => s + r.lat.length, 0);
    out.meterValues = {
      chargers: METER_N,
      seconds: r1(wall),
      phaseSeconds: r1((performance.now() - t0) / 1000),
      acked,
      perSecond: r1(acked / wall),
      errors: rs.reduce((s, r) => s + r.errors, 0),
      latencyMs: summary(flat(rs, (r) => r.lat)),
      startTransactionMs: summary(flat(rs, (r) => r.startMs)),
      server: sampler.stop(),
    };
    out.apiUnderLoad = await api;
    log(`MeterValues ${JSON.stringify(out.meterValues)}`);
    if (out.apiUnderLoad) log(`API under load ${JSON.stringify(out.apiUnderLoad)}`);

    // The same chargers at a fixed total rate (goal 1's rate, not saturation), the console meanwhile.
    if (PACED_R) {
      await sleep(3000);
      sampler.start();
      const apiPaced = token ? apiLatency(base, token, METER_S * 1000 - 500, 5) : Promise.resolve(undefined);
      const ps = await all<Lat & { sent: number; lastAnswerMs: number }>(clients, { cmd: 'paced', seconds: METER_S, intervalMs: PACED_INTERVAL_MS });
      const acked = sum(ps, (r) => r.lat.length);
      out.pacedMeterValues = {
        chargers: METER_N,
        targetPerSecond: PACED_R,
        intervalMsPerCharger: r1(PACED_INTERVAL_MS),
        seconds: METER_S,
        sent: sum(ps, (r) => r.sent),
        acked,
        achievedPerSecond: r1(acked / METER_S),
        errors: sum(ps, (r) => r.errors),
        lastAnswerSeconds: r1(Math.max(...ps.map((r) => r.lastAnswerMs)) / 1000),
        latencyMs: summary(flat(ps, (r) => r.lat)),
        server: sampler.stop(),
      };
      out.apiUnderPaced = await apiPaced;
      log(`MeterValues at ${PACED_R}/s ${JSON.stringify(out.pacedMeterValues)}`);
      if (out.apiUnderPaced) log(`API at ${PACED_R} MeterValues/s ${JSON.stringify(out.apiUnderPaced)}`);
    }
    await all(clients, { cmd: 'close' });
    for (const c of clients) c.stop();
  }

  // Sessions of STOP_MV meter values, then Stop.
  if (STOP_N && target !== 'bare') {
    const clients = await group(
      Array.from({ length: CLIENTS }, (_, i) => new LoadClient(i, ADDRESSES_PER_CLIENT)),
      url,
      ids(METER_N, STOP_N),
    );
    await all(clients, { cmd: 'connect', boot: true, concurrency: 50 });
    sampler.start();
    const rs = await all<{ mv: number[]; stop: number[]; errors: number }>(clients, { cmd: 'sessions', meterValues: STOP_MV });
    out.stopAfterMeterValues = {
      sessions: STOP_N,
      meterValuesPerSession: STOP_MV,
      stopMs: summary(flat(rs, (r) => r.stop)),
      meterValuesMs: summary(flat(rs, (r) => r.mv)),
      errors: rs.reduce((s, r) => s + r.errors, 0),
      server: sampler.stop(),
    };
    log(`Stop after ${STOP_MV} MeterValues ${JSON.stringify(out.stopAfterMeterValues)}`);
    await all(clients, { cmd: 'close' });
    for (const c of clients) c.stop();
  }

  // Idle chargers: RSS per charger, Heartbeat latency; then the reconnect storm of STORM_N of them
  // (the first STORM_N idle ones, plus the meter and stop phases' chargers when larger than IDLE_N).
  if (IDLE_N || STORM_N) {
    const idleIds = ids(METER_N + STOP_N, IDLE_N);
    const extraIds = ids(0, Math.max(0, STORM_N - IDLE_N));
    const clients = Array.from({ length: CLIENTS }, (_, i) => new LoadClient(i, ADDRESSES_PER_CLIENT));
    // Each client: its idle chargers first, then its extra storm chargers; the storm takes the
    // first stormCount[i] of that list (its share of the first STORM_N idle ones, plus the extra).
    const idleCount = clients.map((_c, i) => share(idleIds, CLIENTS, i).length);
    const stormCount = clients.map((_c, i) => share(idleIds.slice(0, Math.min(STORM_N, IDLE_N)), CLIENTS, i).length + share(extraIds, CLIENTS, i).length);
    await Promise.all(clients.map((c, i) => c.ask({ cmd: 'init', url, ids: [...share(idleIds, CLIENTS, i), ...share(extraIds, CLIENTS, i)] })));
    if (IDLE_N) {
      await sleep(2000);
      sampler.start();
      const before = sampler.stop().rssMb;
      sampler.start();
      const t0 = performance.now();
      const conn = await Promise.all(
        clients.map((c, i) =>
          c.ask<{ connected: number; failed: number; errors: Record<string, number>; boot: number[] }>({
            cmd: 'connect',
            boot: true,
            concurrency: 100,
            count: idleCount[i],
          }),
        ),
      );
      const connectS = (performance.now() - t0) / 1000;
      await sleep(3000);
      const after = sampler.stop();
      const connected = sum(conn, (r) => r.connected);
      sampler.start();
      const hb = await all<Lat>(clients, { cmd: 'heartbeat', seconds: HB_S });
      const connectErrors: Record<string, number> = {};
      for (const c of conn) for (const [k, v] of Object.entries(c.errors)) connectErrors[k] = (connectErrors[k] ?? 0) + v;
      out.idle = {
        chargers: IDLE_N,
        connected,
        failed: sum(conn, (r) => r.failed),
        connectErrors,
        connectSeconds: r1(connectS),
        connectServer: after,
        rssBeforeMb: before,
        rssAfterMb: after.rssMb,
        kbPerCharger: r1(((after.rssMb - before) * 1024) / Math.max(1, connected)),
        heartbeatMs: summary(flat(hb, (r) => r.lat)),
        heartbeatErrors: sum(hb, (r) => r.errors),
        server: sampler.stop(),
      };
      log(`idle ${JSON.stringify(out.idle)}`);
    }
    if (STORM_N) {
      const closed = await Promise.all(clients.map((c, i) => c.ask<{ open: number }>({ cmd: 'close', count: stormCount[i] })));
      await sleep(2000);
      sampler.start();
      // The kernel's side: listen-queue overflows and drops (the machine's counters) and this port's accept queue.
      const queue = new AcceptQueueSampler(port);
      const countersBefore = listenCounters();
      queue.start();
      type StormResult = {
        accepted: number;
        failures: number;
        resets: number;
        firstAttemptResets: number;
        firstAttemptFailures: number;
        errors: Record<string, number>;
        lastAcceptMs: number;
        boot: number[];
        bootSentMs: number[];
      };
      const storm = await Promise.all(
        clients.map((c, i) => c.ask<StormResult>({ cmd: 'storm', deadlineS: STORM_S, count: stormCount[i], startAt: Date.now() + 1000 })),
      );
      const acceptQueue = queue.stop();
      const listen = counterDelta(countersBefore, listenCounters());
      const errors: Record<string, number> = {};
      for (const r of storm) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
      out.storm = {
        chargers: STORM_N,
        stayedConnected: sum(closed, (r) => r.open),
        accepted: sum(storm, (r) => r.accepted),
        allAcceptedSeconds: r1(Math.max(...storm.map((r) => r.lastAcceptMs)) / 1000),
        failures: sum(storm, (r) => r.failures),
        firstAttemptFailures: sum(storm, (r) => r.firstAttemptFailures),
        resets: sum(storm, (r) => r.resets),
        firstAttemptResets: sum(storm, (r) => r.firstAttemptResets),
        errors,
        kernel: { listenOverflows: listen?.overflows ?? null, listenDrops: listen?.drops ?? null, machineWide: true, acceptQueue },
        bootMs: summary(flat(storm, (r) => r.boot)),
        bootMsBySecondSent: bootsBySecond(storm),
        server: sampler.stop(),
      };
      log(`storm ${JSON.stringify(out.storm)}`);
    }
    await all(clients, { cmd: 'close' });
    for (const c of clients) c.stop();
  }
  await stopChild(server);
  return out;
}

// biome-ignore lint/suspicious/noExplicitAny: report shapes differ per phase
function table(results: Record<string, Record<string, any>>): string {
  const cols = TARGETS;
  const bare = results.bare;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const cell = (t: string, f: (r: Record<string, any>) => unknown) => {
    try {
      const v = f(results[t]);
      return v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v)) ? '—' : String(v);
    } catch {
      return '—';
    }
  };
  const pct = (t: string) =>
    bare?.meterValues && t !== 'bare' ? ` (${r1((results[t].meterValues.perSecond / bare.meterValues.perSecond) * 100)} % of bare)` : '';
  const rows: [string, (t: string) => string][] = [
    ['MeterValues (10 samples) acked / s', (t) => cell(t, (r) => r.meterValues.perSecond) + cell(t, () => pct(t))],
    ['MeterValues p50 / p99 ms', (t) => cell(t, (r) => `${r.meterValues.latencyMs.p50} / ${r.meterValues.latencyMs.p99}`)],
    ['server CPU % / cores busy % (meter)', (t) => cell(t, (r) => `${r.meterValues.server.cpuPct} / ${r.meterValues.server.coresBusyPct.join('+')}`)],
    ['PostgreSQL CPU % (meter / paced)', (t) => cell(t, (r) => `${r.meterValues.server.postgresCpuPct} / ${r.pacedMeterValues?.server.postgresCpuPct ?? '—'}`)],
    [
      `MeterValues at ${PACED_R ? `${PACED_R}/s` : '— (paced off)'}: achieved, p50 / p99 ms`,
      (t) => cell(t, (r) => `${r.pacedMeterValues.achievedPerSecond}/s, ${r.pacedMeterValues.latencyMs.p50} / ${r.pacedMeterValues.latencyMs.p99}`),
    ],
    ['server CPU % / cores busy % (paced)', (t) => cell(t, (r) => `${r.pacedMeterValues.server.cpuPct} / ${r.pacedMeterValues.server.coresBusyPct.join('+')}`)],
    [`Stop after ${STOP_MV} MV p50 / p99 ms`, (t) => cell(t, (r) => `${r.stopAfterMeterValues.stopMs.p50} / ${r.stopAfterMeterValues.stopMs.p99}`)],
    [`idle chargers connected`, (t) => cell(t, (r) => `${r.idle.connected} / ${r.idle.chargers}`)],
    ['RSS per idle charger KB', (t) => cell(t, (r) => r.idle.kbPerCharger)],
    ['Heartbeat p50 / p99 ms', (t) => cell(t, (r) => `${r.idle.heartbeatMs.p50} / ${r.idle.heartbeatMs.p99}`)],
    [
      `storm (${STORM_N} at once): accepted, all in s, failures`,
      (t) => cell(t, (r) => `${r.storm.accepted}, ${r.storm.allAcceptedSeconds} s, ${r.storm.failures}`),
    ],
    ['storm: Boot p99 ms', (t) => cell(t, (r) => r.storm.bootMs.p99)],
    [
      'storm: resets (first attempts) / listen overflows, drops',
      (t) => cell(t, (r) => `${r.storm.resets} (${r.storm.firstAttemptResets}) / ${r.storm.kernel.listenOverflows}, ${r.storm.kernel.listenDrops}`),
    ],
    ['storm: accept queue deepest / backlog', (t) => cell(t, (r) => `${r.storm.kernel.acceptQueue.maxDepth} / ${r.storm.kernel.acceptQueue.backlog}`)],
    ['charger list p95 ms idle / load', (t) => cell(t, (r) => `${r.apiIdle.chargerList.p95} / ${r.apiUnderLoad.chargerList.p95}`)],
    ['dashboard p95 ms idle / load', (t) => cell(t, (r) => `${r.apiIdle.dashboard.p95} / ${r.apiUnderLoad.dashboard.p95}`)],
    [
      `charger list / dashboard p95 ms at ${PACED_R ? `${PACED_R}/s` : '— (paced off)'}`,
      (t) => cell(t, (r) => `${r.apiUnderPaced.chargerList.p95} / ${r.apiUnderPaced.dashboard.p95}`),
    ],
    [
      'server peak RSS MB',
      (t) =>
        cell(t, (r) =>
          Math.max(
            r.meterValues?.server.peakRssMb ?? 0,
            r.pacedMeterValues?.server.peakRssMb ?? 0,
            r.idle?.server.peakRssMb ?? 0,
            r.storm?.server.peakRssMb ?? 0,
          ),
        ),
    ],
    [
      'load average (1 min) meter phase start → end',
      (t) => cell(t, (r) => `${r.meterValues.server.loadAvgBefore[0]} → ${r.meterValues.server.loadAvgAfter[0]}`),
    ],
    ['load average (1 min) target start → end', (t) => cell(t, (r) => `${r.loadAverageAtStart[0]} → ${r.loadAverageAtEnd[0]}`)],
  ];
  const w0 = Math.max(...rows.map(([l]) => l.length));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map(([, f]) => f(c).length)));
  const line = (a: string, cs: string[]) => `| ${a.padEnd(w0)} | ${cs.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line('what', cols),
    line(
      '-'.repeat(w0),
      widths.map((w) => '-'.repeat(w)),
    ),
    ...rows.map(([l, f]) => line(l, cols.map(f))),
  ].join('\n');
}

async function main() {
  const startedAt = new Date().toISOString();
  const uptimeBefore = os.loadavg().map(r1);
  const results: Record<string, Record<string, unknown>> = {};
  const outDir = path.join(here, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  for (const t of TARGETS) {
    results[t] = { loadAverageAtStart: os.loadavg().map(r1), ...(await runTarget(t)) };
    results[t].loadAverageAtEnd = os.loadavg().map(r1);
    // Written after each target, so a run cut short keeps what it measured.
    fs.writeFileSync(path.join(outDir, `${NAME}.partial.json`), `${JSON.stringify(results, null, 2)}\n`);
  }
  fs.rmSync(path.join(outDir, `${NAME}.partial.json`), { force: true });
  const result = {
    name: NAME,
    benchmark: 'ocpp-load',
    at: startedAt,
    parameters: {
      targets: TARGETS,
      acceptProcess: ACCEPT,
      clients: CLIENTS,
      meterChargers: METER_N,
      meterSeconds: METER_S,
      pacedRate: PACED_R,
      pacedIntervalMs: r1(PACED_INTERVAL_MS),
      stopChargers: STOP_N,
      stopMeterValues: STOP_MV,
      idle: IDLE_N,
      provisioned: PROVISIONED,
      heartbeatWindowS: HB_S,
      storm: STORM_N,
      stormDeadlineS: STORM_S,
      addressesPerClient: ADDRESSES_PER_CLIENT,
    },
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverageBefore: uptimeBefore,
      loadAverageAfter: os.loadavg().map(r1),
    },
    results,
  };
  const text = table(results);
  process.stdout.write(`\n${text}\nload average before ${uptimeBefore.join(' ')}, after ${result.machine.loadAverageAfter.join(' ')}\n`);
  fs.writeFileSync(path.join(outDir, `${NAME}.json`), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(
    path.join(outDir, `${NAME}.md`),
    `${text}\n\nload average (1/5/15 min) before ${uptimeBefore.join(' ')}, after ${result.machine.loadAverageAfter.join(' ')}; ${startedAt}\n`,
  );
  process.stdout.write(`written bench/results/${NAME}.json and .md\n`);
}

main()
  .catch((err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    killChildren();
    process.exit(1);
  })
  .finally(() => {
    killChildren('SIGTERM');
  });
