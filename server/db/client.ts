/**
 * Opens the database: embedded PGlite under `dataDir` (default) or a PostgreSQL server when
 * `databaseUrl` is given; applies the versioned migrations from server/db/migrations.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle database handle, the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows a driver answers to `db.execute` (node-postgres and PGlite both carry `rows`). */
export function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

/** Drizzle's session and dialect, which `PgDatabase` holds but marks internal. */
interface DrizzleInternals {
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
  dialect: { sqlToQuery(query: SQL): unknown };
}

/**
 * Runs `query` (whose text must never change: its parameters carry everything that varies) as
 * the prepared statement `name`. On PostgreSQL each connection parses it once and, after a few
 * runs, keeps its plan, instead of parsing and planning it on every run: for the hot path's
 * large fixed statements (MeterValues groups, charger-log batches) that was over half of
 * PostgreSQL's time per statement (requirements R12.32). PGlite runs it as any query. Answers
 * like `db.execute` (read it with {@link rowsOf}).
 */
export function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  const d = db as unknown as DrizzleInternals;
  return d.session.prepareQuery(d.dialect.sqlToQuery(query), undefined, name, false).execute();
}

/** A json value as a driver answered it: parsed already (node-postgres, PGlite), or its text. */
export function jsonOf<T>(v: T | string): T {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Flushes and closes the connection(s). */
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Limits on a PostgreSQL server (README: DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
export interface DatabaseTimeouts {
  /** Longest wait for a connection from the pool (ms); default 5000. */
  connectTimeoutMs?: number;
  /**
   * Longest run of one statement (ms; the server's `statement_timeout`); default 15000. The
   * client also gives up on an answer 2 s after it (a frozen server), so nothing waits forever.
   */
  statementTimeoutMs?: number;
  /** Connections in the pool (README: DB_POOL_SIZE); default 16. */
  poolSize?: number;
}

/**
 * Opens and migrates a database.
 * @param opts.databaseUrl postgres://… selects a server; otherwise PGlite.
 * @param opts.dataDir PGlite directory; `memory://` for an in-memory database (tests).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string } & DatabaseTimeouts): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Migrations may run long on a large table: their own connection, without the limits.
    const migrator = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
    try {
      await migrate(drizzle(migrator), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await migrator.end();
    }
    const statementTimeoutMs = opts.statementTimeoutMs ?? 15_000;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 16,
      // The planner's JIT compiles the dashboard's and lists' queries for hundreds of ms each time
      // (measured: bench/ocpp-load.ts); ChargeDesk's queries are short, so it is off on our sessions.
      options: '-c jit=off',
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + 2_000,
    });
    // An idle client that loses its server (restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.dataDir ?? './data';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: 'pglite', close: () => client.close() };
}
