/**
 * Analytics rollups (requirements §14).
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { bigint, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * Analytics rollups (requirements §14): closed orders summed per charger and hour (UTC) and per
 * charger and day (UTC), kept up to date in the transaction that closes an order
 * (server/modules/analytics/rollup.ts) and built from the orders at start when empty. Orders
 * count in the bucket of their charger start time. `station_id` 0 = no station.
 */
const rollupColumns = () => ({
  companyCode: text('company_code').notNull(),
  stationId: integer('station_id').notNull().default(0),
  chargerId: integer('charger_id').notNull(),
  bucket: ts('bucket').notNull(),
  sessions: integer('sessions').notNull().default(0),
  energyKwh: numeric('energy_kwh', { precision: 18, scale: 3 }).notNull().default('0'),
  revenue: numeric('revenue', { precision: 18, scale: 2 }).notNull().default('0'),
  /** Σ session seconds (charger start → stop). */
  busySeconds: bigint('busy_seconds', { mode: 'number' }).notNull().default(0),
  /** Highest power of a session in the bucket, kW (sampled maximum, else the session's average). */
  peakPowerKw: numeric('peak_power_kw', { precision: 12, scale: 3 }).notNull().default('0'),
});

export const analyticsHour = pgTable('analytics_hour', rollupColumns(), (t) => [
  uniqueIndex('analytics_hour_key').on(t.chargerId, t.bucket),
  index('analytics_hour_company').on(t.companyCode, t.bucket),
  index('analytics_hour_station').on(t.stationId, t.bucket),
]);

export const analyticsDay = pgTable('analytics_day', rollupColumns(), (t) => [
  uniqueIndex('analytics_day_key').on(t.chargerId, t.bucket),
  index('analytics_day_company').on(t.companyCode, t.bucket),
  index('analytics_day_station').on(t.stationId, t.bucket),
]);

/**
 * The per-operator monthly rollup: closed orders summed per company, station and month (UTC), kept
 * in the same transaction as the hourly and daily ones, so a year of an operator (or of stations)
 * reads a few rows per station instead of every charger's days.
 */
export const analyticsMonth = pgTable(
  'analytics_month',
  (() => {
    const { chargerId: _perCharger, ...columns } = rollupColumns();
    return columns;
  })(),
  (t) => [uniqueIndex('analytics_month_key').on(t.companyCode, t.stationId, t.bucket), index('analytics_month_station').on(t.stationId, t.bucket)],
);

/**
 * Closed orders not yet added to the analytics rollups (server/modules/analytics/rollup.ts): the
 * transaction that closes an order notes it here, and one writer adds the noted orders in bulk, so
 * simultaneous Stops at one station never queue on that station's month row.
 */
export const analyticsPending = pgTable('analytics_pending', {
  orderId: integer('order_id').primaryKey(),
});
