/**
 * Card users, app users and their tokens, the balance ledger (requirements §3 "Card user", "App user", "Balance record").
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

/** Card users: idTags presented at chargers (requirements §3 "Card user"). */
export const cardUser = pgTable(
  'card_user',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    cardNumber: text('card_number').notNull().unique(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    /** ALL = every station of the company; STATIONS = only `stationIds`. */
    scope: text('scope').notNull().default('ALL'),
    stationIds: jsonb('station_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    managerCard: boolean('manager_card').notNull().default(false),
    active: boolean('active').notNull().default(true),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    /** After this instant the card is answered `Expired` (OCPP IdTagInfo.expiryDate); null: never. */
    expiryDate: ts('expiry_date'),
    createdAt: createdAt(),
  },
  (t) => [index('card_user_company').on(t.companyCode), check('card_user_balance_nonneg', sql`${t.balance} >= 0`)],
);

/** App users (requirements §3 "App user"). */
export const appUser = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    nickname: text('nickname').notNull(),
    mobile: text('mobile'),
    fullName: text('full_name'),
    email: text('email'),
    active: boolean('active').notNull().default(true),
    registrationMethod: text('registration_method').notNull().default('MOBILE'),
    idTag: text('id_tag').unique(),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    /** After this instant the idTag is answered `Expired` (OCPP IdTagInfo.expiryDate); null: never. */
    expiryDate: ts('expiry_date'),
    createdAt: createdAt(),
  },
  (t) => [check('app_user_balance_nonneg', sql`${t.balance} >= 0`)],
);

/**
 * Bearer tokens of charging-app users (the report ticket intake, `POST /app/report-ticket`): like
 * `session_token`, only the SHA-256 is stored, with an expiry; revocation sets `revoked_at`.
 */
export const appUserToken = pgTable('app_user_token', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  appUserId: integer('app_user_id')
    .notNull()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

/**
 * Balance ledger of card and app users (requirements §3 "Balance record"). Each balance change writes
 * exactly one row in the same transaction as the balance; Σ changeAmount = balance at all times.
 * `holderType` CARD → `card_user.id`, APP → `app_user.id`.
 */
export const balanceRecord = pgTable(
  'balance_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyCode: text('company_code').notNull(),
    holderType: text('holder_type').notNull(),
    holderId: integer('holder_id').notNull(),
    /** GIFT, PREPAY, PLATFORM_RECHARGE, DEDUCT, CLEARED, USER_REFUND. */
    changeType: text('change_type').notNull(),
    /** WECHAT, ALIPAY, NETS, PAYPAL for PREPAY. */
    prepayType: text('prepay_type'),
    /** BALANCE or CARD for DEDUCT. */
    deductType: text('deduct_type'),
    /** The related order (charge_order.id) of a deduction. */
    relevanceId: integer('relevance_id'),
    changeAmount: numeric('change_amount', { precision: 14, scale: 2 }).notNull(),
    oldBalance: numeric('old_balance', { precision: 14, scale: 2 }).notNull(),
    newBalance: numeric('new_balance', { precision: 14, scale: 2 }).notNull(),
    remark: text('remark'),
    operator: text('operator'),
    createdAt: createdAt(),
  },
  (t) => [
    index('balance_record_holder').on(t.holderType, t.holderId, t.createdAt),
    uniqueIndex('balance_record_one_deduction').on(t.holderType, t.relevanceId).where(sql`${t.changeType} = 'DEDUCT'`),
  ],
);
