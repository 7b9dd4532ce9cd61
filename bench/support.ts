/**
 * What the database benchmarks share: a throw-away database to run on, the figures' arithmetic and
 * the results file.
 * Bounded: every benchmark arms `watchdog` so a stuck run ends by itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client.js';

/** The `p`-th percentile (0–100) of `xs`, in the unit of `xs` (nearest rank). */
export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Ends the process with exit code 2 when the benchmark is not done within `minutes`. */
export function watchdog(minutes: number): void {
  setTimeout(() => {
    process.stderr.write(`bench: not done within ${minutes} minutes\n`);
    process.exit(2);
  }, minutes * 60_000).unref();
}

/**
 * Writes `figures` to `bench/results/<name>.json` with the date and the machine (cores, load
 * average over 1, 5 and 15 minutes, Node version), and says where on standard output.
 */
export function writeResults(name: string, figures: Record<string, unknown>): void {
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', `${name}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        ...figures,
        machine: { cpus: os.cpus().length, load: os.loadavg().map((x) => +x.toFixed(2)), node: process.version },
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`written ${path.relative(process.cwd(), out)}\n`);
}

export interface BenchDatabase {
  database: Database;
  backend: 'pglite' | 'postgres';
  drop: () => Promise<void>;
}

/**
 * A fresh database: embedded (PGlite in a temporary folder) without `url`, else a new database
 * created on the PostgreSQL server of `url` and dropped by `drop` (unless `keep`).
 * `statementTimeoutMs` lifts the server's statement limit for long seeding.
 */
export async function openBenchDatabase(url: string | undefined, opts: { keep?: boolean; statementTimeoutMs?: number } = {}): Promise<BenchDatabase> {
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-'));
    return { database: await openDatabase({ dataDir: dir }), backend: 'pglite', drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `cdbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), ...(opts.statementTimeoutMs ? { statementTimeoutMs: opts.statementTimeoutMs } : {}) });
  return {
    database,
    backend: 'postgres',
    drop: async () => {
      if (opts.keep) {
        process.stdout.write(`kept database ${name}\n`);
        return;
      }
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
