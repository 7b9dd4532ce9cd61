/**
 * The database schema (Drizzle, PostgreSQL dialect; PGlite and PostgreSQL 15+ alike), one file per
 * area. Columns are snake_case; JSON field names are the camelCase property names.
 * Every row that belongs to an operator carries `company_code` (requirements §12).
 * Money is `numeric` (decimal strings in JS); energy in kWh numeric(14,3); meter readings in Wh.
 *
 * A layer of pure declarations below both `domain/` and `server/`: it imports only drizzle-orm and
 * domain constants and types, so `domain/entities/*` derive their zod records from these tables
 * (drizzle-zod) and the server queries them (server/db/schema.ts re-exports this file).
 */
export * from './accounts.js';
export * from './network.js';
export * from './users.js';
export * from './orders.js';
export * from './charger-link.js';
export * from './events.js';
export * from './pricing.js';
export * from './devices.js';
export * from './smart-charging.js';
export * from './analytics.js';
export * from './tickets.js';
export * from './security.js';
