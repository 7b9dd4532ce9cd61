/**
 * Home chargers, smart charging, load balancing, reservations and local lists (requirements §16).
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { charger, station } from './network.js';
import { appUser } from './users.js';

/**
 * Home-edition chargers (requirements §3 "Home charger"): a charger (one row each) with its owner
 * (an app user), its maximum current (A), the home load-balancing switch and current (A). The
 * last command sent to the charger and its answer are kept in `lastCommand`.
 */
export const homeCharger = pgTable(
  'home_charger',
  {
    id: serial('id').primaryKey(),
    chargerId: integer('charger_id')
      .notNull()
      .unique()
      .references(() => charger.id, { onDelete: 'cascade' }),
    companyCode: text('company_code').notNull(),
    ownerAppUserId: integer('owner_app_user_id').references(() => appUser.id),
    maxCurrentA: integer('max_current_a').notNull(),
    loadBalancing: boolean('load_balancing').notNull().default(false),
    loadBalancingCurrentA: integer('load_balancing_current_a'),
    lastCommand: jsonb('last_command').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('home_charger_company').on(t.companyCode),
    check('home_charger_current', sql`${t.maxCurrentA} > 0 and (${t.loadBalancingCurrentA} is null or ${t.loadBalancingCurrentA} <= ${t.maxCurrentA})`),
  ],
);

/**
 * Home app users (requirements §3 "App user" home fields): an app user's membership of a home
 * charger with its level (OWNER, FAMILY, GUEST) and last login. One OWNER per charger.
 */
export const homeMember = pgTable(
  'home_member',
  {
    id: serial('id').primaryKey(),
    homeChargerId: integer('home_charger_id')
      .notNull()
      .references(() => homeCharger.id, { onDelete: 'cascade' }),
    appUserId: integer('app_user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    companyCode: text('company_code').notNull(),
    level: text('level').notNull(),
    lastLoginAt: ts('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('home_member_once').on(t.homeChargerId, t.appUserId),
    uniqueIndex('home_member_one_owner').on(t.homeChargerId).where(sql`${t.level} = 'OWNER'`),
    index('home_member_user').on(t.appUserId),
  ],
);

/**
 * Smart-charging schedules (requirements §5 "Smart charging"): daily time windows with a current
 * limit (A), for one charger or every charger of a station, sent as an OCPP 1.6 charging profile
 * of `purpose` (ChargePointMaxProfile, TxDefaultProfile, TxProfile). `windows` is
 * `[{ startTime: 'HH:mm', endTime: 'HH:mm', limitA }]`.
 */
export const chargingSchedule = pgTable(
  'charging_schedule',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    name: text('name').notNull(),
    stationId: integer('station_id').references(() => station.id, { onDelete: 'cascade' }),
    chargerId: integer('charger_id').references(() => charger.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull().default(0),
    purpose: text('purpose').notNull(),
    stackLevel: integer('stack_level').notNull().default(1),
    /** OCPP chargingProfileKind: Recurring (daily), Absolute (once, from validFrom to validTo) or Relative (from the transaction's start). */
    kind: text('kind').notNull().default('Recurring'),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    windows: jsonb('windows').$type<{ startTime: string; endTime: string; limitA: number }[]>().notNull(),
    /** Current outside the windows (A). */
    defaultLimitA: integer('default_limit_a').notNull(),
    lastSent: jsonb('last_sent').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('charging_schedule_company').on(t.companyCode),
    check('charging_schedule_target', sql`${t.stationId} is not null or ${t.chargerId} is not null`),
  ],
);

/**
 * Dynamic load balancing of a station: its grid connection limit (A per phase), the minimum a
 * charging connector is given (A) and the fallback limit a charger keeps when offline (A).
 */
export const stationLoad = pgTable(
  'station_load',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => station.id, { onDelete: 'cascade' }),
    companyCode: text('company_code').notNull(),
    gridLimitA: integer('grid_limit_a').notNull(),
    minCurrentA: integer('min_current_a').notNull().default(6),
    fallbackCurrentA: integer('fallback_current_a').notNull().default(6),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('station_load_limits', sql`${t.gridLimitA} > 0 and ${t.minCurrentA} >= 0 and ${t.fallbackCurrentA} >= 0`)],
);

/**
 * The current given to each running transaction by load balancing (`allottedA`, from the last
 * TxProfile sent and its answer) and the current it measured (`measuredA`, Current.Import of its
 * last MeterValues). One row per charging connector; removed when its session ends.
 */
export const loadAllocation = pgTable(
  'load_allocation',
  {
    chargerId: integer('charger_id')
      .notNull()
      .references(() => charger.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    stationId: integer('station_id').notNull(),
    transactionId: integer('transaction_id').notNull(),
    allottedA: numeric('allotted_a', { precision: 8, scale: 1 }),
    answer: text('answer'),
    sentAt: ts('sent_at'),
    measuredA: numeric('measured_a', { precision: 8, scale: 1 }),
    measuredAt: ts('measured_at'),
  },
  (t) => [primaryKey({ columns: [t.chargerId, t.connectorId] }), index('load_allocation_station').on(t.stationId)],
);

/**
 * A ClearChargingProfile still owed to a charger (requirements R16.8): a feature that sent a profile
 * (a home charger, a station's load balancing, a schedule) was switched off while the charger was
 * not connected (or did not answer); the request is sent when the charger next connects. One row
 * per charger and request (`key`: the request as JSON); setting the feature again removes it.
 */
export const pendingProfileClear = pgTable(
  'pending_profile_clear',
  {
    id: serial('id').primaryKey(),
    chargerId: integer('charger_id')
      .notNull()
      .references(() => charger.id, { onDelete: 'cascade' }),
    companyCode: text('company_code').notNull(),
    key: text('key').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_profile_clear_once').on(t.chargerId, t.key)],
);

/** Reservations (OCPP ReserveNow): `id` is the reservationId sent to the charger. */
export const reservation = pgTable(
  'reservation',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    chargerId: integer('charger_id')
      .notNull()
      .references(() => charger.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    idTag: text('id_tag').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** REQUESTED, ACCEPTED, REFUSED (`answer` says why), then USED, CANCELLED or EXPIRED (set by the server's sweep). */
    status: text('status').notNull().default('REQUESTED'),
    answer: text('answer'),
    orderId: integer('order_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reservation_charger').on(t.chargerId, t.createdAt),
    index('reservation_active').on(t.expiresAt).where(sql`${t.status} = 'ACCEPTED'`),
    // One live reservation per connector (REQUESTED while the charger is asked, then ACCEPTED).
    uniqueIndex('reservation_one_live').on(t.chargerId, t.connectorId).where(sql`${t.status} in ('REQUESTED', 'ACCEPTED')`),
  ],
);

/**
 * The local authorisation list last sent to a charger (OCPP SendLocalList, requirements R15.24):
 * its version, the idTags it holds (so the next differential list sends only the changes), the
 * update type and the charger's answer.
 */
export const localList = pgTable(
  'local_list',
  {
    chargerId: integer('charger_id')
      .primaryKey()
      .references(() => charger.id, { onDelete: 'cascade' }),
    /** Version of the last list the charger accepted; 0 = none. */
    version: integer('version').notNull().default(0),
    idTags: jsonb('id_tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updateType: text('update_type'),
    status: text('status'),
    added: integer('added').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    sentAt: ts('sent_at'),
  },
  (t) => [check('local_list_version', sql`${t.version} >= 0`)],
);
