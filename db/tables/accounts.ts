/**
 * Operator companies, roles, console accounts and their sessions, the console menu (requirements §3, §6).
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

/** Operator companies (requirements §3 "Operator company"). */
export const company = pgTable('company', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  address: text('address').notNull().default(''),
  remark: text('remark'),
  servicePhone: text('service_phone'),
  serviceEmail: text('service_email'),
  adminUsername: text('admin_username'),
  logo: text('logo'),
  timeZone: text('time_zone').notNull().default('UTC'),
  createdAt: createdAt(),
});

/** Roles: a set of `menu:*` permission strings (requirements §6). */
export const role = pgTable('role', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  companyCode: text('company_code'),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark'),
  permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

/** Console accounts (requirements §3 "Account"). `companyCode` null = platform administrator. */
export const account = pgTable('account', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code'),
  username: text('username').notNull().unique(),
  userType: text('user_type').notNull(),
  realName: text('real_name').notNull().default(''),
  phone: text('phone'),
  email: text('email').unique(),
  roleId: integer('role_id').references(() => role.id),
  passwordHash: text('password_hash').notNull(),
  avatar: text('avatar'),
  active: boolean('active').notNull().default(true),
  managedStationIds: jsonb('managed_station_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
  /** The user's notification preference (domain/entities/notification-preference.ts); null = defaults. */
  notificationPreference: jsonb('notification_preference').$type<Record<string, unknown>>(),
  /** "Mark all read" in the bell: every notice last seen before this time is read for this account. */
  notificationsReadAt: ts('notifications_read_at'),
  createdAt: createdAt(),
});

/** Opaque bearer tokens, stored as SHA-256 hashes with an expiry. */
export const sessionToken = pgTable('session_token', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  accountId: integer('account_id')
    .notNull()
    .references(() => account.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

/**
 * The console menu tree of requirements §2 as data (requirements §3 "Menu item"), seeded from `ROUTES`
 * (domain/routes.ts) at start-up. `routeKey` is the seeded node's i18n key (`menu.<key>`), null
 * for menus created later; a seeded menu keeps its permission string because server routes check
 * it. Unique name (→ 307) and permission (→ 308); a null permission is visible to every user.
 */
export const menu = pgTable(
  'menu',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    routeKey: text('route_key'),
    orderNum: integer('order_num').notNull().default(0),
    /** 1 = top level; a child's level is its parent's + 1. */
    level: integer('level').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    permission: text('permission'),
    url: text('url').notNull(),
    icon: text('icon').notNull().default(''),
    parentId: integer('parent_id'),
    /** Offered in the role editor's permission tree. */
    configurable: boolean('configurable').notNull().default(true),
    /** Reachable but not in the sidebar (own profile). */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('menu_name_unique').on(t.name),
    uniqueIndex('menu_permission_unique').on(t.permission),
    uniqueIndex('menu_route_key_unique').on(t.routeKey),
    index('menu_parent').on(t.parentId),
  ],
);
