/**
 * The response envelope of requirements §12 (`{ code, msg, data }`): success, failure with a catalogue
 * code (requirements §8) and the caller's language. The typed error modules throw is
 * domain/app-error.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catalogueMessage, httpStatusOf, pickLang, type ErrorCode, type Lang } from '../../domain/errors.js';
import { fieldMessage } from '../../domain/entities/messages.js';
import { fieldErrors, type FieldIssue } from '../../domain/entities/rules.js';

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
    // A rule with its own code says what is wrong in the operator's words, without the field's name
    // (the form marks the field): "This window overlaps 18:00–22:00…", "Version 6.3.13 of … exists already…".
    if (issues[0].code !== 400) msg = fieldMessage(issues[0].key, lang, issues[0].values);
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
