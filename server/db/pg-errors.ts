/**
 * PostgreSQL error inspection, independent of the driver (pg, PGlite) and of Drizzle's wrapping
 * (`DrizzleQueryError.cause`). Map constraint names to catalogue codes, never message text.
 */
import type { ErrorCode } from '../../domain/errors.js';
import { AppError } from '../../domain/app-error.js';

interface PgLikeError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgErrorOf(err: unknown): PgLikeError | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const pe = e as PgLikeError;
    if (typeof pe.code === 'string' && /^[0-9A-Z]{5}$/.test(pe.code)) return pe;
    e = pe.cause;
  }
  return undefined;
}

/**
 * True when `err` is a failure of the database rather than of the request: an error with a
 * SQLSTATE, a query Drizzle could not run, or the driver losing or never reaching its server
 * (connection refused or timed out, statement or query timeout). Answered 706 on the API.
 */
export function isDatabaseFailure(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const x = e as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
    if (typeof x.code === 'string' && (/^[0-9A-Z]{5}$/.test(x.code) || /^E(CONNREFUSED|CONNRESET|TIMEDOUT|HOSTUNREACH|NOTFOUND|PIPE)$/.test(x.code)))
      return true;
    if (x.name === 'DrizzleQueryError') return true;
    if (typeof x.message === 'string' && /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect)/.test(x.message)) return true;
    e = x.cause;
  }
  return false;
}

/** The constraint name of a unique violation (SQLSTATE 23505), else undefined. */
export function uniqueViolation(err: unknown): string | undefined {
  const pe = pgErrorOf(err);
  return pe?.code === '23505' ? (pe.constraint ?? '') : undefined;
}

/** The constraint name of a check violation (SQLSTATE 23514), else undefined. */
export function checkViolation(err: unknown): string | undefined {
  const pe = pgErrorOf(err);
  return pe?.code === '23514' ? (pe.constraint ?? '') : undefined;
}

/** What a unique constraint's violation answers: the catalogue code and the input field it names. */
export type UniqueAnswer = readonly [code: ErrorCode, field: string];

/**
 * Runs `fn`; a unique violation of a constraint listed in `answers` becomes `AppError(code, field)`
 * (requirements §8 30x: the field is named and marked, never the constraint). The one mapping of
 * duplicates to codes (issue 9 item 24).
 */
export async function mapUnique<T>(fn: () => Promise<T>, answers: Readonly<Record<string, UniqueAnswer>>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const c = uniqueViolation(err);
    const answer = c !== undefined && Object.hasOwn(answers, c) ? answers[c] : undefined;
    if (answer) throw new AppError(answer[0], answer[1]);
    throw err;
  }
}
