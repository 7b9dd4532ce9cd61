/**
 * Records from the tables (requirements R12.4): the zod shape of a stored row is derived from its
 * Drizzle table (db/tables/) with drizzle-zod, never listed by hand. As the API answers a row,
 * time columns are ISO-8601 UTC strings (`isoTime`) and numeric columns decimal strings
 * (`decimal`); every other column keeps the schema drizzle-zod derives from its type and
 * nullability. An entity then omits what it does not show (secrets, internal state), refines its
 * enums and extends the row with its computed extras (company name, currency, online state…):
 *
 *   export const cardUserRecord = storedRecord(cardUser).omit({ createdAt: true }).extend({ … });
 *
 * The server answers a row the same way: {@link storedJson} turns its `Date`s into ISO strings, so a
 * mapper spreads the row and adds only the extras (server/modules/card-user/mapper.ts).
 */
import { getTableColumns, type Table } from 'drizzle-orm';
import { createSelectSchema, type BuildSchema } from 'drizzle-zod';
import { z } from 'zod';
import { decimal, isoTime } from './api.js';

type SelectShape<T extends Table> = BuildSchema<'select', T['_']['columns'], undefined, undefined>['shape'];

/** A derived column schema as the API answers it: `Date` → ISO string (numeric columns already derive as strings). */
type AsAnswered<S> = S extends z.ZodNullable<z.ZodDate> ? z.ZodNullable<typeof isoTime> : S extends z.ZodDate ? typeof isoTime : S;

/** The shape of `T`'s rows as the API answers them. */
export type StoredShape<T extends Table> = { [K in keyof SelectShape<T>]: AsAnswered<SelectShape<T>[K]> };

/**
 * The zod record of `table`'s rows as the API answers them (all columns, in the table's order):
 * timestamps as `isoTime`, numerics as `decimal`, the rest as drizzle-zod derives them.
 */
export function storedRecord<T extends Table>(table: T): z.ZodObject<StoredShape<T>> {
  const derived = createSelectSchema(table) as unknown as z.ZodObject<z.ZodRawShape>;
  const columns = getTableColumns(table);
  const shape = Object.fromEntries(
    Object.entries(derived.shape).map(([key, schema]) => {
      const column = columns[key];
      const answered = column?.columnType === 'PgTimestamp' ? isoTime : column?.columnType === 'PgNumeric' ? decimal : undefined;
      return [key, answered ? (column.notNull ? answered : answered.nullable()) : schema];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<StoredShape<T>>;
}

/** A row as the API answers it: its `Date`s as ISO strings (`Date | null` → `string | null`). */
export type StoredJson<R> = { [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K] };

/** `row` with every `Date` value as its ISO-8601 UTC string (the other values as they are). */
export function storedJson<R extends object>(row: R): StoredJson<R> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])) as StoredJson<R>;
}

/** A mask of keys (`{ key: true }`), as zod's `.omit` takes it. */
export type KeyMask<R> = { readonly [K in keyof R]?: true };

/** `row` without the keys of `mask` (the same mask the record's `.omit` takes, so both drop the same columns). */
export function withoutKeys<R extends object, M extends KeyMask<R>>(row: R, mask: M): Omit<R, keyof M> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !(k in mask))) as Omit<R, keyof M>;
}
