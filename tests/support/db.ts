/**
 * Test databases: a fresh in-memory PGlite always; and, when DATABASE_URL is set, a fresh
 * database created on that PostgreSQL server for the calling file (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseTimeouts } from '../../server/db/client.js';

export type Backend = 'pglite' | 'postgres';

/** The backends to run API and OCPP suites on. */
export function backends(): Backend[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Opens a fresh, migrated database on `backend`; `close()` also drops a server database. */
export async function freshDatabase(backend: Backend, timeouts: DatabaseTimeouts = {}): Promise<Database & { url?: string }> {
  if (backend === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const base = new URL(process.env.DATABASE_URL!);
  const name = `cdtest_${randomBytes(6).toString('hex')}`;
  // CREATE DATABASE copies template1 and fails when another session holds it at that moment
  // (several test files start together): retry a few times, bounded.
  for (let attempt = 1; ; attempt++) {
    const admin = new pg.Client({ connectionString: base.toString() });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      break;
    } catch (err) {
      if (attempt >= 8) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt + Math.floor(Math.random() * 200)));
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), ...timeouts });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
