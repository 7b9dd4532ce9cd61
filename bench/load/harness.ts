/**
 * The parent side of the OCPP load benchmarks (bench/ocpp-load.ts, bench/ocpp-fleet.ts): forking
 * the servers under test (bench/load/chargedesk-server.ts, bench/load/bare-server.ts) and the load
 * client processes (bench/load/client.ts), and asking those one command at a time over IPC. Every
 * child is tracked in `children`, so a run that fails or times out kills them all.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = ['--import', 'tsx'];

/** Every child process still running (servers and load clients). */
export const children = new Set<ChildProcess>();

/** Kills every child still running (a failed or timed-out run). */
export function killChildren(signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const c of children) c.kill(signal);
}

/**
 * Forks a TypeScript server (`file` relative to bench/, e.g. `load/bare-server.ts`) and waits for its `{ ready: port }`
 * message (a ChargeDesk server adds the PostgreSQL `databaseUrl` it serves and the serving
 * process's `pid`; answered as `pids`, the forked process first). `env` adds to this
 * process's environment; `execArgv` adds Node flags (e.g. --cpu-prof).
 */
export function spawnServer(
  file: string,
  env: NodeJS.ProcessEnv,
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; port: number; databaseUrl?: string; pids: number[] }> {
  const child = fork(path.join(here, '..', file), [], {
    execArgv: [...tsx, ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    // `pid`: the serving process, when it is a child of the accepting one (server/process/acceptor.ts).
    child.once('message', (m: { ready?: number; databaseUrl?: string; pid?: number }) =>
      m.ready
        ? resolve({ child, port: m.ready, databaseUrl: m.databaseUrl, pids: [...new Set([child.pid!, m.pid ?? child.pid!])] })
        : reject(new Error('no port')),
    );
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** Asks a server child to shut down (IPC `{ cmd: 'shutdown' }`), killing it after 40 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.send({ cmd: 'shutdown' });
  const t = setTimeout(() => child.kill('SIGKILL'), 40_000);
  await exited;
  clearTimeout(t);
}

/**
 * One load client process and its request/answer channel. Client `index` opens its sockets from
 * 127.0.j.(10 + index) for j < `addresses` (one address holds at most about 28 000 sockets to a
 * server port: the kernel's ephemeral range).
 */
export class LoadClient {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly child: ChildProcess;

  constructor(index: number, addresses = 1) {
    const list = Array.from({ length: addresses }, (_, j) => `127.0.${j}.${10 + index}`).join(',');
    this.child = fork(path.join(here, 'client.ts'), [], {
      execArgv: tsx,
      env: { ...process.env, LOAD_ADDRESSES: list },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(this.child);
    this.child.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m.result);
    });
    this.child.once('exit', () => {
      children.delete(this.child);
      for (const w of this.waiting.values()) w.reject(new Error('load client exited'));
    });
  }

  /** Sends one command (bench/load/client.ts `Cmd`) and resolves with its result. */
  ask<T>(m: Record<string, unknown>): Promise<T> {
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, m });
    });
  }

  /** Lets the client process end (it exits when its IPC channel closes). */
  stop(): void {
    this.child.disconnect();
  }
}

/** Client `i`'s share of `list` (round robin over `n` clients). */
export const share = <T>(list: readonly T[], n: number, i: number): T[] => list.filter((_x, k) => k % n === i);

/** Splits `ids` over the clients (round robin), each connecting to `url`, and sends each its share. */
export async function group(clients: LoadClient[], url: string, ids: string[]): Promise<LoadClient[]> {
  await Promise.all(clients.map((c, i) => c.ask({ cmd: 'init', url, ids: share(ids, clients.length, i) })));
  return clients;
}

/** The same command to every client, their results in client order. */
export const all = async <T>(clients: LoadClient[], m: Record<string, unknown>): Promise<T[]> => Promise.all(clients.map((c) => c.ask<T>(m)));
export const flat = <T>(rs: T[], f: (r: T) => number[]): number[] => rs.flatMap(f);
export const sum = <T>(rs: T[], f: (r: T) => number): number => rs.reduce((s, r) => s + f(r), 0);
/** chargeBoxIds `LOAD000001…` as bench/load/chargedesk-server.ts provisions them: `n` from index `from`. */
export const ids = (from: number, n: number): string[] => Array.from({ length: n }, (_, k) => `LOAD${String(from + k + 1).padStart(6, '0')}`);
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
export const r1 = (n: number): number => Math.round(n * 10) / 10;

/** `--name`'s value as an integer from `min` to `max`; throws a message naming the option otherwise. */
export function intOption(v: string | undefined, name: string, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

/** Ends the run (exit 2, every child killed) when it has no result after `seconds`. */
export function giveUpAfter(seconds: number): void {
  setTimeout(() => {
    process.stderr.write(`bench: no result within ${seconds} s, giving up\n`);
    killChildren();
    process.exit(2);
  }, seconds * 1000).unref();
}
