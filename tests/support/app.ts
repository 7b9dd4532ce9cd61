/**
 * `build()` for API and OCPP tests: a real Fastify app on a fresh database, listening on a random
 * loopback port with the OCPP central system attached, plus helpers to sign in and call `/sp/*`.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config.js';
import { buildApp } from '../../server/app.js';
import { ensureAdmin } from '../../server/db/bootstrap.js';
import { ensureMenus } from '../../server/modules/menu/service.js';
import { startCentralSystem } from '../../server/ocpp/central-system.js';
import { freshDatabase, type Backend } from './db.js';
import type { Database } from '../../server/db/client.js';

export const ADMIN_PASSWORD = 'admin-Secret-1';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** http://127.0.0.1:port */
  baseUrl: string;
  /** ws://127.0.0.1:port/ocpp */
  ocppUrl: string;
  /** Signs in and returns the bearer token. */
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Options of a test node beside its configuration. */
export interface NodeOptions {
  /** Where the node's log lines go (the log is on, at the configured `logLevel`): a test reads them. */
  logStream?: NodeJS.WritableStream;
  /** Receives every log line (level `trace`) instead of stdout. */
  logLines?: string[];
}

/** Starts a test server on `backend`; `overrides` tune the configuration, `opts` the node. */
export async function build(backend: Backend = 'pglite', overrides: Partial<Config> = {}, opts: NodeOptions = {}): Promise<TestServer> {
  const database = await freshDatabase(backend);
  await ensureAdmin(database.db, ADMIN_PASSWORD);
  await ensureMenus(database.db);
  const node = await startNode(database, overrides, opts);
  return {
    ...node,
    async close() {
      await node.close();
      await database.close();
    },
  };
}

/**
 * Starts one more node (app, central system, listening) on an open `database` that `build()`
 * prepared; `close()` stops the node and leaves the database open. Several nodes on one database
 * with `redisUrl` set are a cluster.
 */
export async function startNode(database: Database, overrides: Partial<Config> = {}, opts: NodeOptions = {}): Promise<TestServer> {
  const lines = opts.logLines;
  const config: Config = {
    ...loadConfig({}, []),
    port: 0,
    host: '127.0.0.1',
    logLevel: lines ? 'trace' : (process.env.TEST_LOG ?? 'silent'),
    simulate: false,
    demo: false,
    staticDir: './dist',
    ...overrides,
  };
  const logStream = lines ? { write: (line: string) => lines.push(line) } : opts.logStream;
  const app = await buildApp({ db: database.db, config, logger: !!process.env.TEST_LOG || !!logStream, strictResponses: true, logStream });
  const central = startCentralSystem(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    database,
    baseUrl,
    ocppUrl: `ws://127.0.0.1:${port}/ocpp`,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/sp/login', payload: { username, password } });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login failed: ${res.body}`);
      return body.data.token as string;
    },
    async close() {
      await central.close();
      await app.close();
    },
  };
}
