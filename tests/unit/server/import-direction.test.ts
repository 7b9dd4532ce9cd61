/**
 * The server's layering (requirements R12.2, R12.4): infrastructure
 * (`server/http`, `server/db`, `server/auth`, `server/cluster`) never reaches up into the modules or
 * the charger link; `domain/` is shared by the server and the console, so it imports neither; and
 * the server imports nothing of the console. The tables (`db/tables/`) lie below both: pure Drizzle
 * declarations that import only drizzle-orm and domain constants and types (never the zod entities,
 * which derive from them), so `domain/entities/` may import them. A new module builds on the layers below it, and a
 * layer below can be read and tested without the modules above it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsInto, importsOutside, packageImports, ROOT, sources } from '../../support/imports.js';

/** Relative imports under `from` that land under one of `into`. */
const crossings = (from: string, into: string[]) => importsInto(sources(join(ROOT, from)), into);

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
});
