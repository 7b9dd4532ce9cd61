/**
 * The response envelope of DESIGN.md §3 (`{ code, msg, data }`) and the typed error that every
 * module throws to answer with a catalogue code (spec §8).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catalogueMessage, httpStatusOf, pickLang, type ErrorCode, type Lang } from '../../domain/errors.js';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A failure with a catalogue code; `field` names the offending input, `data` rides along. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
    readonly data?: unknown,
  ) {
    super(`catalogue ${code}${field ? ` (${field})` : ''}`);
    this.name = 'AppError';
  }
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

/** Sends a catalogue failure with the HTTP status of its class. */
export function sendError(req: FastifyRequest, reply: FastifyReply, code: number, extra?: { field?: string; data?: unknown; detail?: string }) {
  const lang = langOf(req);
  let msg = catalogueMessage(code, lang);
  if (extra?.field) msg = `${msg}: ${extra.field}`;
  if (extra?.detail) msg = `${msg} (${extra.detail})`;
  return reply.status(httpStatusOf(code)).send({ code, msg, data: extra?.data ?? null });
}

/** A paged collection (`{ records, total }`). */
export interface Page<T> {
  records: T[];
  total: number;
}
