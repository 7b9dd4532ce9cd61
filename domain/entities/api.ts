/**
 * The API's common shapes (docs/api.md "Envelope", "Collections", "Field errors"): the envelope
 * `{ code, msg, data }`, a page `{ records, total }`, the failure envelope with its field errors,
 * and the value primitives of records (ISO times, decimal strings). Every route's `response`
 * is built from these, so the OpenAPI at `/sp/docs` describes what the server sends.
 */
import { z } from 'zod';

/** ISO-8601 UTC time string. */
export const isoTime = z.string().describe('ISO-8601 UTC time');
/** A decimal number as a string (money, kWh). */
export const decimal = z.string().describe('decimal string');
/** A whole number. */
export const int = z.number().int();

/** The success envelope `{ code, msg, data }` around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** `{ records, total }` of a collection. */
export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: z.number().int() });
}

/**
 * The failure envelope: `code` of the first failing field (or of the failure), `msg` in the
 * caller's language naming the fields, and — when fields failed — `data.errors` (field → message)
 * and `data.codes` (field → catalogue code), every failing field at once.
 */
export const failureEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.union([
    z.object({
      errors: z.record(z.string(), z.string()).optional(),
      codes: z.record(z.string(), z.number().int()).optional(),
    }).catchall(z.unknown()),
    z.null(),
  ]),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

/**
 * A route's `response` declaration: `data` on success (200), the failure envelope otherwise.
 * Use as `schema: { response: answers(pageOf(cardUserRecord)) }`.
 */
export function answersWith<T extends z.ZodType>(data: T) {
  return { 200: envelopeOf(data), '4xx': failureEnvelope, '5xx': failureEnvelope } as const;
}

/** The answer of an action with no payload (`data: null`). */
export const noData = z.null();

/** `/:id` path parameters. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The `response` of a download: a file of `contentType` on success, the failure envelope otherwise. */
export function fileAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } } };
}
