/**
 * Form-level validation of the asset forms with the server's own zod schema (domain/schemas):
 * every failed field gets the message of its catalogue code (spec §8) in the user's language,
 * exactly as the server would answer it; a plain format error (code 400) gets `invalidText`, or
 * `requiredText` when the value is empty.
 */
import { z } from 'zod';
import { catalogueMessage, type ErrorCode } from '../../domain/errors';
import { failureOf } from '../../domain/schemas/asset-common';

/**
 * Errors keyed by the top-level field (`{ name: '…' }`), one per field (the first issue).
 * Fields listed in `skip` are not reported (e.g. a companyCode the server fills in).
 */
export function schemaErrors(
  schema: z.ZodType,
  values: Record<string, unknown>,
  emptyCodes: Readonly<Record<string, ErrorCode>>,
  lang: 'en' | 'zh',
  invalidText: string,
  skip: readonly string[] = [],
  requiredText: string = invalidText,
): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!key || key in errors || skip.includes(key)) continue;
    const { code } = failureOf(new z.ZodError([issue]), values, emptyCodes);
    const raw = values[key];
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    errors[key] = code === 400 ? (empty ? requiredText : invalidText) : catalogueMessage(code, lang);
  }
  return errors;
}
