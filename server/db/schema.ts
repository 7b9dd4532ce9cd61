/**
 * The database schema (Drizzle, PostgreSQL dialect; PGlite and PostgreSQL 15+ alike).
 * Columns are snake_case; JSON field names are the camelCase property names below.
 * Every row that belongs to an operator carries `company_code` (requirements §12).
 * Money is `numeric` (decimal strings in JS); energy in kWh numeric(14,3); meter readings in Wh.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, customType, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique, uniqueIndex, primaryKey,
} from 'drizzle-orm/pg-core';

import type { EnergySplit } from '../../domain/billing.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

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

/** Charge points (requirements §3 "Charger"); `serialNum` is the OCPP chargeBoxId. */
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
  /** Charger time of the connector-0 StatusNotification behind `runStatus` (late ones are ignored). */
  runStatusAt: ts('run_status_at'),
  /** Connector-0 errorCode / info / vendorErrorCode (NoError when healthy). */
  runErrorCode: text('run_error_code'),
  runErrorInfo: text('run_error_info'),
  runVendorErrorCode: text('run_vendor_error_code'),
  online: boolean('online').notNull().default(false),
  lastSeenAt: ts('last_seen_at'),
  /** Server time of the charger's last BootNotification (an order older than it may be stale). */
  bootAt: ts('boot_at'),
  firmwareVersion: text('firmware_version'),
  vendor: text('vendor'),
  model: text('model'),
  ocppPasswordHash: text('ocpp_password_hash'),
  /**
   * A second OCPP password accepted until `ocppPasswordGraceUntil` (key rotation over OCPP,
   * server/modules/charger/key-rotation.ts): the new key while the charger is asked to take it,
   * the previous one for OCPP_KEY_GRACE_MINUTES after it accepted. Null with a `…GraceUntil`
   * still ahead: the charger had no password before, so a socket without one is still accepted.
   */
  ocppPasswordGraceHash: text('ocpp_password_grace_hash'),
  ocppPasswordGraceUntil: ts('ocpp_password_grace_until'),
  // --- OCPP security (./security-schema.ts; requirements R10.41–R10.42) ---
  /**
   * OCPP 1.6 security profile the charger must connect with: 0 none, 1 Basic over ws, 2 TLS +
   * Basic, 3 mutual TLS (docs/ocpp.md "Security profiles"). Never lowered by a connection.
   */
  securityProfile: integer('security_profile').notNull().default(1),
  /** A higher profile the operator asked for: the first connection that meets it raises `securityProfile` and clears this. */
  securityProfileRequested: integer('security_profile_requested'),
  // --- end OCPP security ---
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

/** Card users: idTags presented at chargers (requirements §3 "Card user"). */
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
  /** After this instant the card is answered `Expired` (OCPP IdTagInfo.expiryDate); null: never. */
  expiryDate: ts('expiry_date'),
  createdAt: createdAt(),
}, (t) => [index('card_user_company').on(t.companyCode), check('card_user_balance_nonneg', sql`${t.balance} >= 0`)]);

/** App users (requirements §3 "App user"). */
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
  /** After this instant the idTag is answered `Expired` (OCPP IdTagInfo.expiryDate); null: never. */
  expiryDate: ts('expiry_date'),
  createdAt: createdAt(),
}, (t) => [check('app_user_balance_nonneg', sql`${t.balance} >= 0`)]);

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
  /**
   * What the order's figures rest on beyond the charger's plain word (ORDER_FLAGS of
   * domain/enums.ts): an implausible charger clock, a superseded or stale session, a meter value out
   * of range, a Stop reconciled after a close by hand.
   */
  flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
  /**
   * While CHARGING: the session's energy per time-of-use window so far (domain/billing.ts
   * `EnergySplit`), kept by every MeterValues so the Stop prices from it instead of the whole
   * history; null when it could not be kept (readings out of time order, the windows changed) or
   * once the order is ended — the price then comes from the readings, with the same figures.
   */
  energySplit: jsonb('energy_split').$type<EnergySplit>(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('charge_order_start_key').on(t.chargerId, t.connectorId, t.idTag, t.chargerStartTime),
  /** At most one open order per connector (a new Start supersedes the stale one). */
  uniqueIndex('charge_order_open_connector').on(t.chargerId, t.connectorId).where(sql`${t.status} = 'CHARGING'`),
  index('charge_order_company_time').on(t.companyCode, t.chargerStartTime),
  index('charge_order_charger').on(t.chargerId, t.status),
]);

/**
 * A power sample's value in kW (SQL over meter_value's `unit` and `value`: W unless the unit is kW);
 * read only where POWER_READABLE holds. The expression of index `meter_value_tx_power`: a query
 * uses the index only with this very text.
 */
export const POWER_KW = "CASE WHEN unit = 'kW' THEN value::numeric ELSE value::numeric / 1000 END";
/** The power samples whose value reads as a decimal of at most 12 + 6 digits (SQL over meter_value). */
export const POWER_READABLE = "measurand = 'Power.Active.Import' AND value ~ '^[0-9]{1,12}([.][0-9]{1,6})?$'";

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
}, (t) => [
  index('meter_value_tx').on(t.transactionId, t.timestamp),
  /**
   * A transaction's energy registers in time (MeterValues' previous-register check, the last
   * reading at a close): one index entry per register instead of a scan of every sampled value.
   */
  index('meter_value_tx_register').on(t.transactionId, t.timestamp).where(sql`${t.measurand} = 'Energy.Active.Import.Register'`),
  /** A charger's latest readings (Diagnosis). */
  index('meter_value_charger_time').on(t.chargerId, t.timestamp),
  /**
   * A transaction's readable power readings by power (kW): the analytics' peak power of a closing
   * order is one index probe (server/modules/analytics/rollup.ts), not a walk of its history.
   */
  index('meter_value_tx_power').on(t.transactionId, sql.raw(`(${POWER_KW})`)).where(sql.raw(POWER_READABLE)),
]);

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
}, (t) => [
  /** One charger's frames newest first, ties by id: the log screen's keyset pages and the pairing of calls and answers. */
  index('charger_log_sn_at_id').on(t.chargerSn, t.at, t.id),
  /** Every charger's frames newest first (and a company's), and the retention's oldest-first deletes. */
  index('charger_log_at_id').on(t.at, t.id),
  /** One action's frames newest first (a rare action among millions of frames). */
  index('charger_log_action_at_id').on(t.action, t.at, t.id),
  /** One charger's frames of one action newest first (a rare action of one charger, without reading all its frames). */
  index('charger_log_sn_action_at_id').on(t.chargerSn, t.action, t.at, t.id),
  /** A company user's frames newest first (a small company among many, without reading everyone's). */
  index('charger_log_company_at_id').on(t.companyCode, t.at, t.id),
]);

/**
 * Refused OCPP handshakes (unknown or deactivated chargeBoxId, bad password, duplicates), one row
 * per identity + remote address + reason: repeats raise `count` and move `at` (the last time);
 * `first_at` is the first time.
 */
export const connectionAttempt = pgTable('connection_attempt', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  identity: text('identity').notNull(),
  /** The company of the charger the identity names; null for unknown identities (admin only). */
  companyCode: text('company_code'),
  remoteAddress: text('remote_address'),
  reason: text('reason').notNull(),
  /** How many times this identity was refused from this address for this reason. */
  count: integer('count').notNull().default(1),
  firstAt: ts('first_at').notNull().defaultNow(),
  /** The last time. */
  at: ts('at').notNull().defaultNow(),
}, (t) => [unique('connection_attempt_key').on(t.identity, t.remoteAddress, t.reason).nullsNotDistinct(), index('connection_attempt_at').on(t.at)]);

/** DataTransfer payloads from chargers (stored, answered Accepted/UnknownVendorId). */
export const dataTransfer = pgTable('data_transfer', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chargerSn: text('charger_sn').notNull(),
  vendorId: text('vendor_id').notNull(),
  messageId: text('message_id'),
  data: text('data'),
  at: ts('at').notNull().defaultNow(),
});

/**
 * Events (requirements R3.16, R4.3, §13; domain/entities/event.ts): a device's fault,
 * warning or offline spell, or a business anomaly, with its lifecycle HAPPENING → PROCESSED /
 * IGNORED / RECOVERED. The same open event (device, connector, type) is one row by constraint
 * (`event_open_once`): a repeat counts on it. `connector_id` 0 = the whole device.
 */
export const event = pgTable('event', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  stationId: integer('station_id').references(() => station.id, { onDelete: 'set null' }),
  deviceSn: text('device_sn').notNull(),
  /** charger | gateway */
  deviceType: text('device_type').notNull(),
  eventType: text('event_type').notNull(),
  /** fault | warning | custom (domain/events.ts) */
  eventLevel: text('event_level').notNull(),
  connectorId: integer('connector_id').notNull().default(0),
  errorCode: text('error_code'),
  vendorId: text('vendor_id'),
  vendorErrorCode: text('vendor_error_code'),
  info: text('info'),
  /** The order a business event is about (unknown Stop: none; already paid, income: the order). */
  orderId: integer('order_id'),
  occurTime: ts('occur_time').notNull().defaultNow(),
  lastOccurTime: ts('last_occur_time').notNull().defaultNow(),
  repeatCount: integer('repeat_count').notNull().default(1),
  status: text('status').notNull().default('HAPPENING'),
  handleMethod: text('handle_method'),
  /** User name of who processed or ignored it. */
  handler: text('handler'),
  processTime: ts('process_time'),
  ignoreTime: ts('ignore_time'),
  recoverTime: ts('recover_time'),
  createdAt: createdAt(),
}, (t) => [
  // One open event per device, connector and type: repeats land on it (constraint, not a lookup).
  uniqueIndex('event_open_once').on(t.deviceSn, t.connectorId, t.eventType).where(sql`${t.status} = 'HAPPENING'`),
  // The list: a company's events of a status, newest first.
  index('event_company_status_time').on(t.companyCode, t.status, t.occurTime),
  index('event_device_time').on(t.deviceSn, t.occurTime),
  // A Stop announces the events its settlement raised (server/modules/event/record.ts announceOrderEvents).
  index('event_order').on(t.orderId).where(sql`${t.orderId} is not null`),
  // What a NoError / reconnection may recover: the device's events not recovered yet.
  index('event_unrecovered').on(t.deviceSn, t.connectorId).where(sql`${t.recoverTime} is null and ${t.status} <> 'RECOVERED'`),
  check('event_status_valid', sql`${t.status} in ('HAPPENING', 'PROCESSED', 'IGNORED', 'RECOVERED')`),
]);

/**
 * The operators' vendor code table: a charger vendor's `vendorErrorCode` (StatusNotification, with
 * its `vendorId`) as a named fault or warning. `company_code` null = the platform's entry for
 * everyone; a company's own entry wins over it.
 */
export const eventVendorCode = pgTable('event_vendor_code', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code'),
  vendorId: text('vendor_id').notNull(),
  vendorErrorCode: text('vendor_error_code').notNull(),
  eventType: text('event_type').notNull(),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [unique('event_vendor_code_key').on(t.companyCode, t.vendorId, t.vendorErrorCode).nullsNotDistinct()]);

/**
 * E-mails waiting to leave (server/modules/mail; requirements R2.46–R2.50): one row per message
 * and recipient. The worker sends rows whose `next_attempt_at` has come, one attempt at a time
 * (an attempt moves `next_attempt_at` forward first, so a crashed sender's row comes back);
 * a failure leaves the row QUEUED with `last_error` and an exponentially later `next_attempt_at`;
 * a recipient the mail server refuses for good is FAILED. `dedupe_key` makes a notice queued by
 * several nodes (the bus reaches every node) one row.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  language: text('language').notNull().default('en'),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** QUEUED | SENT | FAILED */
  status: text('status').notNull().default('QUEUED'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  dedupeKey: text('dedupe_key').unique(),
  /** The company whose notice or ticket this mail is (its users see its counts); null = the platform's. */
  companyCode: text('company_code'),
  /**
   * A digest (server/modules/mail/digest.ts): how many messages to its recipient were folded into
   * it because the recipient's queue was full; `text` holds their subjects (the first 50). 0 = an
   * ordinary message.
   */
  folded: integer('folded').notNull().default(0),
  sentAt: ts('sent_at'),
  createdAt: createdAt(),
}, (t) => [
  index('mail_outbox_due').on(t.nextAttemptAt).where(sql`${t.status} = 'QUEUED'`),
  // The per-recipient cap counts a recipient's waiting mail at every queueing.
  index('mail_outbox_queued_to').on(t.to).where(sql`${t.status} = 'QUEUED'`),
  check('mail_outbox_status_valid', sql`${t.status} in ('QUEUED', 'SENT', 'FAILED')`),
]);

/**
 * Navbar notifications (requirements §3 "Notification"), stored as data: `kind` and `params`
 * (domain/notices.ts), rendered in the reader's language. `content` keeps the English sentence
 * for people reading the table. Repeats of one notice (same `groupKey`) are one row: `repeatCount`
 * and `lastAt` grow, `createdAt` stays the first time.
 */
export const notification = pgTable('notification', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code'),
  systemNotificationType: text('system_notification_type').notNull(),
  kind: text('kind').notNull().default('TEXT'),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  content: text('content').notNull(),
  userName: text('user_name'),
  ticketNo: text('ticket_no'),
  serialNum: text('serial_num'),
  eventStatus: text('event_status'),
  /** The event this notice announces (its status follows the event's), when it is one. */
  eventId: integer('event_id').references(() => event.id, { onDelete: 'cascade' }),
  groupKey: text('group_key'),
  repeatCount: integer('repeat_count').notNull().default(1),
  lastAt: ts('last_at').notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [
  // A device's open events are looked up at every (re)connection (server/ocpp/notices.ts).
  index('notification_open_by_device').on(t.serialNum).where(sql`${t.eventStatus} = 'HAPPENING'`),
  // One row per repeat group: producers upsert on it.
  uniqueIndex('notification_group_key').on(t.groupKey),
  // The bell lists and counts newest first within the company.
  index('notification_company_last').on(t.companyCode, t.lastAt),
]);

/** Notices an account has opened (the bell's unread state); a later repeat makes them unread again. */
export const notificationRead = pgTable('notification_read', {
  accountId: integer('account_id').notNull().references(() => account.id, { onDelete: 'cascade' }),
  notificationId: integer('notification_id').notNull().references(() => notification.id, { onDelete: 'cascade' }),
  readAt: ts('read_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.accountId, t.notificationId] })]);

// ── Network assets and pricing (gateways, rate templates) ──────────────────────────────────────

/** Gateways (requirements §3 "Gateway"): a local controller that connects over OCPP with its own identity. */
export const gateway = pgTable('gateway', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  stationId: integer('station_id').references(() => station.id),
  serialNum: text('serial_num').notNull().unique(),
  lifeStatus: text('life_status').notNull().default('ACTIVE'),
  firmwareVersion: text('firmware_version'),
  /** From its BootNotification (chargePointVendor / chargePointModel). */
  vendor: text('vendor'),
  model: text('model'),
  /** Reported by its own OCPP connection; read-only for the console. */
  online: boolean('online').notNull().default(false),
  lastSeenAt: ts('last_seen_at'),
  /** scrypt hash of the OCPP (HTTP Basic) password; null = no password (security profile 0). */
  ocppPasswordHash: text('ocpp_password_hash'),
  createdAt: createdAt(),
}, (t) => [index('gateway_company').on(t.companyCode), index('gateway_station').on(t.stationId)]);

/**
 * Rate (pricing) templates (requirements §3, §5): FREE or CHARGED; a company has at most one FREE template
 * (partial unique index → code 306). Service fee per kWh and service tax (percent) as decimals.
 */
export const rateTemplate = pgTable('rate_template', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  modelName: text('model_name').notNull(),
  type: text('type').notNull(),
  description: text('description'),
  currency: text('currency').notNull(),
  serviceFeePerKwh: numeric('service_fee_per_kwh', { precision: 12, scale: 2 }).notNull().default('0'),
  serviceTax: numeric('service_tax', { precision: 7, scale: 2 }).notNull().default('0'),
  activated: boolean('activated').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('rate_template_company').on(t.companyCode),
  uniqueIndex('rate_template_one_free').on(t.companyCode).where(sql`${t.type} = 'FREE'`),
]);

/** Time-of-use rows of a template: [startTime, endTime) local 'HH:mm' ('24:00' allowed as end). */
export const rateDetail = pgTable('rate_detail', {
  id: serial('id').primaryKey(),
  templateId: integer('template_id').notNull().references(() => rateTemplate.id, { onDelete: 'cascade' }),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  electricityFeePerKwh: numeric('electricity_fee_per_kwh', { precision: 12, scale: 4 }).notNull(),
}, (t) => [index('rate_detail_template').on(t.templateId)]);

/** Tax rows of a template (name and percentage ≥ 0). */
export const rateTax = pgTable('rate_tax', {
  id: serial('id').primaryKey(),
  templateId: integer('template_id').notNull().references(() => rateTemplate.id, { onDelete: 'cascade' }),
  taxName: text('tax_name').notNull(),
  taxPercentage: numeric('tax_percentage', { precision: 7, scale: 3 }).notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [index('rate_tax_template').on(t.templateId)]);

/**
 * Balance ledger of card and app users (requirements §3 "Balance record"). Each balance change writes
 * exactly one row in the same transaction as the balance; Σ changeAmount = balance at all times.
 * `holderType` CARD → `card_user.id`, APP → `app_user.id`.
 */
export const balanceRecord = pgTable('balance_record', {
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
}, (t) => [
  index('balance_record_holder').on(t.holderType, t.holderId, t.createdAt),
  uniqueIndex('balance_record_one_deduction').on(t.holderType, t.relevanceId).where(sql`${t.changeType} = 'DEDUCT'`),
]);

/**
 * The console menu tree of requirements §2 as data (requirements §3 "Menu item"), seeded from `ROUTES`
 * (domain/routes.ts) at start-up. `routeKey` is the seeded node's i18n key (`menu.<key>`), null
 * for menus created later; a seeded menu keeps its permission string because server routes check
 * it. Unique name (→ 307) and permission (→ 308); a null permission is visible to every user.
 */
export const menu = pgTable('menu', {
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
}, (t) => [
  uniqueIndex('menu_name_unique').on(t.name),
  uniqueIndex('menu_permission_unique').on(t.permission),
  uniqueIndex('menu_route_key_unique').on(t.routeKey),
  index('menu_parent').on(t.parentId),
]);

/**
 * Order export settings of a company (requirements §2 Operations → Orders "Order export settings"): the
 * operator block and fee titles printed on tax invoices. One row per company. The logo (JPEG or
 * PNG, ≤ 200 KB) is kept as base64 with its MIME type.
 */
export const orderExportSetting = pgTable('order_export_setting', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull().unique(),
  operatorCompanyName: text('operator_company_name').notNull(),
  address: text('address').notNull(),
  logoType: text('logo_type').notNull(),
  logoData: text('logo_data').notNull(),
  serviceFeeTitle: text('service_fee_title').notNull(),
  electricityFeeTitle: text('electricity_fee_title').notNull(),
  notes: text('notes'),
  updatedBy: text('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdAt: createdAt(),
});

// ── Device management (firmware, upgrade campaigns, diagnostics) ──────────────────────────────

/** `bytea` as a Buffer (PGlite answers a Uint8Array, pg a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Files kept in the database so that every node of a cluster serves them (requirements §15):
 * firmware images (`kind` FIRMWARE), diagnostics uploaded by chargers (`kind` DIAGNOSTICS) and
 * report ticket images (`kind` TICKET_IMAGE).
 * `sha256` is the hex digest of `content`; `size` its length in bytes.
 */
export const storedFile = pgTable('stored_file', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  /** The uploader's company; null = platform-wide (an administrator's firmware). */
  companyCode: text('company_code'),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull().default('application/octet-stream'),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  content: bytea('content').notNull(),
  /** The charger a diagnostics file came from. */
  chargerSn: text('charger_sn'),
  createdBy: text('created_by'),
  createdAt: createdAt(),
}, (t) => [index('stored_file_kind_company').on(t.kind, t.companyCode), index('stored_file_charger').on(t.chargerSn)]);

/**
 * Firmware versions of the device catalogue (requirements §15, System › DeviceVersion). Public
 * versions are seen by every operator, the others by their company only. One version of a
 * device model per company (constraint → 713 `version`).
 */
export const firmware = pgTable('firmware', {
  id: serial('id').primaryKey(),
  /** Null = platform-wide (created by an administrator). */
  companyCode: text('company_code'),
  name: text('name').notNull(),
  deviceType: text('device_type').notNull(),
  deviceModel: text('device_model').notNull(),
  version: text('version').notNull(),
  changeLog: text('change_log').notNull().default(''),
  isPublic: boolean('is_public').notNull().default(false),
  fileId: integer('file_id').notNull().references(() => storedFile.id),
  createdBy: text('created_by'),
  createdAt: createdAt(),
}, (t) => [
  unique('firmware_model_version_unique').on(t.companyCode, t.deviceModel, t.version).nullsNotDistinct(),
  index('firmware_company').on(t.companyCode),
]);

/**
 * Upgrade campaigns (requirements §15): one firmware version sent to chosen chargers of one
 * company, in waves. `status` RUNNING, PAUSED (threshold or failure limit), FINISHED, RESET;
 * `outcome` (when finished) ALL_SUCCEEDED, PARTIAL, ALL_FAILED.
 */
export const firmwareCampaign = pgTable('firmware_campaign', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  firmwareId: integer('firmware_id').notNull().references(() => firmware.id),
  stationId: integer('station_id'),
  gatewaySn: text('gateway_sn'),
  status: text('status').notNull(),
  outcome: text('outcome'),
  /** Why a campaign paused: THRESHOLD (first wave below the success rate) or FAILURES (limit passed). */
  pauseReason: text('pause_reason'),
  /** Chargers of the first wave; null = all at once. */
  waveSize: integer('wave_size'),
  /** Success rate (percent) the first wave must reach before the rest are sent. */
  successThreshold: integer('success_threshold').notNull().default(100),
  /** Failures after which the campaign pauses; null = no limit. */
  failureLimit: integer('failure_limit'),
  retries: integer('retries').notNull().default(3),
  retryInterval: integer('retry_interval').notNull().default(60),
  /** Where chargers fetch the file from (the console's own address as the operator used it). */
  baseUrl: text('base_url').notNull(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  finishedAt: ts('finished_at'),
}, (t) => [index('firmware_campaign_company').on(t.companyCode)]);

/**
 * A charger of a campaign: `status` PENDING (its wave not sent yet), SENT, then the charger's
 * FirmwareStatusNotification statuses (Downloading, Downloaded, Installing, Installed), UPDATED
 * (its next boot reported the new version) or FAILED (`failure`: a status, a catalogue code, SILENT,
 * VERSION). `lastReportAt` is when it was last heard about (the silence limit runs from it).
 */
export const firmwareCampaignCharger = pgTable('firmware_campaign_charger', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').notNull().references(() => firmwareCampaign.id, { onDelete: 'cascade' }),
  chargerId: integer('charger_id').notNull(),
  chargerSn: text('charger_sn').notNull(),
  wave: integer('wave').notNull().default(1),
  status: text('status').notNull(),
  failure: text('failure'),
  previousVersion: text('previous_version'),
  reportedVersion: text('reported_version'),
  sentAt: ts('sent_at'),
  lastReportAt: ts('last_report_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  unique('firmware_campaign_charger_unique').on(t.campaignId, t.chargerId),
  index('firmware_campaign_charger_sn').on(t.chargerSn, t.status),
]);

/**
 * A file arriving in parts (a diagnostics upload streamed from a charger, requirements R15.12):
 * each part is written as it comes, then the parts are joined into `stored_file.content` in one
 * statement and deleted, so no node holds a whole upload in memory.
 */
export const storedFilePart = pgTable('stored_file_part', {
  fileId: integer('file_id').notNull().references(() => storedFile.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  data: bytea('data').notNull(),
}, (t) => [primaryKey({ columns: [t.fileId, t.seq] })]);

/**
 * GetDiagnostics requests (requirements R15.10–R15.14): the window asked for, the one-time upload
 * token (stored hashed) and its expiry, the transport (HTTP or FTP), the charger's
 * DiagnosticsStatusNotification status and the file it uploaded.
 */
export const diagnosticsRequest = pgTable('diagnostics_request', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  chargerId: integer('charger_id').notNull(),
  chargerSn: text('charger_sn').notNull(),
  startTime: ts('start_time'),
  stopTime: ts('stop_time'),
  retries: integer('retries'),
  retryInterval: integer('retry_interval'),
  /** HTTP or FTP: the scheme of the location sent to the charger. */
  transport: text('transport').notNull().default('HTTP'),
  /** SHA-256 of the one-time upload token (HTTP path segment or FTP user name). */
  tokenHash: text('token_hash').notNull().unique(),
  /** The token is refused after this time. */
  expiresAt: ts('expires_at').notNull().defaultNow(),
  /**
   * REQUESTED (the charger accepted GetDiagnostics), then the charger's Uploading / Uploaded /
   * UploadFailed / Idle; NO_DATA (it has nothing to upload) or FAILED (the command failed, `failure`).
   */
  status: text('status').notNull(),
  /** A catalogue code: 718/719/720 (the command), 626 (empty upload), 753 (too big). */
  failure: text('failure'),
  /** The file name the charger announced in its GetDiagnostics answer. */
  announcedName: text('announced_name'),
  /** When an upload began and holds the token (another upload meanwhile is refused; a stale hold lapses). */
  uploadStartedAt: ts('upload_started_at'),
  /** When the file was kept; the token is spent from then on. */
  receivedAt: ts('received_at'),
  fileId: integer('file_id').references(() => storedFile.id, { onDelete: 'set null' }),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('diagnostics_request_charger').on(t.chargerId, t.createdAt)]);

/** Server-wide secrets shared by every node (e.g. the key signing file URLs), created on first use. */
export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ── Home stations, smart charging, load balancing (requirements §16) ─────────────────────────────

/**
 * Home-edition chargers (requirements §3 "Home charger"): a charger (one row each) with its owner
 * (an app user), its maximum current (A), the home load-balancing switch and current (A). The
 * last command sent to the charger and its answer are kept in `lastCommand`.
 */
export const homeCharger = pgTable('home_charger', {
  id: serial('id').primaryKey(),
  chargerId: integer('charger_id').notNull().unique().references(() => charger.id, { onDelete: 'cascade' }),
  companyCode: text('company_code').notNull(),
  ownerAppUserId: integer('owner_app_user_id').references(() => appUser.id),
  maxCurrentA: integer('max_current_a').notNull(),
  loadBalancing: boolean('load_balancing').notNull().default(false),
  loadBalancingCurrentA: integer('load_balancing_current_a'),
  lastCommand: jsonb('last_command').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('home_charger_company').on(t.companyCode),
  check('home_charger_current', sql`${t.maxCurrentA} > 0 and (${t.loadBalancingCurrentA} is null or ${t.loadBalancingCurrentA} <= ${t.maxCurrentA})`),
]);

/**
 * Home app users (requirements §3 "App user" home fields): an app user's membership of a home
 * charger with its level (OWNER, FAMILY, GUEST) and last login. One OWNER per charger.
 */
export const homeMember = pgTable('home_member', {
  id: serial('id').primaryKey(),
  homeChargerId: integer('home_charger_id').notNull().references(() => homeCharger.id, { onDelete: 'cascade' }),
  appUserId: integer('app_user_id').notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  companyCode: text('company_code').notNull(),
  level: text('level').notNull(),
  lastLoginAt: ts('last_login_at'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('home_member_once').on(t.homeChargerId, t.appUserId),
  uniqueIndex('home_member_one_owner').on(t.homeChargerId).where(sql`${t.level} = 'OWNER'`),
  index('home_member_user').on(t.appUserId),
]);

/**
 * Smart-charging schedules (requirements §5 "Smart charging"): daily time windows with a current
 * limit (A), for one charger or every charger of a station, sent as an OCPP 1.6 charging profile
 * of `purpose` (ChargePointMaxProfile, TxDefaultProfile, TxProfile). `windows` is
 * `[{ startTime: 'HH:mm', endTime: 'HH:mm', limitA }]`.
 */
export const chargingSchedule = pgTable('charging_schedule', {
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
}, (t) => [
  index('charging_schedule_company').on(t.companyCode),
  check('charging_schedule_target', sql`${t.stationId} is not null or ${t.chargerId} is not null`),
]);

/**
 * Dynamic load balancing of a station: its grid connection limit (A per phase), the minimum a
 * charging connector is given (A) and the fallback limit a charger keeps when offline (A).
 */
export const stationLoad = pgTable('station_load', {
  stationId: integer('station_id').primaryKey().references(() => station.id, { onDelete: 'cascade' }),
  companyCode: text('company_code').notNull(),
  gridLimitA: integer('grid_limit_a').notNull(),
  minCurrentA: integer('min_current_a').notNull().default(6),
  fallbackCurrentA: integer('fallback_current_a').notNull().default(6),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [check('station_load_limits', sql`${t.gridLimitA} > 0 and ${t.minCurrentA} >= 0 and ${t.fallbackCurrentA} >= 0`)]);

/**
 * The current given to each running transaction by load balancing (`allottedA`, from the last
 * TxProfile sent and its answer) and the current it measured (`measuredA`, Current.Import of its
 * last MeterValues). One row per charging connector; removed when its session ends.
 */
export const loadAllocation = pgTable('load_allocation', {
  chargerId: integer('charger_id').notNull().references(() => charger.id, { onDelete: 'cascade' }),
  connectorId: integer('connector_id').notNull(),
  stationId: integer('station_id').notNull(),
  transactionId: integer('transaction_id').notNull(),
  allottedA: numeric('allotted_a', { precision: 8, scale: 1 }),
  answer: text('answer'),
  sentAt: ts('sent_at'),
  measuredA: numeric('measured_a', { precision: 8, scale: 1 }),
  measuredAt: ts('measured_at'),
}, (t) => [primaryKey({ columns: [t.chargerId, t.connectorId] }), index('load_allocation_station').on(t.stationId)]);

/**
 * A ClearChargingProfile still owed to a charger (requirements R16.8): a feature that sent a profile
 * (a home charger, a station's load balancing, a schedule) was switched off while the charger was
 * not connected (or did not answer); the request is sent when the charger next connects. One row
 * per charger and request (`key`: the request as JSON); setting the feature again removes it.
 */
export const pendingProfileClear = pgTable('pending_profile_clear', {
  id: serial('id').primaryKey(),
  chargerId: integer('charger_id').notNull().references(() => charger.id, { onDelete: 'cascade' }),
  companyCode: text('company_code').notNull(),
  key: text('key').notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('pending_profile_clear_once').on(t.chargerId, t.key)]);

/** Reservations (OCPP ReserveNow): `id` is the reservationId sent to the charger. */
export const reservation = pgTable('reservation', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull(),
  chargerId: integer('charger_id').notNull().references(() => charger.id, { onDelete: 'cascade' }),
  connectorId: integer('connector_id').notNull(),
  idTag: text('id_tag').notNull(),
  expiresAt: ts('expires_at').notNull(),
  /** REQUESTED, ACCEPTED, REFUSED (`answer` says why), then USED, CANCELLED or EXPIRED (set by the server's sweep). */
  status: text('status').notNull().default('REQUESTED'),
  answer: text('answer'),
  orderId: integer('order_id'),
  createdBy: text('created_by'),
  createdAt: createdAt(),
}, (t) => [index('reservation_charger').on(t.chargerId, t.createdAt), index('reservation_active').on(t.expiresAt).where(sql`${t.status} = 'ACCEPTED'`),
  // One live reservation per connector (REQUESTED while the charger is asked, then ACCEPTED).
  uniqueIndex('reservation_one_live').on(t.chargerId, t.connectorId).where(sql`${t.status} in ('REQUESTED', 'ACCEPTED')`)]);

/**
 * The local authorisation list last sent to a charger (OCPP SendLocalList, requirements R15.24):
 * its version, the idTags it holds (so the next differential list sends only the changes), the
 * update type and the charger's answer.
 */
export const localList = pgTable('local_list', {
  chargerId: integer('charger_id').primaryKey().references(() => charger.id, { onDelete: 'cascade' }),
  /** Version of the last list the charger accepted; 0 = none. */
  version: integer('version').notNull().default(0),
  idTags: jsonb('id_tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  updateType: text('update_type'),
  status: text('status'),
  added: integer('added').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  sentAt: ts('sent_at'),
}, (t) => [check('local_list_version', sql`${t.version} >= 0`)]);

/**
 * How a session on a home charger started (requirements §3 "Home order" start type): RESERVE,
 * APP_START, SMART_CHARGING or CARD_SWIPE, noted after its StartTransaction.
 */
export const orderStart = pgTable('order_start', {
  orderId: integer('order_id').primaryKey().references(() => chargeOrder.id, { onDelete: 'cascade' }),
  startType: text('start_type').notNull(),
  reservationId: integer('reservation_id'),
});
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
export const analyticsMonth = pgTable('analytics_month', (() => {
  const { chargerId: _perCharger, ...columns } = rollupColumns();
  return columns;
})(), (t) => [
  uniqueIndex('analytics_month_key').on(t.companyCode, t.stationId, t.bucket),
  index('analytics_month_station').on(t.stationId, t.bucket),
]);

/**
 * Closed orders not yet added to the analytics rollups (server/modules/analytics/rollup.ts): the
 * transaction that closes an order notes it here, and one writer adds the noted orders in bulk, so
 * simultaneous Stops at one station never queue on that station's month row.
 */
export const analyticsPending = pgTable('analytics_pending', {
  orderId: integer('order_id').primaryKey(),
});

// ── Report tickets (requirements §14 report tickets) ──────────────────────────────────────────

/**
 * Bearer tokens of charging-app users (the report ticket intake, `POST /app/report-ticket`): like
 * `session_token`, only the SHA-256 is stored, with an expiry; revocation sets `revoked_at`.
 */
export const appUserToken = pgTable('app_user_token', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  appUserId: integer('app_user_id').notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

/**
 * Report tickets (requirements R3.17): a problem an app user reported from the charging app.
 * `serialNum` is the ticket number (requirements R2.11); `status` OPEN → REPLIED → CLOSED (a reply
 * may follow a reply; a closed ticket takes no more). `language` is the reporter's, for the
 * reply's e-mail.
 */
export const reportTicket = pgTable('report_ticket', {
  id: serial('id').primaryKey(),
  serialNum: text('serial_num').notNull(),
  companyCode: text('company_code').notNull(),
  appUserId: integer('app_user_id').references(() => appUser.id, { onDelete: 'set null' }),
  nickname: text('nickname').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  language: text('language').notNull().default('en'),
  status: text('status').notNull().default('OPEN'),
  replyText: text('reply_text'),
  repliedBy: text('replied_by'),
  replyTime: ts('reply_time'),
  closedBy: text('closed_by'),
  closeTime: ts('close_time'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('report_ticket_serial_num').on(t.serialNum),
  index('report_ticket_company_created').on(t.companyCode, t.createdAt),
  // The app user's ticket budget counts their tickets of the last day at every intake.
  index('report_ticket_app_user_created').on(t.appUserId, t.createdAt),
  check('report_ticket_status', sql`${t.status} in ('OPEN', 'REPLIED', 'CLOSED')`),
]);

/** The images of a report ticket, in the order sent; the bytes live in `stored_file` (kind TICKET_IMAGE). */
export const reportTicketAttachment = pgTable('report_ticket_attachment', {
  id: serial('id').primaryKey(),
  ticketId: integer('ticket_id').notNull().references(() => reportTicket.id, { onDelete: 'cascade' }),
  fileId: integer('file_id').notNull().references(() => storedFile.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
}, (t) => [index('report_ticket_attachment_ticket').on(t.ticketId)]);

// OCPP security tables (certificates per operator).
export * from './security-schema.js';
