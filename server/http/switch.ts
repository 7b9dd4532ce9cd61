/**
 * The `PUT …/{id}/status` switches (accounts `active`, roles and menus `enabled`; requirements §4
 * activate/deactivate): the flag comes in the JSON body or, from older clients, as a query
 * parameter `?active=true`. Absent from both → the entity's "is empty" code naming the flag.
 */
import { z } from 'zod';
import type { ErrorCode } from '../../domain/errors.js';
import { AppError } from '../../domain/app-error.js';

const queryFlag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const bodyFlag = z.boolean().optional();

/** `querystring` and `body` of a switch route whose flag is `field`. */
export function switchSchema<F extends string>(field: F) {
  return {
    querystring: z.object({ [field]: queryFlag } as { [K in F]: typeof queryFlag }),
    body: z.object({ [field]: bodyFlag } as { [K in F]: typeof bodyFlag }).nullish(),
  };
}

/** The flag of a switch request (the body wins over the query); absent → `AppError(empty, field)`. */
export function switchValue<F extends string>(
  req: { body?: Partial<Record<F, boolean | undefined>> | null; query: Partial<Record<F, boolean | undefined>> },
  field: F,
  empty: ErrorCode,
): boolean {
  const value = req.body?.[field] ?? req.query[field];
  if (value === undefined) throw new AppError(empty, field);
  return value;
}
