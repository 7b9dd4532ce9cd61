/**
 * The server's layering (requirements R12.2, R12.4): infrastructure
 * (`server/http`, `server/db`, `server/auth`, `server/cluster`) never reaches up into the modules or
 * the charger link; `domain/` is shared by the server and the console, so it imports neither; and
 * the server imports nothing of the console. A new module builds on the layers below it, and a
 * layer below can be read and tested without the modules above it.
 *
 * Inside a module (docs/decisions.md "How a module is built"): its routes validate and call a
 * service; the service owns the queries. A routes file (`server/modules/<module>/routes.ts`,
 * `*-routes.ts`) imports no table, no drizzle query builder and writes no SQL.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsInto, ROOT, sources } from '../../support/imports.js';

/** Relative imports under `from` that land under one of `into`. */
const crossings = (from: string, into: string[]) => importsInto(sources(join(ROOT, from)), into);

/** The route files of the modules: `routes.ts` and `<name>-routes.ts`. */
const routeFiles = () => sources(join(ROOT, 'server', 'modules')).filter((f) => /(^|[\\/-])routes\.ts$/.test(f));

/**
 * What in `text` (a TypeScript source) queries the database: a value import of drizzle-orm or of
 * the tables (`import type` is fine: a type is no query), an `sql` template, or a query builder
 * called on a database handle (`db.select(`, `app.db.update(`, `tx.insert(`, …).
 */
function queriesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm)) {
    if (/^drizzle-orm(\/|$)/.test(m[1]) || /(^|\/)db\/(schema|client)(\.js)?$/.test(m[1])) found.push(`imports ${m[1]}`);
  }
  for (const m of text.matchAll(/\bsql(\.raw)?`|\b(?:db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|transaction|query)\b/g)) found.push(m[0]);
  return found;
}

const UPPER = [join('server', 'modules'), join('server', 'ocpp')];

describe('server import direction', () => {
  it.each(['http', 'db', 'auth', 'cluster'])('server/%s imports neither the modules nor the charger link', (layer) => {
    expect(crossings(join('server', layer), UPPER)).toEqual([]);
  });

  it('domain/ imports neither the server nor the console', () => {
    expect(crossings('domain', ['server', 'src', 'resources'])).toEqual([]);
  });

  it('the server imports nothing of the console', () => {
    expect(crossings('server', ['src', 'resources'])).toEqual([]);
  });

  it('finds an import that crosses (the check can fail)', () => {
    expect(crossings(join('server', 'modules', 'station'), [join('server', 'http')]).length).toBeGreaterThan(0);
  });
});

describe('module routes hold no query', () => {
  it('finds the route files', () => {
    expect(routeFiles().length).toBeGreaterThan(30);
  });

  it('no routes.ts imports a table or a query builder, or writes SQL: the module\'s service does', () => {
    const offenders = routeFiles().flatMap((f) => queriesIn(readFileSync(f, 'utf8')).map((q) => `${relative(ROOT, f)}: ${q}`));
    expect(offenders).toEqual([]);
  });

  it('finds a query (the check can fail)', () => {
    expect(queriesIn(readFileSync(join(ROOT, 'server', 'modules', 'dashboard', 'service.ts'), 'utf8')).length).toBeGreaterThan(0);
    expect(queriesIn("import { eq } from 'drizzle-orm';\nconst [row] = await app.db.select().from(t);")).toEqual(['imports drizzle-orm', 'db.select']);
    expect(queriesIn("import type { SQL } from 'drizzle-orm';\nawait service.list(app.db, auth);")).toEqual([]);
  });
});
