/**
 * Building blocks of the network-asset schemas (stations, groups, chargers, gateways, rate
 * templates) and the mapping of a zod failure to a catalogue code (requirements §8), so that the server
 * and the console's forms answer the same code for the same input. Schemas carry no text: a rule
 * that has its own code puts it in the issue's `params.code`.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { issueOf } from '../entities/rules.js';

/** Optional free text: '' and whitespace become null; trimmed; at most `max` characters. */
export const optText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullish());

/** Required text, trimmed, 1..max characters. */
export const reqText = (max: number) => z.string().trim().min(1).max(max);

/** A number that may arrive as a numeric string (form fields, query strings); '' and null stay missing. */
export const num = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v ?? undefined), inner);

/**
 * A decimal string (numbers are accepted and turned into strings) with at most `decimals`
 * fraction digits. `signed` lets a minus sign through so that a rule can answer its own code
 * (649 tax below 0, 650 negative amount) instead of 400.
 */
export const decimalString = (decimals: number, signed = false) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string().regex(new RegExp(`^${signed ? '-?' : ''}\\d{1,10}(\\.\\d{1,${decimals}})?$`)),
  );

/** A failure mapped to the catalogue: its code and the field path (`details.2.startTime`). */
export interface FieldFailure {
  code: ErrorCode;
  field: string;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/**
 * The catalogue code of the first issue of a failed parse:
 * - an issue of a rule with its own code (`params.code` or a `catalogue.<code>` message) → that code;
 * - a missing or empty value at a field listed in `emptyCodes` → the field's "is empty" code
 *   (600–679, 810…); the list is keyed by the field path, its last or its first segment;
 * - anything else → 400 (parameter error), naming the field.
 */
export function failureOf(error: z.ZodError, input: unknown, emptyCodes: Readonly<Record<string, ErrorCode>>): FieldFailure {
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.');
  const own = issueOf(issue).code;
  if (own !== 400) return { code: own, field };
  const raw = valueAt(input, issue.path);
  const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);
  const last = String(issue.path[issue.path.length - 1] ?? '');
  const key = [field, last, String(issue.path[0] ?? '')].find((k) => k in emptyCodes) ?? '';
  if (empty && key in emptyCodes) return { code: emptyCodes[key], field };
  return { code: 400, field: field || 'body' };
}
