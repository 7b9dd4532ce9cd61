/**
 * Column helpers shared by the table declarations of db/tables/: time stamps with time zone as
 * JS `Date`s, the creation time every row carries, and `bytea` as a Buffer.
 */
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` column read as a JS `Date`. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** `created_at`: not null, defaults to now. */
export const createdAt = () => ts('created_at').notNull().defaultNow();

/** `bytea` as a Buffer (PGlite answers a Uint8Array, pg a Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
