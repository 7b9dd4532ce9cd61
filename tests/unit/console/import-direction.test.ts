/**
 * The console's layering (requirements R12.4; docs/decisions.md "Layers"): `resources/` may import
 * `src/`, but `src/` reaches `resources/` only through the resource registry's lazy imports, and
 * what two resources share lives in `src/` — so a new screen builds on `src/` without pulling in
 * another screen's folder. The route and permission rules are pure and live in `domain/`; the auth
 * provider and the console's layout both read them there, so the provider needs nothing of `src/`.
 * The console sees the tables (`db/tables/`) only through the zod records `domain/entities/`
 * derives from them, and nothing of the server.
 */
import { join, relative } from 'node:path';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importsInto, importsOf, ROOT, sources } from '../../support/imports.js';

describe('console import direction', () => {
  it('src/ imports resources/ only from the resource registry', () => {
    const files = sources(join(ROOT, 'src')).filter((f) => relative(ROOT, f) !== join('src', 'resources', 'registry.ts'));
    expect(importsInto(files, ['resources'])).toEqual([]);
  });

  it('the console imports neither the tables nor the server directly (only domain/ entities derived from them)', () => {
    const files = ['src', 'resources', 'dataProvider', 'authProvider'].flatMap((dir) => sources(join(ROOT, dir)));
    expect(importsInto(files, ['db', 'server'])).toEqual([]);
  });

  it('a resource folder imports no other resource folder (shared pieces live in src/)', () => {
    const crossing = readdirSync(join(ROOT, 'resources')).flatMap((name) =>
      importsInto(sources(join(ROOT, 'resources', name)), ['resources']).filter((line) => !line.split(' → ')[1].startsWith(join('resources', name, ''))),
    );
    expect(crossing).toEqual([]);
  });

  it('the auth provider imports nothing of the console (src/): it reads the route rules from domain/', () => {
    expect(importsInto(sources(join(ROOT, 'authProvider')), ['src'])).toEqual([]);
    expect(importsOf(sources(join(ROOT, 'authProvider'))).map((i) => i.target)).toContain(join('domain', 'access'));
  });

  it('the route rules are not in src/: no file of the console, the providers or the tests imports src/routes/access', () => {
    const files = ['src', 'resources', 'authProvider', 'dataProvider', 'tests'].flatMap((d) => sources(join(ROOT, d)));
    expect(
      importsOf(files)
        .filter((i) => i.target === join('src', 'routes', 'access'))
        .map((i) => i.file),
    ).toEqual([]);
  });
});
