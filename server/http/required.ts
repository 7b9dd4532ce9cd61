/**
 * Turns a missing required field into its "is empty" catalogue code naming the field
 * (requirements §5, §8: 600–679), after the zod schema has accepted the shape.
 */
import type { ErrorCode } from '../../domain/errors.js';
import { AppError } from '../../domain/app-error.js';

/** `T` with the fields `K` present and non-null. */
export type Filled<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };

/**
 * The first required field that is missing: absent or null on create, null (sent blank) on update.
 * @param fields field → its catalogue "is empty" code, checked in order.
 */
export function firstMissing(body: Record<string, unknown>, fields: Record<string, number>, mode: 'create' | 'update'): { field: string; code: number } | null {
  for (const [field, code] of Object.entries(fields)) {
    const v = body[field];
    const missing = mode === 'create' ? v === undefined || v === null : v === null;
    if (missing) return { field, code };
  }
  return null;
}

/**
 * Throws `AppError(code, field)` for the first required field that is absent or null (create),
 * or sent blank/null (update, where absent means "unchanged").
 */
export function requireFields<T extends object, K extends keyof T & string>(body: T, fields: Record<K, ErrorCode>, mode: 'create'): Filled<T, K>;
export function requireFields<T extends object>(body: T, fields: Record<string, ErrorCode>, mode: 'update'): T;
export function requireFields<T extends object>(body: T, fields: Record<string, ErrorCode>, mode: 'create' | 'update'): T {
  const miss = firstMissing(body as Record<string, unknown>, fields, mode);
  if (miss) throw new AppError(miss.code as ErrorCode, miss.field);
  return body;
}
