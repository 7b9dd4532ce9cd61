/**
 * The console's layering (requirements R12.4): `resources/` may import `src/`, but `src/` reaches
 * `resources/` only through the resource registry's lazy imports, and what two resources share
 * lives in `src/` — so a new screen builds on `src/` without pulling in another screen's folder.
 */
import { join, relative } from 'node:path';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importsInto, ROOT, sources } from '../../support/imports.js';

describe('console import direction', () => {
  it('src/ imports resources/ only from the resource registry', () => {
    const files = sources(join(ROOT, 'src')).filter((f) => relative(ROOT, f) !== join('src', 'resources', 'registry.ts'));
    expect(importsInto(files, ['resources'])).toEqual([]);
  });

  it('a resource folder imports no other resource folder (shared pieces live in src/)', () => {
    const crossing = readdirSync(join(ROOT, 'resources')).flatMap((name) =>
      importsInto(sources(join(ROOT, 'resources', name)), ['resources']).filter((line) => !line.split(' → ')[1].startsWith(join('resources', name, ''))),
    );
    expect(crossing).toEqual([]);
  });
});
