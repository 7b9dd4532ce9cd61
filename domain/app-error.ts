/**
 * The typed failure every server layer throws to answer with a catalogue code (requirements §8):
 * pure (no Fastify, no database), so the HTTP layer, the modules and the charger link share it
 * without importing each other. The HTTP error handler (server/http/errors.ts) turns it into the
 * envelope of requirements §12.
 */
import type { ErrorCode } from './errors.js';
import type { FieldIssue } from './entities/rules.js';

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

/**
 * A failed input check: every failing field at once (docs/api.md "Field errors"). Answers the
 * code of the first failing field; the envelope carries `data.errors` (field → message in the
 * caller's language) and `data.codes` (field → catalogue code).
 */
export class FieldErrors extends AppError {
  constructor(readonly issues: readonly FieldIssue[]) {
    super(issues[0]?.code ?? 400, issues.map((i) => i.field).join(', '));
    this.name = 'FieldErrors';
  }
}

/** Throws `FieldErrors` for `issues` when there are any. */
export function throwIfIssues(issues: readonly FieldIssue[]): void {
  if (issues.length) throw new FieldErrors(issues);
}
