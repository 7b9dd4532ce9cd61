/**
 * What PostgreSQL cannot store in `text` or `jsonb`: the NUL character (U+0000) and lone UTF-16
 * surrogates. A charger may send either inside any JSON string (an idTag, DataTransfer data, a
 * vendor error code); they are replaced by U+FFFD (the replacement character) in strings and keys
 * before anything is stored or looked up, so such a message gets its proper OCPP answer (an
 * unknown idTag is Invalid) instead of a database error.
 */

/** `value` with every string (and object key) made storable; other values unchanged. */
export function storable<T>(value: T): T {
  return clean(value, 0) as T;
}

/** NUL, or a high surrogate without its low half, or a low one without its high half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL text cannot store
const JUNK = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function cleanString(s: string): string {
  return s.replace(JUNK, '\uFFFD');
}

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cleanString(value);
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[cleanString(k)] = clean(v, depth + 1);
  return out;
}
