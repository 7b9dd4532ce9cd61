/**
 * Events, the vendor code table, navbar notifications and the mail outbox (requirements §13, R2.46–R2.50).
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { account } from './accounts.js';
import { station } from './network.js';

/**
 * Events (requirements R3.16, R4.3, §13; domain/entities/event.ts): a device's fault,
 * warning or offline spell, or a business anomaly, with its lifecycle HAPPENING → PROCESSED /
 * IGNORED / RECOVERED. The same open event (device, connector, type) is one row by constraint
 * (`event_open_once`): a repeat counts on it. `connector_id` 0 = the whole device.
 */
export const event = pgTable(
  'event',
  {
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
  },
  (t) => [
    // One open event per device, connector and type: repeats land on it (constraint, not a lookup).
    uniqueIndex('event_open_once').on(t.deviceSn, t.connectorId, t.eventType).where(sql`${t.status} = 'HAPPENING'`),
    // The list: a company's events of a status, newest first.
    index('event_company_status_time').on(t.companyCode, t.status, t.occurTime),
    index('event_device_time').on(t.deviceSn, t.occurTime),
    // A Stop announces the events its settlement raised (server/modules/event/lifecycle.ts announceOrderEvents).
    index('event_order').on(t.orderId).where(sql`${t.orderId} is not null`),
    // What a NoError / reconnection may recover: the device's events not recovered yet.
    index('event_unrecovered').on(t.deviceSn, t.connectorId).where(sql`${t.recoverTime} is null and ${t.status} <> 'RECOVERED'`),
    check('event_status_valid', sql`${t.status} in ('HAPPENING', 'PROCESSED', 'IGNORED', 'RECOVERED')`),
  ],
);

/**
 * The operators' vendor code table: a charger vendor's `vendorErrorCode` (StatusNotification, with
 * its `vendorId`) as a named fault or warning. `company_code` null = the platform's entry for
 * everyone; a company's own entry wins over it.
 */
export const eventVendorCode = pgTable(
  'event_vendor_code',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code'),
    vendorId: text('vendor_id').notNull(),
    vendorErrorCode: text('vendor_error_code').notNull(),
    eventType: text('event_type').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [unique('event_vendor_code_key').on(t.companyCode, t.vendorId, t.vendorErrorCode).nullsNotDistinct()],
);

/**
 * Navbar notifications (requirements §3 "Notification"), stored as data: `kind` and `params`
 * (domain/notices.ts), rendered in the reader's language. `content` keeps the English sentence
 * for people reading the table. Repeats of one notice (same `groupKey`) are one row: `repeatCount`
 * and `lastAt` grow, `createdAt` stays the first time.
 */
export const notification = pgTable(
  'notification',
  {
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
  },
  (t) => [
    // A device's open events are looked up at every (re)connection (server/ocpp/notices.ts).
    index('notification_open_by_device').on(t.serialNum).where(sql`${t.eventStatus} = 'HAPPENING'`),
    // One row per repeat group: producers upsert on it.
    uniqueIndex('notification_group_key').on(t.groupKey),
    // The bell lists and counts newest first within the company.
    index('notification_company_last').on(t.companyCode, t.lastAt),
  ],
);

/** Notices an account has opened (the bell's unread state); a later repeat makes them unread again. */
export const notificationRead = pgTable(
  'notification_read',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notification.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.notificationId] })],
);

/**
 * E-mails waiting to leave (server/modules/mail; requirements R2.46–R2.50): one row per message
 * and recipient. The worker sends rows whose `next_attempt_at` has come, one attempt at a time
 * (an attempt moves `next_attempt_at` forward first, so a crashed sender's row comes back);
 * a failure leaves the row QUEUED with `last_error` and an exponentially later `next_attempt_at`;
 * a recipient the mail server refuses for good is FAILED. `dedupe_key` makes a notice queued by
 * several nodes (the bus reaches every node) one row.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
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
  },
  (t) => [
    index('mail_outbox_due').on(t.nextAttemptAt).where(sql`${t.status} = 'QUEUED'`),
    // The per-recipient cap counts a recipient's waiting mail at every queueing.
    index('mail_outbox_queued_to').on(t.to).where(sql`${t.status} = 'QUEUED'`),
    check('mail_outbox_status_valid', sql`${t.status} in ('QUEUED', 'SENT', 'FAILED')`),
  ],
);
