/**
 * PostgreSQL error inspection, independent of the driver (pg, PGlite) and of Drizzle's wrapping
 * (`DrizzleQueryError.cause`). Map constraint names to catalogue codes, never message text.
 */

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

/** The constraint name of a unique violation (SQLSTATE 23505), else undefined. */
export function uniqueViolation(err: unknown): string | undefined {
  const pe = pgErrorOf(err);
  return pe?.code === '23505' ? pe.constraint ?? '' : undefined;
}

/** The constraint name of a check violation (SQLSTATE 23514), else undefined. */
export function checkViolation(err: unknown): string | undefined {
  const pe = pgErrorOf(err);
  return pe?.code === '23514' ? pe.constraint ?? '' : undefined;
}

/** Runs `fn`; a unique violation of a constraint listed in `codes` becomes AppError(code). */
export async function mapUnique<T>(fn: () => Promise<T>, codes: Record<string, () => Error>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const c = uniqueViolation(err);
    if (c !== undefined && codes[c]) throw codes[c]();
    throw err;
  }
}
