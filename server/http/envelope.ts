/**
 * The response envelope of requirements §12 (`{ code, msg, data }`): success, failure with a catalogue
 * code (requirements §8) and the caller's language. The typed error modules throw is
 * domain/app-error.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catalogueMessage, httpStatusOf, pickLang, type ErrorCode, type Lang } from '../../domain/errors.js';
import { fieldMessage } from '../../domain/entities/messages.js';
import { fieldErrors, type FieldIssue } from '../../domain/entities/rules.js';

/** Values every length or range rule carries: they name no value at fault (see sendError). */
const LENGTH_BOUNDS = new Set(['max', 'min', 'length']);

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The caller's language: `language` cookie first, then Accept-Language, default English. */
export function langOf(req: FastifyRequest): Lang {
  const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  return pickLang(cookies?.language, req.headers['accept-language']);
}

/** A success envelope (code 200). */
export function ok<T>(req: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, msg: catalogueMessage(200, langOf(req)), data };
}

/**
 * Sends a catalogue failure with the HTTP status of its class. `msg` is the first failing rule's
 * message when that rule answers its own code (what is wrong and what to do, with the values it
 * names; never the code or the field's name), else the catalogue message naming the failing fields;
 * with `issues` (or a single `field` and no `data`), `data` carries the field errors
 * `{ errors: { field: message }, codes: { field: code } }` so that a form marks every field.
 */
export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  code: number,
  extra?: { field?: string; data?: unknown; detail?: string; issues?: readonly FieldIssue[] },
) {
  const lang = langOf(req);
  let msg = catalogueMessage(code, lang);
  if (extra?.field) msg = `${msg}: ${extra.field}`;
  if (extra?.detail) msg = `${msg} (${extra.detail})`;
  let data = extra?.data ?? null;
  const issues =
    extra?.issues ??
    (extra?.field && data === null && isCatalogueField(extra.field)
      ? [{ field: extra.field, code: code as ErrorCode, key: `catalogue.${code}`, values: {} }]
      : undefined);
  if (issues?.length) {
    data = { errors: fieldErrors(issues, lang), codes: Object.fromEntries(issues.map((i) => [i.field, i.code])) };
    // A rule that names the values at fault says what is wrong in the operator's words, without the
    // field's name (the form marks the field): "This window overlaps 18:00–22:00…", "Version 6.3.13
    // of … exists already…". Other failures keep the catalogue message naming the fields (the API's
    // contract for integrators; the console shows each field's own message under the field).
    const first = issues[0];
    const names = Object.keys(first.values ?? {}).filter((k) => !LENGTH_BOUNDS.has(k));
    if (first.code !== 400 && names.length > 0) msg = fieldMessage(first.key, lang, first.values);
  }
  return reply.status(httpStatusOf(code)).send({ code, msg, data });
}

/** A field name (`cardNumber`, `details.2.startTime`), not a list or a free text. */
const isCatalogueField = (field: string) => /^[A-Za-z][\w.]*$/.test(field);

/** A paged collection (`{ records, total }`). */
export interface Page<T> {
  records: T[];
  total: number;
}
