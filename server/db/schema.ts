/**
 * The database schema (Drizzle, PostgreSQL dialect; PGlite and PostgreSQL 15+ alike).
 * Columns are snake_case; JSON field names are the camelCase property names below.
 * Every row that belongs to an operator carries `company_code` (DESIGN.md §5).
 * Money is `numeric` (decimal strings in JS); energy in kWh numeric(14,3); meter readings in Wh.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, primaryKey,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** Operator companies (spec §3 "Operator company"). */
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

/** Roles: a set of `menu:*` permission strings (spec §6). */
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

/** Console accounts (spec §3 "Account"). `companyCode` null = platform administrator. */
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
  createdAt: createdAt(),
});

/** Opaque bearer tokens, stored as SHA-256 hashes with an expiry. */
export const sessionToken = pgTable('session_token', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  accountId: integer('account_id').notNull().references(() => account.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

export const stationGroup = pgTable('station_group', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('station_group_one_default').on(t.companyCode).where(sql`${t.isDefault}`)]);

export const station = pgTable('station', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  groupId: integer('group_id').references(() => stationGroup.id),
  name: text('name').notNull(),
  status: text('status').notNull().default('ACTIVE'),
  visibility: text('visibility').notNull().default('PUBLIC'),
  locationType: text('location_type'),
  maintainer: text('maintainer').notNull().default(''),
  maintainerMobile: text('maintainer_mobile').notNull().default(''),
  customerCompany: text('customer_company'),
  customerName: text('customer_name'),
  contactEmail: text('contact_email'),
  customerMobile: text('customer_mobile'),
  address: text('address').notNull().default(''),
  houseNumber: text('house_number'),
  city: text('city'),
  zip: text('zip'),
  country: text('country'),
  latitude: numeric('latitude', { precision: 9, scale: 6 }),
  longitude: numeric('longitude', { precision: 9, scale: 6 }),
  pricingModel: text('pricing_model'),
  rateTemplateId: integer('rate_template_id'),
  stationCode: text('station_code'),
  notifyEnabled: boolean('notify_enabled').notNull().default(false),
  notifyRecipients: text('notify_recipients'),
  timeZone: text('time_zone').notNull().default('UTC'),
  createdAt: createdAt(),
}, (t) => [index('station_company').on(t.companyCode)]);

/** Charge points (spec §3 "Charger"); `serialNum` is the OCPP chargeBoxId. */
export const charger = pgTable('charger', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  stationId: integer('station_id').references(() => station.id),
  serialNum: text('serial_num').notNull().unique(),
  chargerStationCode: text('charger_station_code').unique(),
  phase: text('phase').notNull().default('THREE'),
  lifeStatus: text('life_status').notNull().default('ACTIVE'),
  installerName: text('installer_name'),
  installerEmail: text('installer_email'),
  installerCompany: text('installer_company'),
  installerContact: text('installer_contact'),
  installationDate: text('installation_date'),
  warrantyYears: integer('warranty_years').notNull().default(0),
  gatewaySn: text('gateway_sn'),
  type: text('type').notNull().default('AC'),
  equipmentNumber: text('equipment_number'),
  ratedPowerKw: numeric('rated_power_kw', { precision: 8, scale: 2 }),
  /** Connector-0 (whole charger) status from StatusNotification. */
  runStatus: text('run_status'),
  online: boolean('online').notNull().default(false),
  lastSeenAt: ts('last_seen_at'),
  firmwareVersion: text('firmware_version'),
  vendor: text('vendor'),
  model: text('model'),
  ocppPasswordHash: text('ocpp_password_hash'),
  createdAt: createdAt(),
}, (t) => [index('charger_company').on(t.companyCode), index('charger_station').on(t.stationId)]);

/** Per-connector state from StatusNotification (connectorId ≥ 1). */
export const connector = pgTable('connector', {
  chargerId: integer('charger_id').notNull().references(() => charger.id, { onDelete: 'cascade' }),
  connectorId: integer('connector_id').notNull(),
  status: text('status').notNull(),
  errorCode: text('error_code').notNull().default('NoError'),
  info: text('info'),
  vendorErrorCode: text('vendor_error_code'),
  statusAt: ts('status_at').notNull(),
}, (t) => [primaryKey({ columns: [t.chargerId, t.connectorId] })]);

/** Card users: idTags presented at chargers (spec §3 "Card user"). */
export const cardUser = pgTable('card_user', {
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
  createdAt: createdAt(),
}, (t) => [index('card_user_company').on(t.companyCode)]);

/** App users (spec §3 "App user"). */
export const appUser = pgTable('app_user', {
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
  createdAt: createdAt(),
});

/**
 * Orders: one per OCPP transaction (StartTransaction → StopTransaction).
 * `transactionId` is random (not guessable); a retried Start maps to the same row through the
 * unique (charger, connector, idTag, charger start time) key.
 */
export const chargeOrder = pgTable('charge_order', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  companyCode: text('company_code').notNull(),
  stationId: integer('station_id'),
  chargerId: integer('charger_id').notNull().references(() => charger.id),
  chargerSn: text('charger_sn').notNull(),
  connectorId: integer('connector_id').notNull(),
  transactionId: integer('transaction_id').notNull().unique(),
  idTag: text('id_tag').notNull(),
  /** idTagInfo.status answered at StartTransaction (Accepted, Invalid, Blocked…). */
  idTagStatus: text('id_tag_status').notNull(),
  userType: text('user_type').notNull().default('CARD'),
  cardUserId: integer('card_user_id'),
  appUserId: integer('app_user_id'),
  chargerStartTime: ts('charger_start_time').notNull(),
  chargerStopTime: ts('charger_stop_time'),
  serverStartTime: ts('server_start_time').notNull().defaultNow(),
  serverStopTime: ts('server_stop_time'),
  meterStart: bigint('meter_start', { mode: 'number' }).notNull(),
  meterStop: bigint('meter_stop', { mode: 'number' }),
  /** Energy delivered in kWh (meterStop − meterStart) / 1000. */
  energyKwh: numeric('energy_kwh', { precision: 14, scale: 3 }).notNull().default('0'),
  status: text('status').notNull().default('CHARGING'),
  stopReason: text('stop_reason'),
  currency: text('currency').notNull(),
  electricityFee: numeric('electricity_fee', { precision: 14, scale: 2 }).notNull().default('0'),
  serviceFee: numeric('service_fee', { precision: 14, scale: 2 }).notNull().default('0'),
  taxAmount: numeric('tax_amount', { precision: 14, scale: 2 }).notNull().default('0'),
  /** Cost excluding VAT = electricity fee + service fee. */
  cost: numeric('cost', { precision: 14, scale: 2 }).notNull().default('0'),
  totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull().default('0'),
  paid: boolean('paid').notNull().default(false),
  breakdown: jsonb('breakdown'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('charge_order_start_key').on(t.chargerId, t.connectorId, t.idTag, t.chargerStartTime),
  index('charge_order_company_time').on(t.companyCode, t.chargerStartTime),
  index('charge_order_charger').on(t.chargerId, t.status),
]);

/** Sampled meter values of a transaction (OCPP MeterValues / StopTransaction.transactionData). */
export const meterValue = pgTable('meter_value', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chargerId: integer('charger_id').notNull(),
  connectorId: integer('connector_id').notNull(),
  transactionId: integer('transaction_id'),
  timestamp: ts('timestamp').notNull(),
  measurand: text('measurand').notNull(),
  value: text('value').notNull(),
  unit: text('unit'),
  phase: text('phase'),
  context: text('context'),
  receivedAt: ts('received_at').notNull().defaultNow(),
}, (t) => [index('meter_value_tx').on(t.transactionId, t.timestamp)]);

/** Every OCPP frame in and out (spec: charger log). */
export const chargerLog = pgTable('charger_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chargerSn: text('charger_sn').notNull(),
  companyCode: text('company_code'),
  direction: text('direction').notNull(),
  action: text('action').notNull(),
  /** CALL, CALLRESULT, CALLERROR (or INVALID for a frame that is not OCPP-J). */
  messageType: text('message_type'),
  messageId: text('message_id'),
  payload: jsonb('payload'),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('charger_log_sn_at').on(t.chargerSn, t.at)]);

/** Refused OCPP handshakes (unknown or deactivated chargeBoxId, bad password, duplicates). */
export const connectionAttempt = pgTable('connection_attempt', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  identity: text('identity').notNull(),
  /** The company of the charger the identity names; null for unknown identities (admin only). */
  companyCode: text('company_code'),
  remoteAddress: text('remote_address'),
  reason: text('reason').notNull(),
  at: ts('at').notNull().defaultNow(),
});

/** DataTransfer payloads from chargers (stored, answered Accepted/UnknownVendorId). */
export const dataTransfer = pgTable('data_transfer', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chargerSn: text('charger_sn').notNull(),
  vendorId: text('vendor_id').notNull(),
  messageId: text('message_id'),
  data: text('data'),
  at: ts('at').notNull().defaultNow(),
});

/** Navbar notifications (spec §3 "Notification"). */
export const notification = pgTable('notification', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code'),
  systemNotificationType: text('system_notification_type').notNull(),
  content: text('content').notNull(),
  userName: text('user_name'),
  ticketNo: text('ticket_no'),
  serialNum: text('serial_num'),
  eventStatus: text('event_status'),
  createdAt: createdAt(),
});
