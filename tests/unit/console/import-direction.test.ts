/**
 * The console's layering (requirements R12.4): `resources/` may import `src/`, but `src/` reaches
 * `resources/` only through the resource registry's lazy imports, and what two resources share
 * lives in `src/` — so a new screen builds on `src/` without pulling in another screen's folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** `file → imported path` for every relative import of `file` that lands under `root/<folder>/`. */
function importsInto(files: string[], folder: string): string[] {
  const out: string[] = [];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(ROOT, resolve(dirname(file), m[1]));
      if (target.startsWith(`${folder}${sep}`)) out.push(`${relative(ROOT, file)} → ${target}`);
    }
  }
  return out;
}

describe('console import direction', () => {
  it('src/ imports resources/ only from the resource registry', () => {
    const files = sources(join(ROOT, 'src')).filter((f) => relative(ROOT, f) !== join('src', 'resources', 'registry.ts'));
    expect(importsInto(files, 'resources')).toEqual([]);
  });

  it('a resource folder imports no other resource folder (shared pieces live in src/)', () => {
    const crossing = readdirSync(join(ROOT, 'resources')).flatMap((name) =>
      importsInto(sources(join(ROOT, 'resources', name)), 'resources').filter((line) => !line.split(' → ')[1].startsWith(join('resources', name, ''))),
    );
    expect(crossing).toEqual([]);
  });
});
