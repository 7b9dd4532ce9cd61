/**
 * The server's layering (requirements R12.2, R12.4; docs/decisions.md "Layers"): infrastructure
 * (`server/http`, `server/db`, `server/auth`, `server/cluster`) never reaches up into the modules or
 * the charger link; `domain/` is shared by the server and the console, so it imports neither; and
 * the server imports nothing of the console. The tables (`db/tables/`) lie below both: pure Drizzle
 * declarations that import only drizzle-orm and domain constants and types (never the zod entities,
 * which derive from them), so `domain/entities/` may import them. A new module builds on the layers
 * below it, and a layer below can be read and tested without the modules above it. The demo network
 * and the simulator are plugins the server loads by configuration; the typed error has its own
 * module; the OCPP layer owns the protocol's shapes; modules use each other only through a public surface.
 *
 * Inside a module (docs/decisions.md "How a module is built"): its routes validate and call a
 * service; the service owns the queries. A routes file (`server/modules/<module>/routes.ts`,
 * `*-routes.ts`) imports no table, no drizzle query builder and writes no SQL.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsInto, importsOf, importsOutside, packageImports, ROOT, sources, stem } from '../../support/imports.js';

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
  for (const m of text.matchAll(/\bsql(\.raw)?`|\b(?:db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|transaction|query)\b/g))
    found.push(m[0]);
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

  it('domain/ reaches the database layer only through the tables (db/tables)', () => {
    expect(crossings('domain', ['db']).filter((line) => !line.split(' → ')[1].startsWith(join('db', 'tables', '')))).toEqual([]);
  });

  it('db/tables imports only drizzle-orm and domain constants (not the zod entities derived from it)', () => {
    const files = sources(join(ROOT, 'db', 'tables'));
    expect(importsOutside(files, [join('db', 'tables'), 'domain'])).toEqual([]);
    expect(importsInto(files, [join('domain', 'entities')])).toEqual([]);
    expect(packageImports(files).filter((line) => !/ → drizzle-orm(\/|$)/.test(line))).toEqual([]);
  });

  it('the server imports nothing of the console', () => {
    expect(crossings('server', ['src', 'resources'])).toEqual([]);
  });

  it('finds an import that crosses (the check can fail)', () => {
    expect(crossings(join('server', 'modules', 'station'), [join('server', 'http')]).length).toBeGreaterThan(0);
    const schema = [join(ROOT, 'server', 'db', 'schema.ts')];
    expect(importsOutside(schema, [join('server', 'db')])).toEqual([`${join('server', 'db', 'schema.ts')} → ${join('db', 'tables', 'index.js')}`]);
    expect(packageImports(sources(join(ROOT, 'domain', 'entities'))).some((line) => line.endsWith('→ zod'))).toBe(true);
  });

  it('the server loads the demo network and the simulator as plugins: no static import of fake-db/ or sim/, a dynamic one only in the plugin registry', () => {
    const reaching = importsOf(sources(join(ROOT, 'server'))).filter((i) => /^(fake-db|sim)\//.test(i.target));
    expect(reaching.filter((i) => !i.dynamic).map((i) => `${i.file} → ${i.target}`)).toEqual([]);
    expect([...new Set(reaching.map((i) => i.file))]).toEqual([join('server', 'plugins.ts')]);
  });

  it('the typed error lives in domain/app-error.ts: nothing takes it from the envelope', () => {
    const everywhere = ['server', 'domain', 'fake-db', 'sim', 'scripts', 'bench', 'tests'].flatMap((d) => sources(join(ROOT, d)));
    const fromEnvelope = importsOf(everywhere)
      .filter((i) => stem(i.target) === join('server', 'http', 'envelope'))
      .filter((i) => i.names.some((n) => ['AppError', 'FieldErrors', 'throwIfIssues'].includes(n)));
    expect(fromEnvelope.map((i) => `${i.file}: ${i.names.join(', ')}`)).toEqual([]);
    expect(readFileSync(join(ROOT, 'server', 'http', 'envelope.ts'), 'utf8')).not.toMatch(/\b(AppError|FieldErrors|throwIfIssues)\b.*from/);
  });

  it('the OCPP layer owns the protocol shapes: server/ocpp/messages.ts imports no module, and no module declares one of its shapes', () => {
    const messages = join(ROOT, 'server', 'ocpp', 'messages.ts');
    expect(importsInto([messages], [join('server', 'modules')])).toEqual([]);
    const shapes = [...readFileSync(messages, 'utf8').matchAll(/export\s+(?:interface|type)\s+(\w+)/g)].map((m) => m[1]);
    expect(shapes).toEqual(expect.arrayContaining(['MeterValueSet', 'SampledValue']));
    const declared = sources(join(ROOT, 'server', 'modules')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:interface|type)\s+(\w+)\b/g)]
        .filter((m) => shapes.includes(m[1]))
        .map((m) => `${file.slice(ROOT.length + 1)}: ${m[1]}`),
    );
    expect(declared).toEqual([]);
  });

  it('a module uses another only through its public surface (service.ts or index.ts)', () => {
    const modules = join(ROOT, 'server', 'modules');
    const inside = sources(modules).filter((f) => f.slice(modules.length + 1).includes('/'));
    const reaches = importsOf(inside).filter((i) => {
      const [own] = i.file.split('/').slice(2);
      const [top, layer, mod, ...rest] = i.target.split('/');
      return top === 'server' && layer === 'modules' && mod !== own && rest.length === 1 && !['service', 'index'].includes(stem(rest[0]));
    });
    expect(reaches.map((i) => `${i.file} → ${i.target}`)).toEqual([]);
  });

  it('reads a module file other than service/index (the check can fail): the route registry mounts each routes.ts', () => {
    const probe = importsOf([join(ROOT, 'server', 'modules', 'index.ts')]).filter((i) => stem(i.target).endsWith('/routes'));
    expect(probe.length).toBeGreaterThan(10);
  });
});

describe('module routes hold no query', () => {
  it('finds the route files', () => {
    expect(routeFiles().length).toBeGreaterThan(30);
  });

  it("no routes.ts imports a table or a query builder, or writes SQL: the module's service does", () => {
    const offenders = routeFiles().flatMap((f) => queriesIn(readFileSync(f, 'utf8')).map((q) => `${relative(ROOT, f)}: ${q}`));
    expect(offenders).toEqual([]);
  });

  it('finds a query (the check can fail)', () => {
    expect(queriesIn(readFileSync(join(ROOT, 'server', 'modules', 'dashboard', 'service.ts'), 'utf8')).length).toBeGreaterThan(0);
    expect(queriesIn("import { eq } from 'drizzle-orm';\nconst [row] = await app.db.select().from(t);")).toEqual(['imports drizzle-orm', 'db.select']);
    expect(queriesIn("import type { SQL } from 'drizzle-orm';\nawait service.list(app.db, auth);")).toEqual([]);
  });
});
