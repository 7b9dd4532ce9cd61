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
    z
      .object({
        errors: z.record(z.string(), z.string()).optional(),
        codes: z.record(z.string(), z.number().int()).optional(),
      })
      .catchall(z.unknown()),
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

/**
 * Record fragments: fields that mean the same thing in every record that has them, spread into
 * the record where they stand (`z.object({ id: int, ...ofCompany, name: z.string() })`).
 */
/** The operator company a record belongs to: its code and its name (null when not found). */
export const ofCompany = { companyCode: z.string(), companyName: z.string().nullable() };
/** The station a record is at, by id and name (null when it has none). */
export const atStation = { stationId: int.nullable(), stationName: z.string().nullable() };

/** Query fields of the list filters (query strings arrive as text). */
/** An id to filter by: a whole number above 0 that fits a database integer. */
export const idFilter = z.coerce.number().int().positive().max(2_147_483_647).optional();
/** `true` / `false` as a boolean. */
export const flagFilter = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
/** One value or several in a query string (`?status=A&status=B`), always a list. */
export const manyQuery = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));
/** An optional list filter (`manyQuery`). */
export const listFilter = manyQuery.optional();
/** The filters of a company's list: the operator company and a free-text search (substring). */
export const companyListFilters = { companyCode: z.string().optional(), q: z.string().max(100).optional() };
