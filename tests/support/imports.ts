/**
 * Reading the repository's relative imports, for the layering tests (tests/unit/console and
 * tests/unit/server import-direction): which file imports which folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The repository's root. */
export const ROOT = resolve(__dirname, '../..');
const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const BARE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^./'"\n][^'"\n]*)['"]/g;

/** Every `.ts`/`.tsx` file under `dir` (absolute paths). */
export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** `file → imported path` (both relative to the root) for every relative import of `files` that lands under one of `into`. */
export function importsInto(files: string[], into: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(ROOT, resolve(dirname(file), m[1]));
      if (into.some((folder) => target.startsWith(`${folder}${sep}`))) out.push(`${relative(ROOT, file)} → ${target}`);
    }
  }
  return out;
}

/** One relative import of a file: where it lands, how, and the names it takes. */
export interface ImportOf {
  /** The importing file, relative to the root. */
  file: string;
  /** The imported path, relative to the root, as written (with or without `.js`). */
  target: string;
  /** `import('…')` rather than a static `import … from`. */
  dynamic: boolean;
  /** `import type { … }`: gone at run time. */
  typeOnly: boolean;
  /** The names of `import { a, type b as c }` (`a`, `b`); [] for default, namespace or bare imports. */
  names: string[];
}

const STATEMENT =
  /import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]|(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every relative import (static, dynamic, re-export) of `files`. */
export function importsOf(files: string[]): ImportOf[] {
  const out: ImportOf[] = [];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(STATEMENT)) {
      const spec = m[1] ?? m[4] ?? m[5];
      const braces = /\{([^}]*)\}/.exec(m[3] ?? '');
      const names = braces
        ? braces[1]
            .split(',')
            .map(
              (s) =>
                s
                  .trim()
                  .replace(/^type\s+/, '')
                  .split(/\s+as\s+/)[0],
            )
            .filter(Boolean)
        : [];
      out.push({
        file: relative(ROOT, file),
        target: relative(ROOT, resolve(dirname(file), spec)),
        dynamic: m[1] !== undefined,
        typeOnly: m[2] !== undefined,
        names,
      });
    }
  }
  return out;
}

/** A module path without its `.js`/`.ts`/`.tsx` ending, to compare with a file's path. */
export const stem = (path: string) => path.replace(/\.(js|ts|tsx)$/, '');

/** `file → package` (file relative to the root) for every import of `files` that names a package (not a relative path). */
export function packageImports(files: string[]): string[] {
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(BARE)].map((m) => `${relative(ROOT, file)} → ${m[1]}`));
}

/** `file → imported path` for every relative import of `files` that lands outside all of `within` (folders relative to the root). */
export function importsOutside(files: string[], within: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(ROOT, resolve(dirname(file), m[1]));
      if (!within.some((folder) => target.startsWith(`${folder}${sep}`))) out.push(`${relative(ROOT, file)} → ${target}`);
    }
  }
  return out;
}
