/**
 * Charging orders and their meter values, how a home session started, the invoice settings (requirements §3 "Order").
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EnergySplit } from '../../domain/billing.js';
import { createdAt, ts } from './columns.js';
import { charger } from './network.js';

/**
 * Orders: one per OCPP transaction (StartTransaction → StopTransaction).
 * `transactionId` is random (not guessable); a retried Start maps to the same row through the
 * unique (charger, connector, idTag, charger start time) key.
 */
export const chargeOrder = pgTable(
  'charge_order',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    companyCode: text('company_code').notNull(),
    stationId: integer('station_id'),
    chargerId: integer('charger_id')
      .notNull()
      .references(() => charger.id),
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
  },
  (t) => [
    uniqueIndex('charge_order_start_key').on(t.chargerId, t.connectorId, t.idTag, t.chargerStartTime),
    /** At most one open order per connector (a new Start supersedes the stale one). */
    uniqueIndex('charge_order_open_connector').on(t.chargerId, t.connectorId).where(sql`${t.status} = 'CHARGING'`),
    index('charge_order_company_time').on(t.companyCode, t.chargerStartTime),
    index('charge_order_charger').on(t.chargerId, t.status),
  ],
);

/**
 * A power sample's value in kW (SQL over meter_value's `unit` and `value`: W unless the unit is kW);
 * read only where POWER_READABLE holds. The expression of index `meter_value_tx_power`: a query
 * uses the index only with this very text.
 */
export const POWER_KW = "CASE WHEN unit = 'kW' THEN value::numeric ELSE value::numeric / 1000 END";
/** The power samples whose value reads as a decimal of at most 12 + 6 digits (SQL over meter_value). */
export const POWER_READABLE = "measurand = 'Power.Active.Import' AND value ~ '^[0-9]{1,12}([.][0-9]{1,6})?$'";

/** Sampled meter values of a transaction (OCPP MeterValues / StopTransaction.transactionData). */
export const meterValue = pgTable(
  'meter_value',
  {
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
  },
  (t) => [
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
    index('meter_value_tx_power')
      .on(t.transactionId, sql.raw(`(${POWER_KW})`))
      .where(sql.raw(POWER_READABLE)),
  ],
);

/**
 * How a session on a home charger started (requirements §3 "Home order" start type): RESERVE,
 * APP_START, SMART_CHARGING or CARD_SWIPE, noted after its StartTransaction.
 */
export const orderStart = pgTable('order_start', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => chargeOrder.id, { onDelete: 'cascade' }),
  startType: text('start_type').notNull(),
  reservationId: integer('reservation_id'),
});

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
