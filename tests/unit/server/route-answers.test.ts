/**
 * Every route declares its answers one way (docs/decisions.md "How a module is built"; issue 10's
 * complete OpenAPI): `response: answersWith(record)` — the success envelope and the failure
 * envelope of 4xx and 5xx (requirements §12, docs/api.md "Field errors") — or, for a download,
 * `{ 200: fileAnswer(type, description) }`, whose failures the API's `onRoute` hook declares.
 * No `{ 200: envelopeOf(...) }` by hand: it leaves the failures out of the source.
 * tests/api/openapi-walk.test.ts checks the same on the built OpenAPI.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sources } from '../../support/imports.js';

/** The ways a `response:` may be written. */
const DECLARED = /^(answersWith\(|\{\s*200:\s*fileAnswer\()/;

/** The `response:` values of `text` that are not declared one of the allowed ways (`line: text`). */
function looseAnswers(text: string): string[] {
  // Names bound to an answersWith(...) (`const one = answersWith(record)`) count as answersWith.
  const named = new Set([...text.matchAll(/\bconst\s+(\w+)\s*=\s*answersWith\(/g)].map((m) => m[1]));
  const out: string[] = [];
  // A formatted declaration may break after `{`: whitespace, newlines included, is read as one space.
  for (const m of text.matchAll(/\bresponse\s*:\s*([^,]{0,60})/g)) {
    const value = m[1].replace(/\s+/g, ' ').trim();
    if (DECLARED.test(value) || named.has(value.replace(/[\s,}].*$/, ''))) continue;
    out.push(`${text.slice(0, m.index).split('\n').length}: response: ${value}`);
  }
  for (const m of text.matchAll(/\benvelopeOf\(/g)) out.push(`${text.slice(0, m.index).split('\n').length}: envelopeOf( outside answersWith`);
  return out;
}

describe('route answers are declared one way', () => {
  const files = sources(join(ROOT, 'server'));

  it('every response of a server route is answersWith(...) or a fileAnswer download', () => {
    const offenders = files.flatMap((f) => looseAnswers(readFileSync(f, 'utf8')).map((x) => `${relative(ROOT, f)}:${x}`));
    expect(offenders).toEqual([]);
  });

  it('finds a response declared another way (the check can fail)', () => {
    expect(looseAnswers("r.get('/x', { schema: { response: { 200: envelopeOf(rec) } } }, h);")).toHaveLength(2);
    expect(looseAnswers("const one = answersWith(rec);\nr.get('/x', { schema: { response: one } }, h);")).toEqual([]);
    expect(looseAnswers("r.get('/x', { schema: { response: { 200: fileAnswer('application/pdf', 'A PDF') } } }, h);")).toEqual([]);
    expect(looseAnswers("r.get('/x', { schema: { response: { 200: rec } } }, h);")).toHaveLength(1);
  });
});
