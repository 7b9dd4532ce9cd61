/**
 * The one error handler: every failure becomes the envelope with a catalogue code; validation
 * failures name the field (400); stack traces never reach a client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, sendError } from './envelope.js';

/** Registers the error and not-found handlers on `app`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return sendError(req, reply, err.code, { field: err.field, data: err.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const field = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '');
        errors[field || 'body'] = v.message ?? 'invalid';
      }
      const fields = Object.keys(errors).join(', ');
      return sendError(req, reply, 400, { field: fields, data: { errors } });
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(req, reply, 402);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(req, reply, fe.statusCode === 415 ? 402 : 400, { detail: fe.code });
    }
    req.log.error({ err }, 'unhandled error');
    const pgCode = (err as { code?: string }).code;
    return sendError(req, reply, pgCode && /^[0-9A-Z]{5}$/.test(pgCode) ? 706 : 500);
  });
}
