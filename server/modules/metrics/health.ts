/**
 * Readiness of a node for load balancers and orchestrators (requirements R12.38;
 * docs/deployment.md "Metrics and health"): the database answers and holds every migration this
 * build knows (the newest entry of server/db/migrations/meta/_journal.json is applied), Redis
 * answers PING when the node is part of a cluster, and the node is not shutting down. Each check
 * is given up after `timeoutMs` (a frozen database is "not ready", not a hanging probe).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DIR, rowsOf } from '../../db/client.js';

/** Result of one check: `ok`, `failed`, `timeout`, or `off` (not used on this node). */
export type CheckState = 'ok' | 'failed' | 'timeout' | 'off';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; redis: CheckState; shutdown: 'ok' | 'closing' };
}

/** The `when` of the newest migration this build carries (read once). */
let newestMigration: number | null = null;
function newestMigrationWhen(): number {
  if (newestMigration === null) {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    newestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

/** `work` within `ms`, else 'timeout'; a throw is 'failed'. */
async function within<T>(ms: number, work: () => Promise<T>): Promise<T | 'timeout' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<'timeout'>((r) => {
        timer = setTimeout(() => r('timeout'), ms);
      }),
    ]);
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** Checks the node's readiness (see the module). `closing`: the node is shutting down. */
export async function readiness(app: FastifyInstance, closing: boolean, timeoutMs = 2000): Promise<Readiness> {
  const [applied, redis] = await Promise.all([
    within(timeoutMs, async () => {
      const rows = rowsOf<{ newest: string | number | null }>(await app.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`));
      return Number(rows[0]?.newest ?? 0);
    }),
    app.cluster ? within(timeoutMs, () => app.cluster!.redis.ping()) : Promise.resolve('off' as const),
  ]);
  const database: CheckState = typeof applied === 'number' ? 'ok' : applied;
  const migrations: CheckState = typeof applied !== 'number' ? 'failed' : applied >= newestMigrationWhen() ? 'ok' : 'failed';
  const redisState: CheckState = redis === 'off' || redis === 'timeout' || redis === 'failed' ? redis : 'ok';
  const checks = { database, migrations, redis: redisState, shutdown: closing ? ('closing' as const) : ('ok' as const) };
  return { ready: database === 'ok' && migrations === 'ok' && (redisState === 'ok' || redisState === 'off') && !closing, checks };
}
