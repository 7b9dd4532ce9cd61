/**
 * The one error handler: every failure becomes the envelope with a catalogue code; validation
 * failures name the field (400); stack traces never reach a client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldIssues } from '../../domain/entities/rules.js';
import { isDatabaseFailure } from '../db/pg-errors.js';
import { sendError } from './envelope.js';
import { AppError, FieldErrors } from '../../domain/app-error.js';

/** Registers the error and not-found handlers on `app`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof FieldErrors) {
      return sendError(req, reply, err.code, { field: err.field, issues: err.issues });
    }
    if (err instanceof AppError) {
      return sendError(req, reply, err.code, { field: err.field, data: err.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Every failing field at once, each with the code and message of its rule (docs/api.md).
      const issues = fieldIssues(
        err.validation.map((v) => ({
          ...(v.params as object),
          path: String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
          code: v.keyword,
          message: v.message,
        })),
      );
      return sendError(req, reply, issues[0]?.code ?? 400, { field: issues.map((i) => i.field).join(', '), issues });
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(req, reply, 402);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(req, reply, fe.statusCode === 415 ? 402 : 400, { detail: fe.code });
    }
    req.log.error({ err }, 'unhandled error');
    // A database that fails, refuses or does not answer in time is 706, never a bare 500.
    return sendError(req, reply, isDatabaseFailure(err) ? 706 : 500);
  });
}
