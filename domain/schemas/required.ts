/**
 * Required-field handling shared by the entity schemas: a blank string counts as missing, and a
 * missing required field answers with its "is empty" catalogue code (600–679) naming the field
 * (requirements §5, §8) rather than a generic 400.
 */
import { z } from 'zod';

/** `''` and whitespace-only strings become null; other values pass unchanged. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * A field that is required on create: blank or absent passes the schema (as null/undefined) so
 * that the service can answer with the field's 6xx code instead of 400.
 */
export const requiredField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullish());

/** An optional text field: blank becomes null (cleared). */
export const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullish());

/** An optional e-mail: blank becomes null. */
export const optionalEmail = z.preprocess(blankToNull, z.email().trim().max(254).toLowerCase().nullish());

/** A phone number: digits with optional leading +, spaces, dashes and parentheses. */
export const phoneSchema = z.string().trim().max(32).regex(/^\+?[0-9 ()-]{3,32}$/);

/** Login names: letters, digits, `_ . @ -`, 2–64 characters. */
export const usernameSchema = z.string().trim().min(2).max(64).regex(/^[A-Za-z0-9_.@-]+$/);

/** Passwords: 6–64 characters. */
export const passwordSchema = z.string().min(6).max(64);

/** True when `tz` is an IANA time zone the runtime knows (one rule, in the entity rules). */
export { isTimeZone } from '../entities/rules.js';

/** True when a person's name contains a number character (requirements §5, code 900): `hasDigit`. */
export { hasDigit as nameHasDigit } from '../entities/rules.js';

/**
 * The first required field that is missing: absent or null on create, null (sent blank) on update.
 * @param fields field → its catalogue "is empty" code, checked in order.
 */
export function firstMissing(
  body: Record<string, unknown>,
  fields: Record<string, number>,
  mode: 'create' | 'update',
): { field: string; code: number } | null {
  for (const [field, code] of Object.entries(fields)) {
    const v = body[field];
    const missing = mode === 'create' ? v === undefined || v === null : v === null;
    if (missing) return { field, code };
  }
  return null;
}
