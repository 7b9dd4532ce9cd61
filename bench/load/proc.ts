/**
 * Process and machine figures for the benchmarks, read from Linux /proc: a process's CPU time and
 * resident set, each core's busy time, the CPU time of the machine's PostgreSQL processes, and
 * the load average.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU time (ms, user + system) and RSS (bytes) of `pid`, or null when it is gone. */
export function procSample(pid: number): { cpuMs: number; rss: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return { cpuMs, rss: m ? Number(m[1]) * 1024 : 0 };
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of every process named `postgres` (server, backends, background workers), by pid.
 * All of the machine's PostgreSQL processes, not only the benchmark's connections: a phase's
 * difference is PostgreSQL's share of the cores whoever asked for it. Bounded by /proc's entries.
 */
export function postgresCpuMs(): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Busy and total jiffies of each core (cpu0, cpu1, …). */
export function coreTimes(): { busy: number; total: number }[] {
  const lines = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l));
  return lines.map((l) => {
    const v = l.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    const total = v.reduce((s, x) => s + x, 0);
    return { busy: total - idle, total };
  });
}

/** CPU time and RSS of several processes together (a server's accepting and serving ones); null when all are gone. */
function procsSample(pids: readonly number[]): { cpuMs: number; rss: number } | null {
  const all = pids.map(procSample).filter((x): x is { cpuMs: number; rss: number } => x !== null);
  return all.length ? { cpuMs: all.reduce((a, x) => a + x.cpuMs, 0), rss: all.reduce((a, x) => a + x.rss, 0) } : null;
}

/** Samples a process (or several, summed) and the cores every `everyMs` until stopped; summarises a phase. */
export class Sampler {
  private timer: NodeJS.Timeout | undefined;
  private startCpu = 0;
  private startAt = 0;
  private startCores: { busy: number; total: number }[] = [];
  private startPg = new Map<number, number>();
  private startLoad: number[] = [];
  peakRss = 0;
  lastRss = 0;

  private readonly pids: readonly number[];

  constructor(
    pid: number | readonly number[],
    private readonly everyMs = 250,
  ) {
    this.pids = typeof pid === 'number' ? [pid] : pid;
  }

  start(): void {
    const s = procsSample(this.pids);
    this.startCpu = s?.cpuMs ?? 0;
    this.peakRss = this.lastRss = s?.rss ?? 0;
    this.startAt = Date.now();
    this.startCores = coreTimes();
    this.startPg = postgresCpuMs();
    this.startLoad = os.loadavg();
    this.timer = setInterval(() => {
      const x = procsSample(this.pids);
      if (x) {
        this.lastRss = x.rss;
        this.peakRss = Math.max(this.peakRss, x.rss);
      }
    }, this.everyMs);
    this.timer.unref();
  }

  /**
   * Stops and returns the phase's server CPU (% of one core), RSS (MB), each core's busy %, the
   * PostgreSQL processes' CPU (% of one core; a backend that exited during the phase is left
   * out) and the load average (1/5/15 min) at the start and the end.
   */
  stop(): {
    cpuPct: number;
    rssMb: number;
    peakRssMb: number;
    coresBusyPct: number[];
    postgresCpuPct: number;
    loadAvg1m: number;
    loadAvgBefore: number[];
    loadAvgAfter: number[];
  } {
    if (this.timer) clearInterval(this.timer);
    const s = procsSample(this.pids);
    const wall = Math.max(1, Date.now() - this.startAt);
    const cores = coreTimes();
    const r1 = (n: number) => Math.round(n * 10) / 10;
    let pgMs = 0;
    for (const [pid, ms] of postgresCpuMs()) pgMs += ms - (this.startPg.get(pid) ?? 0);
    return {
      cpuPct: r1((((s?.cpuMs ?? this.startCpu) - this.startCpu) / wall) * 100),
      rssMb: r1((s?.rss ?? this.lastRss) / 2 ** 20),
      peakRssMb: r1(Math.max(this.peakRss, s?.rss ?? 0) / 2 ** 20),
      coresBusyPct: cores.map((c, i) => {
        const b = this.startCores[i];
        return b ? r1(((c.busy - b.busy) / Math.max(1, c.total - b.total)) * 100) : 0;
      }),
      postgresCpuPct: r1((pgMs / wall) * 100),
      loadAvg1m: r1(os.loadavg()[0]),
      loadAvgBefore: this.startLoad.map(r1),
      loadAvgAfter: os.loadavg().map(r1),
    };
  }
}

/** Percentile `p` (0–100) of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** p50 / p95 / p99 / max (ms, 1 decimal) of a list of latencies. */
export function summary(list: readonly number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  const s = [...list].sort((a, b) => a - b);
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return { n: s.length, p50: r1(percentile(s, 50)), p95: r1(percentile(s, 95)), p99: r1(percentile(s, 99)), max: r1(s[s.length - 1] ?? NaN) };
}
