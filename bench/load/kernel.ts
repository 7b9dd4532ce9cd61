/**
 * What the kernel saw of a listening socket during a benchmark phase (Linux): the machine's
 * listen-queue counters (`TcpExtListenOverflows`: a completed handshake found the accept queue
 * full; `TcpExtListenDrops`: any drop at a listener, overflows included), read from
 * /proc/net/netstat, and the depth of one port's accept queue sampled over time with `ss` (Recv-Q
 * of a LISTEN socket = connections accepted by the kernel, not yet by the process; Send-Q = its
 * backlog). The counters are the whole machine's (network namespace's): other work on the machine
 * adds to them, so a phase reports the difference and says so.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';

/** The machine's listen-queue counters now; null where /proc/net/netstat cannot be read. */
export function listenCounters(): { overflows: number; drops: number } | null {
  try {
    const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('TcpExt:'));
    if (at < 0 || !lines[at + 1]?.startsWith('TcpExt:')) return null;
    const names = lines[at].split(/\s+/);
    const values = lines[at + 1].split(/\s+/);
    const of = (name: string) => Number(values[names.indexOf(name)] ?? NaN);
    return { overflows: of('ListenOverflows'), drops: of('ListenDrops') };
  } catch {
    return null;
  }
}

/** The difference of two counter readings (null when either is missing). */
export function counterDelta(a: ReturnType<typeof listenCounters>, b: ReturnType<typeof listenCounters>): { overflows: number; drops: number } | null {
  return a && b ? { overflows: b.overflows - a.overflows, drops: b.drops - a.drops } : null;
}

/** One port's accept-queue depth, sampled every `everyMs` until {@link AcceptQueueSampler.stop}. */
export class AcceptQueueSampler {
  private timer?: NodeJS.Timeout;
  private readonly samples: { ms: number; depth: number }[] = [];
  private backlog = 0;
  private t0 = 0;
  private busy = false;

  constructor(
    private readonly port: number,
    private readonly everyMs = 50,
  ) {}

  start(): void {
    this.samples.length = 0;
    this.t0 = Date.now();
    this.timer = setInterval(() => this.sample(), this.everyMs);
  }

  private sample(): void {
    if (this.busy || this.samples.length >= 20_000) return; // one `ss` at a time, bounded
    this.busy = true;
    const ms = Date.now() - this.t0;
    execFile('ss', ['-Hltn', `sport = :${this.port}`], { timeout: 2000 }, (err, out) => {
      this.busy = false;
      if (err) return;
      const f = out.trim().split(/\s+/);
      if (f.length < 3) return;
      this.samples.push({ ms, depth: Number(f[1]) });
      this.backlog = Number(f[2]);
    });
  }

  /**
   * Stops; answers the backlog, the deepest queue seen, the samples at the backlog (full: further
   * handshakes are dropped), and the deepest queue per second of the phase.
   */
  stop(): { backlog: number; samples: number; maxDepth: number; fullSamples: number; maxDepthBySecond: number[] } {
    clearInterval(this.timer);
    const bySecond: number[] = [];
    for (const s of this.samples) {
      const sec = Math.floor(s.ms / 1000);
      while (bySecond.length <= sec) bySecond.push(0);
      bySecond[sec] = Math.max(bySecond[sec], s.depth);
    }
    return {
      backlog: this.backlog,
      samples: this.samples.length,
      maxDepth: Math.max(0, ...this.samples.map((s) => s.depth)),
      fullSamples: this.samples.filter((s) => this.backlog > 0 && s.depth >= this.backlog).length,
      maxDepthBySecond: bySecond,
    };
  }
}
