/**
 * Starts the real ChargeDesk server as a child process (`server/main.ts` under tsx), the way
 * `npm start` does, for the browser suite and the screenshot script.
 *
 * Defaults: a free loopback port, a fresh temporary DATA_DIR (embedded PGlite, so the demo network
 * loads because the database is empty), a known ADMIN_PASSWORD, SIMULATE=0 (the caller drives its
 * own chargers), STATIC_DIR=dist (the console built by `vite build`). DATABASE_URL is never passed
 * on. Readiness is awaited by polling `/readyz` (the database answers); every wait is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (two levels above this file). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const E2E_ADMIN_PASSWORD = 'e2e-Admin-Secret-1';

export interface ServerProcessOptions {
  /** Extra or overriding environment variables (e.g. `{ SIMULATE: '1' }`). */
  env?: Record<string, string>;
  /** Readiness bound in ms (default 120 s: first start migrates and loads the demo network). */
  readyTimeoutMs?: number;
  /** Directory of the built console (default: STATIC_DIR from the environment, else `dist`). */
  staticDir?: string;
}

export interface ServerProcess {
  /** The process started (with ACCEPT_PROCESS on: the accepting parent of the serving one). */
  pid: number;
  port: number;
  /** http://127.0.0.1:port */
  baseUrl: string;
  /** ws://127.0.0.1:port/ocpp */
  ocppUrl: string;
  dataDir: string;
  adminPassword: string;
  /** The last 64 KB of the process's stdout and stderr, for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs` (default 10 s); removes the data directory. */
  stop(graceMs?: number): Promise<void>;
}

/** A TCP port free on 127.0.0.1 at the time of the call. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the server and resolves once it answers; rejects (and cleans up) when it does not. */
export async function startServerProcess(opts: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chargedesk-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL; // a single node on its own embedded database
  delete env.DEMO;
  delete env.NODE_OPTIONS;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    SIMULATE: '0',
    STATIC_DIR: path.resolve(ROOT, opts.staticDir ?? process.env.STATIC_DIR ?? 'dist'),
    LOG_LEVEL: 'warn',
    MAP_TILE_URL: '',
    ...opts.env,
  });
  const adminPassword = env.ADMIN_PASSWORD ?? E2E_ADMIN_PASSWORD;

  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    if (log.length > 65_536) log = log.slice(-65_536);
  };
  // node --import tsx keeps one process (no tsx wrapper), so signals reach the server itself;
  // detached gives it its own process group, which stop() kills as a whole.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const killGroup = (signal: NodeJS.Signals) => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const stop = async (graceMs = 10_000) => {
    killGroup('SIGTERM');
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
    if ((await Promise.race([exit.then(() => 'exited' as const), timer])) === 'timeout') {
      killGroup('SIGKILL');
      await Promise.race([exit, sleep(5_000)]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Never leave a server behind if the test runner itself goes away.
  const onParentExit = () => killGroup('SIGKILL');
  process.once('exit', onParentExit);

  const baseUrl = `http://127.0.0.1:${port}`;
  // E2E_READY_TIMEOUT_MS: a longer wait on a machine busy with other work.
  const readyMs = opts.readyTimeoutMs ?? (Number(process.env.E2E_READY_TIMEOUT_MS) || 120_000);
  const deadline = Date.now() + readyMs;
  while (true) {
    if (exited) {
      await stop(0);
      throw new Error(`server exited before it was ready (${JSON.stringify(exited)}):\n${log}`);
    }
    if (Date.now() > deadline) {
      await stop(5_000);
      throw new Error(`server not ready within ${readyMs} ms:\n${log}`);
    }
    try {
      // /readyz, not /sp/docs/json: the OpenAPI document takes seconds to build on its first request.
      const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }

  return {
    pid: child.pid!,
    port,
    baseUrl,
    ocppUrl: `ws://127.0.0.1:${port}/ocpp`,
    dataDir,
    adminPassword,
    output: () => log,
    async stop(graceMs?: number) {
      await stop(graceMs);
      process.removeListener('exit', onParentExit);
    },
  };
}

/** A small client of the server's `/sp` API for the suites (envelope unwrapped, bounded). */
export interface ApiClient {
  /** Signs in and keeps the token; returns it. */
  login(username?: string, password?: string): Promise<string>;
  /** Calls `/sp/<path>`; throws when the envelope's code is not 200. Returns `data`. */
  get<T = unknown>(pathAndQuery: string): Promise<T>;
  call<T = unknown>(method: string, pathAndQuery: string, body?: unknown): Promise<T>;
  token(): string | undefined;
}

/** An API client for `server` signed in as nobody until `login()`. */
export function apiClient(server: Pick<ServerProcess, 'baseUrl' | 'adminPassword'>): ApiClient {
  let token: string | undefined;
  const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}/sp/${p.replace(/^\//, '')}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        'time-zone': 'UTC',
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let env: { code: number; msg: string; data: T };
    try {
      env = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${p}: not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    if (env.code !== 200) throw new Error(`${method} ${p}: code ${env.code} ${env.msg}`);
    return env.data;
  };
  return {
    async login(username = 'admin', password = server.adminPassword) {
      token = undefined;
      const data = await call<{ token: string }>('POST', 'login', { username, password });
      token = data.token;
      return token;
    },
    get: (p) => call('GET', p),
    call: (m, p, b) => call(m, p, b),
    token: () => token,
  };
}
