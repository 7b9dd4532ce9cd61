/**
 * What the OCPP link records: every frame, refused handshakes, DataTransfer payloads.
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { bigserial, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Every OCPP frame in and out (spec: charger log). */
export const chargerLog = pgTable(
  'charger_log',
  {
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
  },
  (t) => [
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
  ],
);

/**
 * Refused OCPP handshakes (unknown or deactivated chargeBoxId, bad password, duplicates), one row
 * per identity + remote address + reason: repeats raise `count` and move `at` (the last time);
 * `first_at` is the first time.
 */
export const connectionAttempt = pgTable(
  'connection_attempt',
  {
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
  },
  (t) => [unique('connection_attempt_key').on(t.identity, t.remoteAddress, t.reason).nullsNotDistinct(), index('connection_attempt_at').on(t.at)],
);

/** DataTransfer payloads from chargers (stored, answered Accepted/UnknownVendorId). */
export const dataTransfer = pgTable('data_transfer', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chargerSn: text('charger_sn').notNull(),
  vendorId: text('vendor_id').notNull(),
  messageId: text('message_id'),
  data: text('data'),
  at: ts('at').notNull().defaultNow(),
});
