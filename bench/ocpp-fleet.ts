/**
 * Many chargers on one machine across processes (`npm run bench:fleet -- [options]`): --nodes
 * ChargeDesk nodes (bench/load/chargedesk-server.ts) on one PostgreSQL database (127.0.0.1:5432,
 * created by the first node and dropped at the end) and the local Redis (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379, a key prefix of this run's own, its keys removed at the end), as
 * docs/deployment.md runs several nodes. --chargers idle chargers (BootNotification, then idle)
 * come from --clients load client processes (bench/load/client.ts, 127.0.x.y source addresses);
 * client i connects to node i mod --nodes. Measured: every charger accepted or not, the time to
 * connect them all and the Boot latency; each node's RSS before and after (KB per charger held);
 * then each charger sends one Heartbeat at a random moment of --heartbeat-window seconds (the
 * chargers' own interval, 60 s by default): Heartbeat p50/p99, each node's CPU, each core's busy
 * share and the PostgreSQL processes' CPU. The descriptor limit (`ulimit -n`, inherited) is
 * checked per node and per client before anything starts. Writes bench/results/ocpp-fleet.json /
 * .md (or --name). Every loop is bounded; the run gives up after --timeout-s.
 *
 * Options: --nodes 3 --chargers 50000 --clients 6 --heartbeat-window 60 --connect-concurrency 100
 *   --name ocpp-fleet --timeout-s 1800
 *   --profile (node --cpu-prof on every node; profiles in bench/results/profiles/fleet-node<j>/, the
 *   phases' wall-clock times in the results, for `npm run bench:profile-top -- <file> --from s`)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { FD_RESERVE, openFileLimit } from '../server/ocpp/fd-limit.js';
import { flat, giveUpAfter, ids, intOption, killChildren, LoadClient, r1, share, sleep, spawnServer, stopChild, sum } from './load/harness.js';
import { Sampler, summary } from './load/proc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opt } = parseArgs({
  options: {
    nodes: { type: 'string', default: '3' },
    chargers: { type: 'string', default: '50000' },
    clients: { type: 'string', default: '6' },
    'heartbeat-window': { type: 'string', default: '60' },
    'connect-concurrency': { type: 'string', default: '100' },
    name: { type: 'string', default: 'ocpp-fleet' },
    profile: { type: 'boolean', default: false },
    'timeout-s': { type: 'string', default: '1800' },
  },
});
const NODES = intOption(opt.nodes, 'nodes', 1, 8);
const N = intOption(opt.chargers, 'chargers', 1, 200_000);
const CLIENTS = intOption(opt.clients, 'clients', NODES, 32);
const HB_S = intOption(opt['heartbeat-window'], 'heartbeat-window', 1, 600);
const CONCURRENCY = intOption(opt['connect-concurrency'], 'connect-concurrency', 1, 5000);
const TIMEOUT_S = intOption(opt['timeout-s'], 'timeout-s', 10, 7200);
const NAME = String(opt.name).replace(/[^A-Za-z0-9_.-]/g, '_');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `cdfleet${randomBytes(4).toString('hex')}:`;

/** Sockets one source address holds at most (the kernel's ephemeral range is about 28 000 ports). */
const PER_ADDRESS = 8000;
const allIds = ids(0, N);
/** Client i's chargers and the node it connects them to. */
const plan = Array.from({ length: CLIENTS }, (_, i) => ({ node: i % NODES, ids: share(allIds, CLIENTS, i) }));
const perNode = Array.from({ length: NODES }, (_, j) =>
  sum(
    plan.filter((p) => p.node === j),
    (p) => p.ids.length,
  ),
);
{
  const limit = openFileLimit();
  const most = Math.max(...perNode);
  if (limit !== null && most > limit - FD_RESERVE) {
    throw new Error(`${most} chargers on one node do not fit its descriptor limit ${limit} (minus ${FD_RESERVE} kept for itself): raise --nodes or ulimit -n`);
  }
  const perClient = Math.max(...plan.map((p) => p.ids.length));
  if (limit !== null && perClient + 64 > limit) throw new Error(`${perClient} sockets per load client over the descriptor limit ${limit}: raise --clients`);
}

giveUpAfter(TIMEOUT_S);

/** Removes this run's Redis keys (owner claims and node registrations expire anyway). */
async function dropRedisKeys(): Promise<number> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let removed = 0;
    let cursor = '0';
    for (let i = 0; i < 100_000; i++) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}*`, 'COUNT', 1000);
      if (keys.length) removed += await redis.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
    return removed;
  } finally {
    redis.disconnect();
  }
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg().map(r1);
  const log = (s: string) => process.stdout.write(`[fleet] ${s}\n`);
  const env = { BENCH_DB: 'postgres', REDIS_URL, REDIS_PREFIX, LOG_LEVEL: 'warn' };
  // The first node creates and provisions the database; the others join it once it is ready.
  const profileArgs = (j: number) => (opt.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, 'results', 'profiles', `fleet-node${j}`)}`] : []);
  const phases: Record<string, string> = { nodesStarting: new Date().toISOString() };
  const first = await spawnServer('load/chargedesk-server.ts', { ...env, BENCH_CHARGERS: String(N), OCPP_MAX_CHARGERS: String(perNode[0]) }, profileArgs(0));
  if (!first.databaseUrl) throw new Error('the first node did not say its database');
  const nodes = [first];
  for (let j = 1; j < NODES; j++) {
    nodes.push(
      await spawnServer('load/chargedesk-server.ts', { ...env, BENCH_JOIN_URL: first.databaseUrl, OCPP_MAX_CHARGERS: String(perNode[j]) }, profileArgs(j)),
    );
  }
  log(`${NODES} nodes on ports ${nodes.map((n) => n.port).join(', ')}, ${N} chargers provisioned`);
  const samplers = nodes.map((n) => new Sampler(n.pids));
  const clients = plan.map((p, i) => new LoadClient(i, Math.max(1, Math.ceil(p.ids.length / PER_ADDRESS))));
  await Promise.all(clients.map((c, i) => c.ask({ cmd: 'init', url: `ws://127.0.0.1:${nodes[plan[i].node].port}/ocpp`, ids: plan[i].ids })));
  await sleep(2000);
  const rssBefore = samplers.map((s) => {
    s.start();
    return s.stop().rssMb;
  });
  const machine = new Sampler(process.pid);
  for (const s of samplers) s.start();
  machine.start();
  phases.connect = new Date().toISOString();
  const t0 = performance.now();
  const conn = await Promise.all(
    clients.map((c) =>
      c.ask<{ connected: number; failed: number; errors: Record<string, number>; boot: number[] }>({ cmd: 'connect', boot: true, concurrency: CONCURRENCY }),
    ),
  );
  const connectSeconds = r1((performance.now() - t0) / 1000);
  const connectMachine = machine.stop();
  log(`connected ${sum(conn, (r) => r.connected)} of ${N} in ${connectSeconds} s`);
  await sleep(5000);
  const connectNodes = samplers.map((s) => s.stop());
  const connectErrors: Record<string, number> = {};
  for (const c of conn) for (const [k, v] of Object.entries(c.errors)) connectErrors[k] = (connectErrors[k] ?? 0) + v;
  const connectedPerNode = nodes.map((_n, j) =>
    sum(
      conn.filter((_c, i) => plan[i].node === j),
      (r) => r.connected,
    ),
  );

  for (const s of samplers) s.start();
  machine.start();
  phases.heartbeat = new Date().toISOString();
  const hb = await Promise.all(clients.map((c) => c.ask<{ lat: number[]; errors: number }>({ cmd: 'heartbeat', seconds: HB_S })));
  const hbMachine = machine.stop();
  const hbNodes = samplers.map((s) => s.stop());
  const connected = sum(conn, (r) => r.connected);
  const result = {
    name: NAME,
    benchmark: 'ocpp-fleet',
    at: startedAt,
    parameters: { nodes: NODES, chargers: N, clients: CLIENTS, heartbeatWindowS: HB_S, connectConcurrencyPerClient: CONCURRENCY },
    machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', loadAverageBefore: loadBefore },
    connect: {
      connected,
      failed: sum(conn, (r) => r.failed),
      errors: connectErrors,
      seconds: connectSeconds,
      bootMs: summary(flat(conn, (r) => r.boot)),
      coresBusyPct: connectMachine.coresBusyPct,
      postgresCpuPct: connectMachine.postgresCpuPct,
    },
    perNode: nodes.map((_n, j) => ({
      node: j,
      chargers: perNode[j],
      connected: connectedPerNode[j],
      rssBeforeMb: rssBefore[j],
      rssAfterMb: connectNodes[j].rssMb,
      kbPerCharger: r1(((connectNodes[j].rssMb - rssBefore[j]) * 1024) / Math.max(1, connectedPerNode[j])),
      connectCpuPct: connectNodes[j].cpuPct,
      heartbeatCpuPct: hbNodes[j].cpuPct,
      peakRssMb: Math.max(connectNodes[j].peakRssMb, hbNodes[j].peakRssMb),
    })),
    heartbeat: {
      sent: connected,
      answered: sum(hb, (r) => r.lat.length),
      errors: sum(hb, (r) => r.errors),
      perSecond: r1(connected / HB_S),
      latencyMs: summary(flat(hb, (r) => r.lat)),
      coresBusyPct: hbMachine.coresBusyPct,
      postgresCpuPct: hbMachine.postgresCpuPct,
    },
    totalRssAfterMb: r1(sum(connectNodes, (s) => s.rssMb)),
    phases: { ...phases, close: new Date().toISOString() },
    loadAverageAfter: os.loadavg().map(r1),
  };
  log(`heartbeat ${JSON.stringify(result.heartbeat)}`);
  await Promise.all(clients.map((c) => c.ask({ cmd: 'close' })));
  for (const c of clients) c.stop();
  // The joining nodes first: the first one drops the database.
  for (const n of nodes.slice(1)) await stopChild(n.child);
  await stopChild(first.child);
  const removed = await dropRedisKeys().catch(() => 0);

  const rows: [string, string][] = [
    ['nodes × chargers', `${NODES} × ${perNode.join(' / ')} = ${N}`],
    ['connected (Boot accepted) / failed', `${connected} / ${result.connect.failed}`],
    ['all connected in s', `${connectSeconds} s (${CLIENTS} clients × ${CONCURRENCY} at once)`],
    ['Boot p50 / p99 ms', `${result.connect.bootMs.p50} / ${result.connect.bootMs.p99}`],
    ['RSS per charger KB, each node', result.perNode.map((p) => p.kbPerCharger).join(' / ')],
    ['RSS after, each node MB (all)', `${result.perNode.map((p) => p.rssAfterMb).join(' / ')} (${result.totalRssAfterMb})`],
    [`Heartbeat (${result.heartbeat.perSecond}/s) answered / errors`, `${result.heartbeat.answered} / ${result.heartbeat.errors}`],
    ['Heartbeat p50 / p99 ms', `${result.heartbeat.latencyMs.p50} / ${result.heartbeat.latencyMs.p99}`],
    ['CPU % of a core, each node (heartbeats)', result.perNode.map((p) => p.heartbeatCpuPct).join(' / ')],
    ['cores busy % (heartbeats), PostgreSQL CPU %', `${result.heartbeat.coresBusyPct.join(' + ')}, ${result.heartbeat.postgresCpuPct}`],
    ['load average (1 min) before → after', `${loadBefore[0]} → ${result.loadAverageAfter[0]}`],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  const text = [`| ${'what'.padEnd(w)} | figure |`, `| ${'-'.repeat(w)} | ------ |`, ...rows.map(([k, v]) => `| ${k.padEnd(w)} | ${v} |`)].join('\n');
  const outDir = path.join(here, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${NAME}.json`), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, `${NAME}.md`), `${text}\n\n${startedAt}; Redis keys of the run removed: ${removed}\n`);
  process.stdout.write(`\n${text}\nwritten bench/results/${NAME}.json and .md\n`);
}

main()
  .catch((err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    killChildren();
    void dropRedisKeys()
      .catch(() => 0)
      .finally(() => process.exit(1));
  })
  .finally(() => {
    killChildren('SIGTERM');
  });
