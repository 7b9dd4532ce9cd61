/**
 * The server's layering (requirements R12.2, R12.4): infrastructure
 * (`server/http`, `server/db`, `server/auth`, `server/cluster`) never reaches up into the modules or
 * the charger link; `domain/` is shared by the server and the console, so it imports neither; and
 * the server imports nothing of the console. A new module builds on the layers below it, and a
 * layer below can be read and tested without the modules above it.
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

/** `file → imported path` for every relative import under `from` that lands under one of `into`. */
function crossings(from: string, into: string[]): string[] {
  const out: string[] = [];
  for (const file of sources(join(ROOT, from))) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(ROOT, resolve(dirname(file), m[1]));
      if (into.some((folder) => target.startsWith(`${folder}${sep}`))) out.push(`${relative(ROOT, file)} → ${target}`);
    }
  }
  return out;
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
